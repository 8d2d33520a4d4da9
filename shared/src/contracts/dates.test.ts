import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { INVALID_DATE_MESSAGE, IsoDate, isCalendarDate } from './common.ts';

describe('contract dates', () => {
  it('accept real ISO dates and timestamps in the years 1900–2999', () => {
    for (const ok of [
      '2026-02-28',
      '2028-02-29',
      '1900-01-01',
      '2999-12-31',
      '2026-05-01T10:30',
      '2026-05-01T10:30:15Z',
      '2026-05-01T10:30:15.123+03:00',
    ]) {
      expect(isCalendarDate(ok), ok).toBe(true);
    }
  });

  it('refuse impossible days, five-digit or out-of-range years, and things that are not dates', () => {
    for (const bad of [
      '2026-02-30',
      '2027-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '10000-01-01',
      '+010000-01-01T00:00:00.000Z',
      '1899-12-31',
      '3000-01-01',
      '0',
      '12/05/2026',
      '2026-05-01T24:00:00Z',
      '2026-5-1',
      '',
    ]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it('a schema date answers the required message when empty and the date rule otherwise', () => {
    const schema = IsoDate('Start Date is required.');
    const issue = (input: unknown) => {
      const r = v.safeParse(schema, input);
      return r.success ? null : r.issues[0]?.message;
    };
    expect(issue('')).toBe('Start Date is required.');
    expect(issue('10000-01-01')).toBe(INVALID_DATE_MESSAGE);
    expect(issue('2026-02-30')).toBe(INVALID_DATE_MESSAGE);
    expect(issue('2026-03-02')).toBeNull();
  });
});
