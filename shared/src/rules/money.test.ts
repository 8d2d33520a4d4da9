import { describe, expect, it } from 'vitest';
import { breakdownTotal, lineTotal, roundToCents, toCents } from './money.ts';

describe('the breakdown rounding rule', () => {
  it('rounds to the cent half away from zero, on the decimal value', () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(2.675)).toBe(2.68);
    expect(roundToCents(1.004)).toBe(1);
    expect(roundToCents(-1.005)).toBe(-1.01);
    expect(roundToCents(0.1 + 0.2)).toBe(0.3);
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents(Number.NaN)).toBe(0);
  });

  it('rounds each line, then adds the rounded lines: the lines shown add up to the total shown', () => {
    const lines = [
      { quantity: 3, unitPrice: 0.335 }, // 1.005 → 1.01
      { quantity: 3, unitPrice: 0.335 },
      { quantity: 1, unitPrice: 0.1 },
      { quantity: 2, unitPrice: 0.1 },
    ];
    expect(lines.map(lineTotal)).toEqual([1.01, 1.01, 0.1, 0.2]);
    // Rounding only the raw sum (3 × 0.335 × 2 + 0.3 = 2.31) would show 2.31 under lines adding to 2.32.
    expect(breakdownTotal(lines)).toBe(2.32);
  });

  it('reads form values: numeric text counts, empty or unreadable counts as 0', () => {
    expect(lineTotal({ quantity: '2', unitPrice: '10.5' })).toBe(21);
    expect(lineTotal({ quantity: '', unitPrice: 10 })).toBe(0);
    expect(lineTotal({ quantity: 2, unitPrice: 'abc' })).toBe(0);
    expect(lineTotal({ quantity: null, unitPrice: undefined })).toBe(0);
    expect(breakdownTotal([])).toBe(0);
  });

  it('keeps large amounts exact to the cent', () => {
    expect(
      breakdownTotal([
        { quantity: 1000, unitPrice: 999_999.99 },
        { quantity: 1, unitPrice: 0.01 },
      ]),
    ).toBe(999_999_990.01);
    expect(roundToCents(1e22)).toBe(1e22);
    expect(roundToCents(1e-9)).toBe(0);
  });
});
