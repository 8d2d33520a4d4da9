/**
 * Qatar's working calendar, pure and bundled into each app (no singleton state): the working days the deadline
 * rules count, and the public holidays from the yearly data files. Import from '@bawaba/shared/calendar'; Hijri
 * dates have their own entry, '@bawaba/shared/hijri' (./hijri.ts), so that a page showing dates does not load the
 * holidays.
 */
export type { Holiday, HolidayKind } from './holidays/types.ts';
export {
  addWorkingDays,
  dayOff,
  holidayOn,
  isWorkingDay,
  onWorkingDayOrBefore,
  qatarDayOf,
} from './working-days.ts';
