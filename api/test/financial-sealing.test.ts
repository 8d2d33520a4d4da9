import { describe, expect, it } from 'vitest';
import { financialPartSealed } from '../src/lib/sealing.ts';

const locked = new Date('2026-03-01T09:00:00Z');

describe('the financial part of a proposal', () => {
  it('is never sealed in a one-envelope tender', () => {
    expect(financialPartSealed({ envelopes: 1, technicalLockedAt: null }, { technicalPassed: null })).toBe(
      false,
    );
  });

  it('stays sealed in a two-envelope tender until the technical stage is locked', () => {
    expect(financialPartSealed({ envelopes: 2, technicalLockedAt: null }, { technicalPassed: null })).toBe(
      true,
    );
    expect(financialPartSealed({ envelopes: 2, technicalLockedAt: null }, { technicalPassed: true })).toBe(
      true,
    );
  });

  it('opens at the lock for a proposal that passed, and never for one that did not', () => {
    expect(financialPartSealed({ envelopes: 2, technicalLockedAt: locked }, { technicalPassed: true })).toBe(
      false,
    );
    expect(financialPartSealed({ envelopes: 2, technicalLockedAt: locked }, { technicalPassed: false })).toBe(
      true,
    );
  });
});
