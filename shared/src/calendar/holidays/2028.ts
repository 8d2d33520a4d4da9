import type { HolidayYear } from './types.ts';

/** Qatar's public holidays in 2028 (docs/working-calendar.md says how this file is kept). */
export const HOLIDAYS_2028: HolidayYear = {
  year: 2028,
  holidays: [
    { from: '2028-02-08', to: '2028-02-08', kind: 'sport-day' },
    { from: '2028-02-26', to: '2028-02-28', kind: 'eid-al-fitr', expected: true },
    { from: '2028-05-05', to: '2028-05-07', kind: 'eid-al-adha', expected: true },
    { from: '2028-12-18', to: '2028-12-18', kind: 'national-day' },
  ],
  sources: [],
};
