import type { Holiday } from './holidays/types.ts';

/**
 * Qatar's public holidays as rules, for a year whose data file does not exist yet (and to write that file, see
 * docs/working-calendar.md): the fixed ones by date, the Eids from the Umm al-Qura calendar (through Intl, no
 * data of our own) for the three days each that the Labour Law gives, marked expected until announced.
 *
 * - National Day: 18 December.
 * - National Sport Day: the second Tuesday of February.
 * - Eid al-Fitr: 1–3 Shawwal; Eid al-Adha: 10–12 Dhu al-Hijjah.
 */

const DAY_MS = 86_400_000;
const dayKey = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);

let hijriParts: Intl.DateTimeFormat | undefined;
/** The Umm al-Qura day and month of a Gregorian day (given as the UTC midnight of that day). */
function hijriDayMonth(utcMs: number): { day: number; month: number } {
  hijriParts ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });
  let day = 0;
  let month = 0;
  for (const p of hijriParts.formatToParts(utcMs)) {
    if (p.type === 'day') day = Number(p.value);
    if (p.type === 'month') month = Number(p.value);
  }
  return { day, month };
}

/** Every Gregorian day of `year` that is `day` of Hijri month `month` (a Gregorian year may hold it twice). */
export function gregorianDaysOf(year: number, month: number, day: number): string[] {
  const found: string[] = [];
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += DAY_MS) {
    const h = hijriDayMonth(t);
    if (h.month === month && h.day === day) found.push(dayKey(t));
  }
  return found;
}

const plusDays = (key: string, days: number) => dayKey(Date.parse(`${key}T00:00:00Z`) + days * DAY_MS);

/** The holidays of `year` by rule: fixed ones confirmed, Eids expected. */
export function ruleHolidays(year: number): Holiday[] {
  const firstFeb = new Date(Date.UTC(year, 1, 1)).getUTCDay();
  const firstTuesday = 1 + ((2 - firstFeb + 7) % 7);
  const holidays: Holiday[] = [
    {
      from: dayKey(Date.UTC(year, 1, firstTuesday + 7)),
      to: dayKey(Date.UTC(year, 1, firstTuesday + 7)),
      kind: 'sport-day',
    },
    { from: `${year}-12-18`, to: `${year}-12-18`, kind: 'national-day' },
  ];
  for (const from of gregorianDaysOf(year, 10, 1))
    holidays.push({ from, to: plusDays(from, 2), kind: 'eid-al-fitr', expected: true });
  for (const from of gregorianDaysOf(year, 12, 10))
    holidays.push({ from, to: plusDays(from, 2), kind: 'eid-al-adha', expected: true });
  return holidays.sort((a, b) => a.from.localeCompare(b.from));
}
