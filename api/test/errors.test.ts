import { describe, expect, it } from 'vitest';
import { ERRORS } from '../src/errors.ts';

describe('error table', () => {
  it('has an English and an Arabic message for every code', () => {
    for (const [code, e] of Object.entries(ERRORS)) {
      expect(e.en.trim(), code).not.toBe('');
      expect(e.ar.trim(), code).not.toBe('');
      expect(e.ar, code).toMatch(/[\u0600-\u06FF]/);
      expect(e.status, code).toBeGreaterThanOrEqual(400);
    }
  });
});
