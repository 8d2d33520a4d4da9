import { describe, expect, it } from 'vitest';
import { concernsContract, contractIdOf, paidAmount } from './contracts.ts';

describe('the contracts area’s paths', () => {
  it('reads the contract id below /account/contracts, and nothing else', () => {
    expect(contractIdOf(undefined)).toBeNull();
    expect(contractIdOf('')).toBeNull();
    expect(contractIdOf('12')).toBe(12);
    expect(contractIdOf('12/')).toBe(12);
    expect(contractIdOf('12abc')).toBeNull();
    expect(contractIdOf('new')).toBeNull();
  });

  it('knows which notifications concern the open contract', () => {
    expect(concernsContract('/account/contracts/7', 7)).toBe(true);
    expect(concernsContract('/account/contracts/7#milestone-3', 7)).toBe(true);
    expect(concernsContract('/account/contracts/7?tab=history', 7)).toBe(true);
    expect(concernsContract('https://bawaba.qa/account/contracts/7', 7)).toBe(true);
    expect(concernsContract('/account/contracts/70', 7)).toBe(false);
    expect(concernsContract('/account/contracts', 7)).toBe(false);
    expect(concernsContract('/tender-profile/7', 7)).toBe(false);
    expect(concernsContract(null, 7)).toBe(false);
  });
});

describe('the figures of a contract', () => {
  it('adds the payments recorded', () => {
    expect(paidAmount([{ payment: { amount: 100 } }, { payment: null }, { payment: { amount: 50.5 } }])).toBe(
      150.5,
    );
    expect(paidAmount([])).toBe(0);
  });
});
