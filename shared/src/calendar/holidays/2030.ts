import type { HolidayYear } from './types.ts';

/** Qatar's public holidays in 2030 (docs/working-calendar.md says how this file is kept). */
export const HOLIDAYS_2030: HolidayYear = {
  year: 2030,
  holidays: [
    { from: '2030-02-04', to: '2030-02-06', kind: 'eid-al-fitr', expected: true },
    { from: '2030-02-12', to: '2030-02-12', kind: 'sport-day' },
    { from: '2030-04-13', to: '2030-04-15', kind: 'eid-al-adha', expected: true },
    { from: '2030-12-18', to: '2030-12-18', kind: 'national-day' },
  ],
  sources: [],
};
