import { describe, expect, it } from 'vitest';
import { fromQatarDateTime, toQatarDateTime } from './qatar-time.ts';

describe('deadlines on the Qatar clock', () => {
  it('show an instant as Qatar wall time, whatever the browser clock', () => {
    expect(toQatarDateTime('2026-12-17T10:00:00.000Z')).toBe('2026-12-17T13:00');
    expect(toQatarDateTime('2026-12-17T22:30:00.000Z')).toBe('2026-12-18T01:30');
    expect(toQatarDateTime(null)).toBe('');
  });

  it('read an entered time as Qatar time', () => {
    expect(fromQatarDateTime('2026-12-17T13:00')).toBe('2026-12-17T10:00:00.000Z');
    expect(fromQatarDateTime('')).toBe('');
  });
});
