import { describe, expect, it } from 'vitest';
import { qatarDayEnd, qatarDayStart } from './qatar-day.ts';

describe('Qatar days', () => {
  it('a bare day starts at midnight in Qatar (21:00 UTC the day before) and ends a millisecond before the next', () => {
    expect(qatarDayStart('2026-05-01').toISOString()).toBe('2026-04-30T21:00:00.000Z');
    expect(qatarDayEnd('2026-05-01').toISOString()).toBe('2026-05-01T20:59:59.999Z');
  });

  it('a tender starting at 01:00 in Qatar on 1 May is inside the 1 May filter, not the 30 April one', () => {
    const start = new Date('2026-04-30T22:00:00.000Z');
    expect(start >= qatarDayStart('2026-05-01') && start <= qatarDayEnd('2026-05-01')).toBe(true);
    expect(start <= qatarDayEnd('2026-04-30')).toBe(false);
  });

  it('takes a full timestamp as it is', () => {
    expect(qatarDayStart('2026-05-01T10:00:00Z').toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(qatarDayEnd('2026-05-01T10:00:00Z').toISOString()).toBe('2026-05-01T10:00:00.000Z');
  });
});
