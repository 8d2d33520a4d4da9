import type { HolidayYear } from './types.ts';

/** Qatar's public holidays in 2026 (docs/working-calendar.md says how this file is kept). */
export const HOLIDAYS_2026: HolidayYear = {
  year: 2026,
  holidays: [
    { from: '2026-02-10', to: '2026-02-10', kind: 'sport-day' },
    { from: '2026-03-17', to: '2026-03-23', kind: 'eid-al-fitr' },
    { from: '2026-05-27', to: '2026-05-29', kind: 'eid-al-adha', expected: true },
    { from: '2026-12-18', to: '2026-12-18', kind: 'national-day' },
  ],
  sources: [
    "Eid al-Fitr: the Amiri Diwan's Eid al-Fitr holiday for ministries, government bodies and public institutions, 17–23 March 2026, work resuming on 24 March (announced March 2026; reported at https://www.probasbarta24.com/?p=16671)",
  ],
};
