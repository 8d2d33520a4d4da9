import type { Reputation } from '@bawaba/shared/contracts';
import { describe, expect, it } from 'vitest';
import { hasReputation, oneDecimal } from './reputation.ts';

const none: Reputation = {
  contractsDelivered: 0,
  averages: { quality: null, timeliness: null, communication: null, paymentOnTime: null },
  overall: null,
  ratingsCount: 0,
};

describe('a company’s reputation on Bawaba', () => {
  it('shows only once it delivered a contract or received a revealed rating', () => {
    expect(hasReputation(undefined)).toBe(false);
    expect(hasReputation(none)).toBe(false);
    expect(hasReputation({ ...none, contractsDelivered: 1 })).toBe(true);
    // A buyer rated on its payments has ratings without delivering any contract.
    expect(hasReputation({ ...none, ratingsCount: 1, overall: 4 })).toBe(true);
  });

  it('writes averages with one decimal', () => {
    expect(oneDecimal(4.3333)).toBe(4.3);
    expect(oneDecimal(4.25)).toBe(4.3);
    expect(oneDecimal(5)).toBe(5);
  });
});
