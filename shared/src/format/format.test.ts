import { describe, expect, it } from 'vitest';
import {
  clampPage,
  daysAgo,
  formatDate,
  formatMoney,
  pageCount,
  pageSlice,
  relativeAge,
  truncate,
} from './index.ts';

describe('truncate', () => {
  it('keeps short titles and cuts long ones at the limit', () => {
    expect(truncate('Road maintenance', 30)).toBe('Road maintenance');
    expect(truncate('Supply and installation of HVAC units for Lusail', 30)).toBe(
      'Supply and installation of HVA…',
    );
    expect(truncate('x'.repeat(35), 35)).toBe('x'.repeat(35));
  });
  it('counts Arabic characters, not bytes', () => {
    expect(truncate('صيانة الطرق في الدوحة', 5)).toBe('صيانة…');
  });
});

describe('formatDate', () => {
  it('formats dd/MM/yyyy in Qatar time', () => {
    expect(formatDate('2026-03-04T10:00:00Z')).toBe('04/03/2026');
    // 23:30 UTC is already the next day in Doha (UTC+3).
    expect(formatDate('2026-03-04T23:30:00Z')).toBe('05/03/2026');
  });
  it('is empty for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('daysAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is 0 for today and counts calendar days', () => {
    expect(daysAgo('2026-11-22T01:00:00Z', now)).toBe(0);
    expect(daysAgo('2026-11-21T23:00:00Z', now)).toBe(0); // already the 22nd in Doha
    expect(daysAgo('2026-11-20T12:00:00Z', now)).toBe(2);
  });
});

describe('relativeAge thresholds (60 s, 1 h, 1 day, 30 days, 12 months)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [59_000, { value: 59, unit: 'second' }],
    [60_000, { value: 1, unit: 'minute' }],
    [59 * 60_000, { value: 59, unit: 'minute' }],
    [60 * 60_000, { value: 1, unit: 'hour' }],
    [23 * 3_600_000, { value: 23, unit: 'hour' }],
    [24 * 3_600_000, { value: 1, unit: 'day' }],
    [29 * 86_400_000, { value: 29, unit: 'day' }],
    [30 * 86_400_000, { value: 1, unit: 'month' }],
    [359 * 86_400_000, { value: 11, unit: 'month' }],
    [360 * 86_400_000, { value: 1, unit: 'year' }],
  ])('%i ms ago', (ms, expected) => {
    expect(relativeAge(ago(ms), now)).toEqual(expected);
  });
});

describe('paging', () => {
  it('computes bounded pages', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(11, 5)).toBe(3);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(pageSlice([1, 2, 3, 4, 5, 6, 7, 8, 9], 3, 4)).toEqual([9]);
    expect(pageSlice([1, 2, 3], 9, 4)).toEqual([1, 2, 3]);
  });
});

describe('formatMoney', () => {
  it('writes every currency one way per language: the code first in English, the Arabic name after in Arabic', () => {
    const plain = (s: string) => s.replace(/\s/g, ' ');
    expect(plain(formatMoney(1500, 'en'))).toBe('QAR 1,500.00');
    expect(plain(formatMoney(150100, 'en', 'QAR'))).toBe('QAR 150,100.00');
    expect(plain(formatMoney(150100, 'en', 'USD'))).toBe('USD 150,100.00');
    expect(plain(formatMoney(150100, 'ar', 'QAR'))).toBe('١٥٠٬١٠٠٫٠٠ ريال قطري');
    expect(plain(formatMoney(150100, 'ar', 'USD'))).toBe('١٥٠٬١٠٠٫٠٠ دولار أمريكي');
    expect(plain(formatMoney(99.5, 'ar', 'USD'))).toBe('٩٩٫٥٠ دولار أمريكي');
    // Nothing Latin and no direction marks in Arabic: the amount and the currency read in one order.
    for (const currency of ['QAR', 'USD', 'EUR'])
      expect(formatMoney(150100, 'ar', currency)).not.toMatch(/[A-Za-z$€\u200e\u200f]/);
  });
});
