import { LoginBody, UpdateProfileBody } from '@bawaba/shared/contracts';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../src/errors.ts';
import { parse } from '../src/http.ts';

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

describe('parsing a request body', () => {
  it('keeps only the keys the caller sent (a partial update names only what it changes)', () => {
    expect(parse(UpdateProfileBody, { emailPrefs: { requests: false } })).toStrictEqual({
      emailPrefs: { requests: false },
    });
    expect(parse(UpdateProfileBody, {})).toStrictEqual({});
  });

  it('words a missing field with its own message, not valibot’s "Invalid key"', () => {
    expect(() => parse(LoginBody, { email: 'a@b.qa' })).toThrow(
      expect.objectContaining({ issues: [{ field: 'password', message: 'Password is required.' }] }),
    );
  });
});
