import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ERRORS } from '../src/errors.ts';
import {
  ADMIN,
  BIDDER,
  call,
  DATABASE_URL,
  login,
  makeApp,
  OWNER,
  outbox,
  PASSWORD,
  type TestApp,
  tokenFromLink,
} from './helpers.ts';

/**
 * Attacks on sign-in and sessions: brute force (per IP and per account), account enumeration by answer or
 * timing, forged / expired / revoked tokens, and sessions ended everywhere — across two API instances on one
 * database (two pools on one PostgreSQL with DATABASE_URL; on PGlite two apps on one embedded database).
 */

let app: TestApp;
const secret = () => new TextEncoder().encode(app.ctx.config.jwtSecret);

beforeAll(async () => {
  app = await makeApp({
    env: {
      rateLimits: {
        login: 1000,
        loginPerAccount: 1000,
        register: 1000,
        forgot: 1000,
        upload: 1000,
        windowMs: 60_000,
      },
    },
  });
});
afterAll(async () => {
  await app.cleanup();
});

const loginAttempt = (a: TestApp, email: string, password: string, ip = '127.0.0.1', lang = 'en') =>
  a.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });

describe('brute force', () => {
  it('limits failed sign-ins per account, whatever the IP, and then refuses the right password too', async () => {
    const small = await makeApp({
      env: {
        rateLimits: { login: 1000, loginPerAccount: 3, register: 5, forgot: 5, upload: 5, windowMs: 60_000 },
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await loginAttempt(small, OWNER, `wrong-${i}`, `10.0.0.${i + 1}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400]);
      const blocked = await loginAttempt(small, OWNER, PASSWORD, '10.0.0.99', 'ar');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: ERRORS.RATE_LIMITED.ar });
      // When to try again, as the per-IP limits say it: the rest of the window, in seconds.
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Unknown emails are throttled the same way (no hint that the account exists).
      for (let i = 0; i < 3; i++) await loginAttempt(small, 'ghost@nowhere.qa', 'x', `10.0.1.${i}`);
      expect((await loginAttempt(small, 'ghost@nowhere.qa', 'x', '10.0.1.99')).statusCode).toBe(429);
      // Another account is not affected; a success clears the count.
      expect((await loginAttempt(small, BIDDER, 'wrong', '10.0.2.1')).statusCode).toBe(400);
      expect((await loginAttempt(small, BIDDER, PASSWORD, '10.0.2.1')).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) await loginAttempt(small, BIDDER, 'wrong', '10.0.2.1');
      expect((await loginAttempt(small, BIDDER, PASSWORD, '10.0.2.1')).statusCode).toBe(200);
    } finally {
      await small.cleanup();
    }
  });

  it('limits sign-in attempts per IP, across accounts', async () => {
    const small = await makeApp({
      seed: false,
      env: {
        rateLimits: { login: 4, loginPerAccount: 100, register: 5, forgot: 5, upload: 5, windowMs: 60_000 },
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await loginAttempt(small, `user${i}@x.qa`, 'pw', '10.9.9.9')).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
      // Another IP still gets an answer.
      expect((await loginAttempt(small, 'user0@x.qa', 'pw', '10.9.9.10')).statusCode).toBe(400);
    } finally {
      await small.cleanup();
    }
  });
});

describe('account enumeration', () => {
  it('answers a known and an unknown email identically', async () => {
    const known = await loginAttempt(app, OWNER, 'not-the-password');
    const unknown = await loginAttempt(app, 'nobody-here@bawaba.qa', 'not-the-password');
    const unverified = await call(app, 'POST', '/auth/register', {
      payload: { name: 'N', email: 'half@x.qa' },
    });
    expect(unverified.status).toBe(200);
    const noPassword = await loginAttempt(app, 'half@x.qa', 'not-the-password');
    expect(known.statusCode).toBe(400);
    expect(unknown.body).toBe(known.body);
    expect(noPassword.body).toBe(known.body);
    const fk = await call(app, 'POST', '/auth/forgot-password', { payload: { email: OWNER } });
    const fu = await call(app, 'POST', '/auth/forgot-password', {
      payload: { email: 'nobody-here@bawaba.qa' },
    });
    expect(fu.res.body).toBe(fk.res.body);
  });

  it('takes as long for an unknown email as for a wrong password (medians of interleaved tries)', async () => {
    const N = 21;
    const time = async (email: string) => {
      const t = process.hrtime.bigint();
      const r = await loginAttempt(app, email, 'not-the-password');
      expect(r.statusCode).toBe(400);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    await time(OWNER);
    await time('warm-up@nowhere.qa');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < N; i++) {
      // Interleaved, so machine load drifts alike on both sides; a fresh unknown email each time.
      known.push(await time(i % 2 ? OWNER : ADMIN));
      unknown.push(await time(`ghost-${i}@nowhere.qa`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const k = median(known);
    const u = median(unknown);
    // Without the dummy hash an unknown email answers in a few ms against tens of ms for a password check: the
    // gap would be nearly all of the larger median. Allowed: under half of it (the machine may be loaded).
    console.log(`login timing: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms (medians of ${N})`);
    expect(Math.abs(k - u)).toBeLessThan(0.5 * Math.max(k, u));
  });
});

describe('tokens', () => {
  async function tokens() {
    const valid = await login(app, BIDDER);
    const [h, p, s] = valid.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const owner = (await call(app, 'GET', '/users/me', { token: await login(app, OWNER) })).body.data.id;
    const sign = (payload: Record<string, unknown>, exp: number | string = '1h', alg = 'HS256') =>
      new SignJWT(payload).setProtectedHeader({ alg }).setExpirationTime(exp).sign(secret());
    return {
      valid,
      claims,
      bad: {
        expired: await sign({ sid: claims.sid, sub: claims.sub }, Math.floor(Date.now() / 1000) - 10),
        'alg none': `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`,
        'alg none, no dot': `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}`,
        'HS512 with the same secret': await sign({ sid: claims.sid, sub: claims.sub }, '1h', 'HS512'),
        'payload changed (sub of another user)': `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: String(owner) })).toString('base64url')}.${s}`,
        'signature changed': `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`,
        'signed right, another user (sid of bidder, sub of owner)': await sign({
          sid: claims.sid,
          sub: String(owner),
        }),
        'signed right, unknown session': await sign({
          sid: '00000000-0000-4000-8000-000000000000',
          sub: claims.sub,
        }),
        'another secret': await new SignJWT({ sid: claims.sid, sub: claims.sub })
          .setProtectedHeader({ alg: 'HS256' })
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('x'.repeat(48))),
        garbage: 'not-a-jwt',
      } as Record<string, string>,
    };
  }

  it('refuses expired, tampered, alg:none and foreign tokens with 401 and a message in the caller language', async () => {
    const { valid, bad } = await tokens();
    expect((await call(app, 'GET', '/users/me', { token: valid })).status).toBe(200);
    for (const [what, token] of Object.entries(bad)) {
      for (const [method, url] of [
        ['GET', '/users/me'],
        ['GET', '/companies/mine'],
        ['POST', '/auth/logout'],
        ['GET', '/notification'],
      ] as const) {
        const en = await call(app, method, url, { token });
        expect(en.status, `${what} ${url}`).toBe(401);
        expect(en.body.message, what).toBe(ERRORS.SESSION_EXPIRED.en);
        const ar = await call(app, method, url, { token, headers: { 'accept-language': 'ar' } });
        expect(ar.body.message, what).toBe(ERRORS.SESSION_EXPIRED.ar);
      }
      // Public routes treat a bad token as anonymous: masked directory, never a real name.
      const list = await call(app, 'GET', '/companies', { token });
      expect(list.status).toBe(200);
      expect(list.body.data.items[0].masked, what).toBe(true);
    }
  });

  it('refuses a session whose expiry has passed in the database even though the JWT has not', async () => {
    const token = await login(app, BIDDER);
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect((await call(app, 'GET', '/users/me', { token })).status).toBe(200);
    await app.ctx.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${sid}`,
    );
    await expect
      .poll(async () => (await call(app, 'GET', '/users/me', { token })).status, { timeout: 3000 })
      .toBe(401);
  });
});

