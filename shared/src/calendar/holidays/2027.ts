import type { HolidayYear } from './types.ts';

/** Qatar's public holidays in 2027 (docs/working-calendar.md says how this file is kept). */
export const HOLIDAYS_2027: HolidayYear = {
  year: 2027,
  holidays: [
    { from: '2027-02-09', to: '2027-02-09', kind: 'sport-day' },
    { from: '2027-03-09', to: '2027-03-11', kind: 'eid-al-fitr', expected: true },
    { from: '2027-05-16', to: '2027-05-18', kind: 'eid-al-adha', expected: true },
    { from: '2027-12-18', to: '2027-12-18', kind: 'national-day' },
  ],
  sources: [],
};
