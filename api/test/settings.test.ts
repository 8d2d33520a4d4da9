/**
 * The user's own settings: partial updates of the email choices merge, and the stored language (the one mails and
 * live events use) changes only when the user chooses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeApp, outbox, type TestApp, tokenFromLink } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp({
    seed: false,
    env: { rateLimits: { login: 100, register: 100, forgot: 100, upload: 100, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await app.cleanup();
});

/** A new account (registered with `headers`, password set through the mailed link): its token. */
async function newAccount(email: string, headers: Record<string, string> = {}) {
  expect(
    (await call(app, 'POST', '/auth/register', { payload: { name: 'New One', email }, headers })).status,
  ).toBe(200);
  const link = outbox(app).find((m) => m.to === email)!.link!;
  const set = await call(app, 'POST', '/auth/set-password', {
    payload: { verificationToken: tokenFromLink(link), newPassword: 'secret1', confirmPassword: 'secret1' },
  });
  expect(set.status).toBe(200);
  return set.body.data.accessToken as string;
}

describe('settings', () => {
  it('a partial emailPrefs update changes only the groups it names', async () => {
    const token = await newAccount('prefs@x.qa');
    const first = await call(app, 'PATCH', '/users/me', {
      token,
      payload: { emailPrefs: { requests: false } },
    });
    expect(first.body.data.emailPrefs).toEqual({
      requests: false,
      followed: true,
      my_tenders: true,
      my_proposals: true,
    });
    const second = await call(app, 'PATCH', '/users/me', {
      token,
      payload: { emailPrefs: { followed: false, my_tenders: false } },
    });
    const both = { requests: false, followed: false, my_tenders: false, my_proposals: true };
    expect(second.body.data.emailPrefs).toEqual(both);
    const third = await call(app, 'PATCH', '/users/me', {
      token,
      payload: { emailPrefs: { followed: true } },
    });
    expect(third.body.data.emailPrefs).toEqual({ ...both, followed: true });
    // Other fields leave the choices alone, and a new session reads what was stored.
    await call(app, 'PATCH', '/users/me', { token, payload: { name: 'Prefs Kept' } });
    const again = await login(app, 'prefs@x.qa', 'secret1');
    expect((await call(app, 'GET', '/users/me', { token: again })).body.data.emailPrefs).toEqual({
      ...both,
      followed: true,
    });
  });

  it('the stored language changes only when the user chooses it, whatever language the calls are sent in', async () => {
    const ar = { 'accept-language': 'ar' };
    const token = await newAccount('language@x.qa');
    const stored = async () => (await call(app, 'GET', '/users/me', { token })).body.data.language;
    expect(await stored()).toBe('en');
    // Reads and writes sent in Arabic answer in Arabic but leave the stored language alone.
    const read = await call(app, 'GET', '/users/me', { token, headers: ar });
    expect(read.body.data.language).toBe('en');
    expect(
      (await call(app, 'PATCH', '/users/me', { token, payload: { name: 'Still English' }, headers: ar }))
        .status,
    ).toBe(200);
    const refused = await call(app, 'POST', '/follows', { token, payload: {}, headers: ar });
    expect(refused.body.message).toMatch(/^يرجى التحقق من المدخلات/);
    expect(await stored()).toBe('en');
    // The language switch (PATCH /users/me) is the choice; later calls in English keep it.
    const chosen = await call(app, 'PATCH', '/users/me', { token, payload: { language: 'ar' } });
    expect(chosen.body.data.language).toBe('ar');
    await call(app, 'PATCH', '/users/me', {
      token,
      payload: { name: 'Now Arabic' },
      headers: { 'accept-language': 'en' },
    });
    expect(await stored()).toBe('ar');
    const again = await login(app, 'language@x.qa', 'secret1');
    expect(
      (await call(app, 'GET', '/users/me', { token: again, headers: { 'accept-language': 'en' } })).body.data
        .language,
    ).toBe('ar');
  });

  it('a new account starts in the language the site was in when it registered', async () => {
    const arabic = await newAccount('registered-in-arabic@x.qa', { 'accept-language': 'ar' });
    expect((await call(app, 'GET', '/users/me', { token: arabic })).body.data.language).toBe('ar');
    const english = await newAccount('registered-in-english@x.qa', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(
      (await call(app, 'GET', '/users/me', { token: english, headers: { 'accept-language': 'ar' } })).body
        .data.language,
    ).toBe('en');
  });
});