describe('sessions end everywhere', () => {
  let other: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bawaba-api-second-'));
    // A second API instance on the same database: its own pool (PostgreSQL) or the same embedded database
    // (PGlite), its own process-level state (session cache, rate limits).
    const second = await buildApp({
      dataDir: dir,
      ...(DATABASE_URL ? { databaseUrl: app.ctx.config.databaseUrl } : { database: app.ctx.database }),
      logger: false,
      jwtSecret: app.ctx.config.jwtSecret,
      publicUrl: app.ctx.config.publicUrl,
      seed: false,
      rateLimits: app.ctx.config.rateLimits,
    });
    await second.ready();
    other = Object.assign(second, {
      async cleanup() {
        await second.close();
        rmSync(dir, { recursive: true, force: true });
      },
    });
  });
  afterAll(async () => {
    await other?.cleanup();
  });

  const me = (a: TestApp, token: string) => call(a, 'GET', '/users/me', { token }).then((r) => r.status);

  it('logout on one instance ends the session on the other (only that session)', async () => {
    const token = await login(app, OWNER);
    const phone = await login(other, OWNER);
    expect(await me(other, token)).toBe(200);
    expect(await me(other, token)).toBe(200); // twice: a cache, if any, now holds it
    expect((await call(app, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect(await me(app, token)).toBe(401);
    await expect.poll(() => me(other, token), { timeout: 2000, interval: 50 }).toBe(401);
    // The user's other session (another device) stays signed in: logout ends this session only.
    expect(await me(other, phone)).toBe(200);
    expect((await call(other, 'POST', '/auth/logout', { token })).status).toBe(401);
  });

  it('a password change on one instance ends every other session of the user on both', async () => {
    await call(app, 'POST', '/auth/register', { payload: { name: 'Multi', email: 'multi@x.qa' } });
    const link = outbox(app).find((m) => m.to === 'multi@x.qa')!.link!;
    const set = await call(app, 'POST', '/auth/set-password', {
      payload: {
        verificationToken: tokenFromLink(link),
        newPassword: 'first-pass',
        confirmPassword: 'first-pass',
      },
    });
    const laptop = set.body.data.accessToken as string;
    const phone = await login(other, 'multi@x.qa', 'first-pass');
    const tablet = await login(app, 'multi@x.qa', 'first-pass');
    for (const t of [laptop, phone, tablet]) expect(await me(other, t)).toBe(200);
    const changed = await call(other, 'POST', '/auth/change-password', {
      token: phone,
      payload: { currentPassword: 'first-pass', newPassword: 'second-pass', confirmPassword: 'second-pass' },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.data.accessToken as string;
    for (const t of [laptop, phone, tablet]) {
      expect(await me(other, t)).toBe(401);
      await expect.poll(() => me(app, t), { timeout: 2000, interval: 50 }).toBe(401);
    }
    expect(await me(app, fresh)).toBe(200);
    expect(await me(other, fresh)).toBe(200);
    // A reset by mail (forgot password) ends every session too, the fresh one included.
    await call(other, 'POST', '/auth/forgot-password', { payload: { email: 'multi@x.qa' } });
    const reset = outbox(other).find((m) => m.to === 'multi@x.qa')!.link!;
    const r = await call(other, 'POST', '/auth/set-password', {
      payload: {
        verificationToken: tokenFromLink(reset),
        newPassword: 'third-pass',
        confirmPassword: 'third-pass',
      },
    });
    expect(r.status).toBe(200);
    await expect.poll(() => me(app, fresh), { timeout: 2000, interval: 50 }).toBe(401);
    expect(await me(app, r.body.data.accessToken)).toBe(200);
  });
});
