import type { HolidayYear } from './types.ts';

/** Qatar's public holidays in 2029 (docs/working-calendar.md says how this file is kept). */
export const HOLIDAYS_2029: HolidayYear = {
  year: 2029,
  holidays: [
    { from: '2029-02-13', to: '2029-02-13', kind: 'sport-day' },
    { from: '2029-02-14', to: '2029-02-16', kind: 'eid-al-fitr', expected: true },
    { from: '2029-04-24', to: '2029-04-26', kind: 'eid-al-adha', expected: true },
    { from: '2029-12-18', to: '2029-12-18', kind: 'national-day' },
  ],
  sources: [],
};
