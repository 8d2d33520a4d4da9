import { describe, expect, it } from 'vitest';
import { actionKey, newUuid } from './idempotency.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('actionKey', () => {
  it('keeps the key while the same body is retried, and changes it after success or a changed body', () => {
    const k = actionKey();
    const first = k.for({ tender: 1 });
    expect(first).toMatch(UUID);
    expect(k.for({ tender: 1 })).toBe(first); // retry after an error or a timeout
    const edited = k.for({ tender: 2 });
    expect(edited).not.toBe(first); // another submission
    k.done();
    expect(k.for({ tender: 2 })).not.toBe(edited); // a new action after success
  });

  it('works without a body (a call with none)', () => {
    const k = actionKey();
    expect(k.for()).toBe(k.for());
  });
});

describe('newUuid', () => {
  it('makes v4 UUIDs, also where crypto.randomUUID is missing (plain http origins)', () => {
    expect(newUuid()).toMatch(UUID);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = newUuid();
      expect(a).toMatch(UUID);
      expect(newUuid()).not.toBe(a);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
