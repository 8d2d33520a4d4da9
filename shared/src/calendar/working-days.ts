import { ruleHolidays } from './holiday-rules.ts';
import { HOLIDAY_YEARS } from './holidays/index.ts';
import type { Holiday } from './holidays/types.ts';

/**
 * Qatar's working calendar: Sunday to Thursday, minus the public holidays of the yearly data files
 * (./holidays/, kept as docs/working-calendar.md says; a year without a file falls back to the rules of
 * ./holiday-rules.ts). Days are Qatar days (UTC+3 all year, no daylight saving), so moving an instant by whole
 * days keeps its time of day. The ONE calendar of the deadline rules, on the server and on the pages.
 */

const DAY_MS = 86_400_000;
const QATAR_OFFSET_MS = 3 * 3_600_000;
const FRIDAY = 5;
const SATURDAY = 6;

const instant = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());

/** The Qatar calendar day of an instant, yyyy-mm-dd. */
export const qatarDayOf = (at: Date | number): string =>
  new Date(instant(at) + QATAR_OFFSET_MS).toISOString().slice(0, 10);

/**
 * A Qatar day as a number (days since 1970-01-01, a Thursday): the deadline rules step through days by the thousand
 * on a tender list, and a number costs no date text to make and parse at each step.
 */
const dayNumberOf = (t: number): number => Math.floor((t + QATAR_OFFSET_MS) / DAY_MS);
const dayNumberOfKey = (key: string): number => Date.parse(`${key.slice(0, 10)}T00:00:00Z`) / DAY_MS;
const dayNumber = (day: string | Date | number): number =>
  typeof day === 'string' ? dayNumberOfKey(day) : dayNumberOf(instant(day));
/** 0 Sunday … 6 Saturday, as `Date.getUTCDay`. */
const weekdayOf = (n: number): number => (((n + 4) % 7) + 7) % 7;

let byDay: Map<number, Holiday> | undefined;
/** The years whose holidays are in the table (from a data file, or added from the rules on first use). */
let coveredYears: Set<number> | undefined;

/** The holiday on each day, built on first use (a bundle that never asks pays nothing at load). */
function holidayTable(): Map<number, Holiday> {
  if (!byDay) {
    byDay = new Map();
    coveredYears = new Set();
    for (const { year, holidays } of HOLIDAY_YEARS) {
      coveredYears.add(year);
      addHolidays(byDay, holidays);
    }
  }
  return byDay;
}

function addHolidays(table: Map<number, Holiday>, holidays: readonly Holiday[]): void {
  for (const h of holidays)
    for (let n = dayNumberOfKey(h.from); n <= dayNumberOfKey(h.to); n++) table.set(n, h);
}

function holidayOnDay(n: number): Holiday | null {
  const table = holidayTable();
  const year = new Date(n * DAY_MS).getUTCFullYear();
  if (!coveredYears?.has(year)) {
    coveredYears?.add(year);
    addHolidays(table, ruleHolidays(year));
  }
  return table.get(n) ?? null;
}

/** The public holiday on a Qatar day (yyyy-mm-dd or an instant), or null. */
export function holidayOn(day: string | Date | number): Holiday | null {
  return holidayOnDay(dayNumber(day));
}

/** Why a Qatar day is not a working day: the weekend (Friday, Saturday) or a holiday; null for a working day. */
export function dayOff(
  day: string | Date | number,
): { reason: 'weekend' } | { reason: 'holiday'; holiday: Holiday } | null {
  const n = dayNumber(day);
  const holiday = holidayOnDay(n);
  if (holiday) return { reason: 'holiday', holiday };
  const weekday = weekdayOf(n);
  if (weekday === FRIDAY || weekday === SATURDAY) return { reason: 'weekend' };
  return null;
}

export const isWorkingDay = (day: string | Date | number): boolean => dayOff(day) === null;

/**
 * The instant `days` working days after `at` (before it for a negative count), at the same Qatar time of day:
 * each step moves to the next (previous) day and on over the days off. Zero days: `at` itself.
 */
export function addWorkingDays(at: Date | number, days: number): Date {
  const step = days < 0 ? -DAY_MS : DAY_MS;
  let t = instant(at);
  for (let left = Math.abs(Math.trunc(days)); left > 0; left--) {
    t += step;
    while (!isWorkingDay(t)) t += step;
  }
  return new Date(t);
}

/** `at` itself on a working day; on a day off, the same Qatar time of the working day before it. */
export function onWorkingDayOrBefore(at: Date | number): Date {
  let t = instant(at);
  while (!isWorkingDay(t)) t -= DAY_MS;
  return new Date(t);
}
