import { HOLIDAYS_2026 } from './2026.ts';
import { HOLIDAYS_2027 } from './2027.ts';
import { HOLIDAYS_2028 } from './2028.ts';
import { HOLIDAYS_2029 } from './2029.ts';
import { HOLIDAYS_2030 } from './2030.ts';
import type { HolidayYear } from './types.ts';

/** Every year's data file (one per year, docs/working-calendar.md); a year missing here falls back to the rules. */
export const HOLIDAY_YEARS: readonly HolidayYear[] = [
  HOLIDAYS_2026,
  HOLIDAYS_2027,
  HOLIDAYS_2028,
  HOLIDAYS_2029,
  HOLIDAYS_2030,
];
