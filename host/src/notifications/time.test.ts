import { formatRelativeAge } from '@bawaba/shared';
import { describe, expect, it } from 'vitest';

/** What a notification shows as its age (docs/product-spec.md §9 thresholds), in both languages. */
describe('notification relative time display', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
  const MIN = 60;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    [0, 'now'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [2 * DAY, '2 days ago'],
    [29 * DAY, '29 days ago'],
    [30 * DAY, 'last month'],
    [11 * 30 * DAY, '11 months ago'],
    [12 * 30 * DAY, 'last year'],
    [3 * 12 * 30 * DAY, '3 years ago'],
  ])('%i s ago reads "%s" in English', (seconds, text) => {
    expect(formatRelativeAge(ago(seconds), 'en', now)).toBe(text);
  });

  it.each([
    [5 * MIN, 'قبل ٥ دقائق'],
    [3 * HOUR, 'قبل ٣ ساعات'],
    [DAY, 'أمس'],
    [60 * DAY, 'قبل شهرين'],
  ])('%i s ago reads "%s" in Arabic', (seconds, text) => {
    expect(formatRelativeAge(ago(seconds), 'ar', now)).toBe(text);
  });

  it('a date in the future (clock skew) reads as now, never "in 3 seconds"', () => {
    expect(formatRelativeAge(new Date(now.getTime() + 3000).toISOString(), 'en', now)).toBe('now');
  });
});
