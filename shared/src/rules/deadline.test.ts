import { describe, expect, it } from 'vitest';
import { isPastDeadline } from './deadline.ts';

const deadline = '2026-05-10T12:00:00.000Z';

describe('isPastDeadline', () => {
  it('has passed from the deadline instant on, not before', () => {
    expect(isPastDeadline(deadline, new Date('2026-05-10T11:59:59.999Z'))).toBe(false);
    expect(isPastDeadline(deadline, new Date('2026-05-10T12:00:00.000Z'))).toBe(true);
    expect(isPastDeadline(deadline, Date.parse('2026-06-01T00:00:00Z'))).toBe(true);
  });

  it('takes a Date as the deadline too', () => {
    expect(isPastDeadline(new Date(deadline), Date.parse(deadline) - 1)).toBe(false);
    expect(isPastDeadline(new Date(deadline), Date.parse(deadline))).toBe(true);
  });

  it('never closes a tender without a deadline, or with one it cannot read', () => {
    for (const none of [null, undefined, '', 'not a date'])
      expect(isPastDeadline(none, Date.parse('2999-01-01T00:00:00Z'))).toBe(false);
  });

  it('uses the current time by default', () => {
    expect(isPastDeadline(new Date(Date.now() - 60_000))).toBe(true);
    expect(isPastDeadline(new Date(Date.now() + 60_000))).toBe(false);
  });
});
