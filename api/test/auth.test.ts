import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIDDER,
  call,
  login,
  makeApp,
  OWNER,
  outbox,
  PASSWORD,
  type TestApp,
  tokenFromLink,
} from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.cleanup();
});

describe('register and set password', () => {
  it('mails a set-password link, and the token signs the user in once', async () => {
    const r = await call(app, 'POST', '/auth/register', {
      payload: { name: 'Noura Test', email: 'Noura@Example.qa', companyName: 'Noura Trading' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { ok: true } });
    const mail = outbox(app).find((m) => m.to === 'noura@example.qa');
    expect(mail?.link).toMatch(/^http:\/\/localhost:4000\/set-password\?verificationToken=/);
    const verificationToken = tokenFromLink(mail!.link!);

    const mismatch = await call(app, 'POST', '/auth/set-password', {
      payload: { verificationToken, newPassword: 'abcdef', confirmPassword: 'abcdeg' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toBe('confirmPassword: Passwords do not match.');
    expect(mismatch.body.code).toBe('VALIDATION_FAILED');

    const short = await call(app, 'POST', '/auth/set-password', {
      payload: { verificationToken, newPassword: 'abc', confirmPassword: 'abc' },
    });
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('newPassword: Password must be at least 6 characters long.');

    const ok = await call(app, 'POST', '/auth/set-password', {
      payload: { verificationToken, newPassword: 'secret1', confirmPassword: 'secret1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({
      name: 'Noura Test',
      email: 'noura@example.qa',
      isAdmin: false,
      imageUrl: null,
      // A company is created only with its complete profile (services included), never from sign-up.
      companyName: null,
      hasCompany: false,
    });
    const me = await call(app, 'GET', '/users/me', { token: ok.body.data.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('noura@example.qa');

    const again = await call(app, 'POST', '/auth/set-password', {
      payload: { verificationToken, newPassword: 'secret2', confirmPassword: 'secret2' },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_VERIFICATION_TOKEN');
    expect(again.body.message).toBe('Invalid or missing verification token.');

    const stored = await app.ctx.database.db.execute(
      "select password_hash from users where email = 'noura@example.qa'" as never,
    );
    expect((stored.rows[0] as { password_hash: string }).password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers the same for a known email and sends no second mail', async () => {
    const before = outbox(app).length;
    const r = await call(app, 'POST', '/auth/register', { payload: { name: 'X', email: OWNER } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { ok: true } });
    expect(outbox(app).length).toBe(before);
  });

  it('rejects an invalid email with 422 naming the field', async () => {
    const r = await call(app, 'POST', '/auth/register', { payload: { name: 'X', email: 'nope' } });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('email: Please enter a valid email address.');
    expect(r.body.issues[0].field).toBe('email');
    const ar = await call(app, 'POST', '/auth/register', {
      payload: { name: 'X', email: 'nope' },
      headers: { 'accept-language': 'ar-QA,ar;q=0.9' },
    });
    expect(ar.body.message).toBe('يرجى التحقق من المدخلات — email: يرجى إدخال بريد إلكتروني صالح.');
  });
});

describe('login, logout, tokens', () => {
  it('signs in the demo accounts and refuses wrong passwords the same way as unknown emails', async () => {
    const ok = await call(app, 'POST', '/auth/login', { payload: { email: OWNER, password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email: OWNER, isAdmin: false, hasCompany: true });
    const wrong = await call(app, 'POST', '/auth/login', {
      payload: { email: OWNER, password: 'nope-nope' },
    });
    const unknown = await call(app, 'POST', '/auth/login', {
      payload: { email: 'ghost@x.qa', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers in Arabic when asked', async () => {
    const r = await call(app, 'POST', '/auth/login', {
      payload: { email: OWNER, password: 'nope-nope' },
      headers: { 'accept-language': 'ar' },
    });
    expect(r.body.message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });

  it('logout revokes the session', async () => {
    const token = await login(app, BIDDER);
    expect((await call(app, 'GET', '/users/me', { token })).status).toBe(200);
    expect((await call(app, 'POST', '/auth/logout', { token })).status).toBe(200);
    const after = await call(app, 'GET', '/users/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('SESSION_EXPIRED');
  });

  it('refuses tokens signed with another algorithm or secret, and requests without a token', async () => {
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(app.ctx.config.jwtSecret));
    expect((await call(app, 'GET', '/users/me', { token: forged })).status).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"1","sid":"x"}').toString('base64url')}.`;
    expect((await call(app, 'GET', '/users/me', { token: unsigned })).status).toBe(401);
    const none = await call(app, 'GET', '/users/me');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('UNAUTHORIZED');
  });

  it('change password checks the current one and revokes the other sessions', async () => {
    await call(app, 'POST', '/auth/register', { payload: { name: 'Changer', email: 'changer@x.qa' } });
    const link = outbox(app).find((m) => m.to === 'changer@x.qa')!.link!;
    const set = await call(app, 'POST', '/auth/set-password', {
      payload: {
        verificationToken: tokenFromLink(link),
        newPassword: 'first-pass',
        confirmPassword: 'first-pass',
      },
    });
    const t1 = set.body.data.accessToken;
    const t2 = await login(app, 'changer@x.qa', 'first-pass');
    const wrong = await call(app, 'POST', '/auth/change-password', {
      token: t1,
      payload: { currentPassword: 'nope', newPassword: 'second-pass', confirmPassword: 'second-pass' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    const ok = await call(app, 'POST', '/auth/change-password', {
      token: t1,
      payload: { currentPassword: 'first-pass', newPassword: 'second-pass', confirmPassword: 'second-pass' },
    });
    expect(ok.status).toBe(200);
    expect((await call(app, 'GET', '/users/me', { token: t1 })).status).toBe(401);
    expect((await call(app, 'GET', '/users/me', { token: t2 })).status).toBe(401);
    expect((await call(app, 'GET', '/users/me', { token: ok.body.data.accessToken })).status).toBe(200);
    expect(
      (await call(app, 'POST', '/auth/login', { payload: { email: 'changer@x.qa', password: 'first-pass' } }))
        .status,
    ).toBe(400);
    await login(app, 'changer@x.qa', 'second-pass');
  });

  it('forgot password answers the same for unknown emails and mails a working link to known ones', async () => {
    const before = outbox(app).length;
    const unknown = await call(app, 'POST', '/auth/forgot-password', { payload: { email: 'ghost@x.qa' } });
    expect(unknown.status).toBe(200);
    expect(outbox(app).length).toBe(before);
    const known = await call(app, 'POST', '/auth/forgot-password', { payload: { email: 'changer@x.qa' } });
    expect(known.body).toEqual(unknown.body);
    const mail = outbox(app).at(-1)!;
    expect(mail.to).toBe('changer@x.qa');
    const set = await call(app, 'POST', '/auth/set-password', {
      payload: {
        verificationToken: tokenFromLink(mail.link!),
        newPassword: 'third-pass',
        confirmPassword: 'third-pass',
      },
    });
    expect(set.status).toBe(200);
    await login(app, 'changer@x.qa', 'third-pass');
  });

  it('updates my name', async () => {
    const token = await login(app, BIDDER);
    const r = await call(app, 'PATCH', '/users/me', { token, payload: { name: 'Sara H.' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: 'Sara H.', hasCompany: false, companyName: null });
    const bad = await call(app, 'PATCH', '/users/me', {
      token,
      payload: { imageFileId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('INVALID_FILE_REFERENCE');
  });
});

describe('rate limits', () => {
  it('limits login attempts per window (configurable)', async () => {
    const small = await makeApp({
      seed: false,
      env: { rateLimits: { login: 2, register: 2, forgot: 2, upload: 2, windowMs: 60_000 } },
    });
    try {
      const attempt = () =>
        call(small, 'POST', '/auth/login', { payload: { email: 'a@b.qa', password: 'whatever' } });
      expect((await attempt()).status).toBe(400);
      expect((await attempt()).status).toBe(400);
      const third = await attempt();
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('RATE_LIMITED');
      const ar = await call(small, 'POST', '/auth/login', {
        payload: { email: 'a@b.qa', password: 'whatever' },
        headers: { 'accept-language': 'ar' },
      });
      expect(ar.body.message).toBe('محاولات كثيرة، يرجى الانتظار قليلاً ثم المحاولة مرة أخرى');
      for (const [url, payload] of [
        ['/auth/register', { name: 'A', email: 'a@b.qa' }],
        ['/auth/forgot-password', { email: 'a@b.qa' }],
        ['/files/upload', {}],
      ] as const) {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await call(small, 'POST', url, { payload })).status);
        expect(statuses[2], url).toBe(429);
        expect(statuses.slice(0, 2), url).not.toContain(429);
      }
    } finally {
      await small.cleanup();
    }
  });
});
