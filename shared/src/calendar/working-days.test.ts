import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gregorianDaysOf, ruleHolidays } from './holiday-rules.ts';
import { HOLIDAY_YEARS } from './holidays/index.ts';
import { addWorkingDays, dayOff, holidayOn, isWorkingDay, onWorkingDayOrBefore } from './working-days.ts';

/** 10:00 in Qatar on a day (07:00 UTC). */
const at10 = (day: string) => new Date(`${day}T10:00:00+03:00`);

describe('Qatar working days', () => {
  it('are Sunday to Thursday: Friday and Saturday are the weekend, in Qatar time', () => {
    // 2027-01-03 is a Sunday.
    const week = [
      '2027-01-03',
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
      '2027-01-09',
    ];
    expect(week.map((d) => isWorkingDay(d))).toEqual([true, true, true, true, true, false, false]);
    expect(dayOff('2027-01-08')).toEqual({ reason: 'weekend' });
    // 22:00 UTC on Thursday is 01:00 on Friday in Qatar.
    expect(isWorkingDay(new Date('2027-01-07T22:00:00Z'))).toBe(false);
    expect(isWorkingDay(new Date('2027-01-07T20:59:59Z'))).toBe(true);
  });

  it('exclude the fixed holidays of 2026–2030: National Day (18 December) and National Sport Day (second Tuesday of February)', () => {
    for (const day of ['2027-12-18', '2028-12-18', '2029-12-18', '2030-12-18'])
      expect(holidayOn(day)?.kind).toBe('national-day');
    expect(isWorkingDay('2028-12-18')).toBe(false); // a Monday
    expect(isWorkingDay('2030-12-18')).toBe(false); // a Wednesday
    for (const day of ['2026-02-10', '2027-02-09', '2028-02-08', '2029-02-13', '2030-02-12']) {
      expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(2);
      expect(dayOff(day)).toEqual({
        reason: 'holiday',
        holiday: expect.objectContaining({ kind: 'sport-day' }),
      });
    }
    expect(isWorkingDay('2027-02-02')).toBe(true); // the first Tuesday is a working day
  });

  it('exclude the Eid breaks: announced (2026 Eid al-Fitr, 17–23 March) and expected from the Umm al-Qura calendar', () => {
    expect(holidayOn('2026-03-17')).toMatchObject({ kind: 'eid-al-fitr' });
    expect(holidayOn('2026-03-23')?.expected).toBeUndefined();
    expect(isWorkingDay('2026-03-16')).toBe(true);
    expect(isWorkingDay('2026-03-24')).toBe(true);
    // 1 Shawwal 1448 = 9 March 2027 (Umm al-Qura): 9–11 March expected.
    expect(holidayOn('2027-03-09')).toMatchObject({ kind: 'eid-al-fitr', expected: true });
    expect(isWorkingDay('2027-03-11')).toBe(false);
    expect(isWorkingDay('2027-03-14')).toBe(true);
    // 10 Dhu al-Hijjah 1450 = 24 April 2029: 24–26 April expected.
    expect(holidayOn('2029-04-25')).toMatchObject({ kind: 'eid-al-adha', expected: true });
  });

  it('count forward and back over weekends and holidays, keeping the time of day', () => {
    expect(addWorkingDays(at10('2027-01-07'), 1)).toEqual(at10('2027-01-10')); // Thursday → Sunday
    expect(addWorkingDays(at10('2027-01-10'), -1)).toEqual(at10('2027-01-07'));
    expect(addWorkingDays(at10('2027-03-08'), 1)).toEqual(at10('2027-03-14')); // over Eid al-Fitr and a weekend
    expect(addWorkingDays(at10('2027-01-08'), 0)).toEqual(at10('2027-01-08'));
    expect(onWorkingDayOrBefore(at10('2027-01-09'))).toEqual(at10('2027-01-07')); // Saturday → Thursday
    expect(onWorkingDayOrBefore(at10('2027-01-06'))).toEqual(at10('2027-01-06'));
  });

  it('fall back to the rules for a year without a data file', () => {
    const year = Math.max(...HOLIDAY_YEARS.map((y) => y.year)) + 5;
    expect(holidayOn(`${year}-12-18`)?.kind).toBe('national-day');
    const [eid] = gregorianDaysOf(year, 10, 1);
    expect(holidayOn(eid!)).toMatchObject({ kind: 'eid-al-fitr', expected: true });
  });
});

describe('the yearly holiday files', () => {
  const files = readdirSync(path.join(import.meta.dirname, 'holidays')).filter((f) => /^\d{4}\.ts$/.test(f));

  it('exist for this year and next year: add next year before it starts (docs/working-calendar.md)', () => {
    const thisYear = new Date().getUTCFullYear();
    const years = HOLIDAY_YEARS.map((y) => y.year);
    expect(years).toContain(thisYear);
    expect(
      years,
      `holidays/${thisYear + 1}.ts is missing: pnpm exec node scripts/calendar/new-year.ts ${thisYear + 1}`,
    ).toContain(thisYear + 1);
  });

  it('cover 2026–2030, one file a year, each registered under its own year', () => {
    const years = HOLIDAY_YEARS.map((y) => y.year);
    for (const year of [2026, 2027, 2028, 2029, 2030]) expect(years).toContain(year);
    expect(files.map((f) => Number(f.slice(0, 4))).sort()).toEqual([...years].sort());
    for (const y of HOLIDAY_YEARS)
      for (const h of y.holidays) expect(h.from.slice(0, 4)).toBe(String(y.year));
  });

  it('hold the fixed holidays the rules give, and Eids that start on or around the Umm al-Qura day', () => {
    for (const y of HOLIDAY_YEARS) {
      const rules = ruleHolidays(y.year);
      const fixed = (hs: readonly { kind: string }[]) =>
        hs.filter((h) => h.kind === 'national-day' || h.kind === 'sport-day');
      expect(fixed(y.holidays)).toEqual(fixed(rules));
      for (const kind of ['eid-al-fitr', 'eid-al-adha'] as const) {
        const byRule = rules.filter((h) => h.kind === kind);
        const inFile = y.holidays.filter((h) => h.kind === kind);
        expect(inFile).toHaveLength(byRule.length);
        inFile.forEach((h, i) => {
          // An announced break may start a few days before the Eid (government breaks do) and covers its first day.
          const eidDay = byRule[i]!.from;
          if (h.expected) expect(h).toEqual(byRule[i]);
          else expect(h.from <= eidDay && h.to >= eidDay).toBe(true);
        });
      }
      const confirmedEids = y.holidays.filter((h) => h.kind.startsWith('eid') && !h.expected);
      if (confirmedEids.length > 0) expect(y.sources.length).toBeGreaterThan(0);
    }
  });
});
