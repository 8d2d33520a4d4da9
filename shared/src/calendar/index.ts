/**
 * Qatar's calendars, pure and bundled into each app (no singleton state): the working calendar the deadline rules
 * count (working days, public holidays from the yearly data files) and Hijri dates of the Umm al-Qura calendar.
 * Import from '@bawaba/shared/calendar'.
 */
export { type Digits, formatHijri, hijriDate } from './hijri.ts';
export type { Holiday, HolidayKind } from './holidays/types.ts';
export {
  addWorkingDays,
  dayOff,
  holidayOn,
  isWorkingDay,
  onWorkingDayOrBefore,
  qatarDayOf,
} from './working-days.ts';
