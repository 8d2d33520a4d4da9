/**
 * Writes a year's holiday data file (shared/src/calendar/holidays/<year>.ts) from the rules: the fixed holidays,
 * and the Eids from the Umm al-Qura calendar marked expected. Then register it in holidays/index.ts and, once the
 * Eid breaks are announced, replace their days and drop `expected` (docs/working-calendar.md).
 *
 *   pnpm exec node scripts/calendar/new-year.ts 2031
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ruleHolidays } from '../../shared/src/calendar/holiday-rules.ts';
import { ROOT as root } from '../lib.ts';

const year = Number(process.argv[2]);
if (!Number.isInteger(year) || year < 2000 || year > 2100) {
  console.error('Usage: node scripts/calendar/new-year.ts <year>');
  process.exit(1);
}
const file = path.join(root, 'shared/src/calendar/holidays', `${year}.ts`);
if (existsSync(file)) {
  console.error(`${path.relative(root, file)} exists already: edit it.`);
  process.exit(1);
}
const lines = ruleHolidays(year).map(
  (h) =>
    `    ${JSON.stringify(h)
      .replace(/"(\w+)":/g, '$1: ')
      .replace(/"/g, "'")},`,
);
writeFileSync(
  file,
  `import type { HolidayYear } from './types.ts';

/** Qatar's public holidays in ${year} (docs/working-calendar.md says how this file is kept). */
export const HOLIDAYS_${year}: HolidayYear = {
  year: ${year},
  holidays: [
${lines.join('\n')}
  ],
  sources: [],
};
`,
);
console.log(`Wrote ${path.relative(root, file)}: register it in holidays/index.ts.`);
