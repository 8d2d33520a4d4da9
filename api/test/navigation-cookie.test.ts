import { createHash } from 'node:crypto';
import type { RouteSpec } from '@bawaba/shared/routes';
import * as contract from '@bawaba/shared/routes';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { tenderBody } from './fixtures.ts';
import {
  ADMIN,
  BIDDER,
  bearer,
  call,
  DATABASE_URL,
  invitationToken,
  login,
  makeApp,
  newMember,
  OTHER,
  OWNER,
  outbox,
  PASSWORD,
  ROOMY_LIMITS,
  type TestApp,
  tokenFromLink,
} from './helpers.ts';

/**
 * The navigation cookie (api/src/lib/navigation.ts, docs/security.md "The navigation cookie"): every way into a
 * session sets it with exactly its attributes; it names the caller only on a page render's GET or HEAD
 * (`X-Bawaba-Render: 1`, no Authorization header); every write ignores it; it is not an access token nor the other
 * way round; and it ends with its session, at once, in every API process (on PostgreSQL a second app on the same
 * database; on PGlite, one process, the same app).
 */

const NAV = '__Host-bawaba-nav';
const RENDER = { 'x-bawaba-render': '1' };

type Res = Awaited<ReturnType<typeof call>>['res'];
type Session = { token: string; cookie: string };

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** The answer's Set-Cookie lines. */
const setCookies = (res: Res): string[] => {
  const h = res.headers['set-cookie'];
  return h === undefined ? [] : [h].flat();
};

/** The navigation cookie the answer sets: its value and its attributes (lower-cased names). */
function navigationSet(res: Res): { value: string; attributes: Map<string, string> } {
  const lines = setCookies(res).filter((l) => l.startsWith(`${NAV}=`));
  expect(lines).toHaveLength(1);
  const [pair, ...attrs] = lines[0]!.split(';').map((p) => p.trim());
  const attributes = new Map(
    attrs.map((a) => {
      const [k, ...v] = a.split('=');
      return [k!.toLowerCase(), v.join('=')] as [string, string];
    }),
  );
  return { value: decodeURIComponent(pair!.slice(NAV.length + 1)), attributes };
}

/**
 * The answer starts a session: it sets that session's navigation cookie, with exactly HttpOnly, Secure,
 * SameSite=Lax, Path=/ and a Max-Age of the session's lifetime, and the cookie is in no part of the JSON.
 */
function expectSessionCookie(res: Res, accessToken: string): string {
  const { value, attributes } = navigationSet(res);
  expect([...attributes.keys()].sort()).toEqual(['httponly', 'max-age', 'path', 'samesite', 'secure']);
  expect(attributes.get('path')).toBe('/');
  expect(attributes.get('samesite')).toBe('Lax');
  const access = claims(accessToken);
  const nav = claims(value);
  expect(nav.sid).toBe(access.sid);
  expect(nav.sub).toBe(access.sub);
  expect(nav.aud).toBe('bawaba:navigation');
  expect(nav.exp).toBe(access.exp);
  const remaining = (access.exp as number) - Date.now() / 1000;
  expect(Math.abs(Number(attributes.get('max-age')) - remaining)).toBeLessThan(5);
  expect(res.body).not.toContain(value);
  expect(res.headers['cache-control']).toBe('no-store');
  return value;
}

let app: TestApp;
let second: App | null = null;
/** A second API process on the same database (PostgreSQL); on PGlite (one process) the same app. */
let other: App;

beforeAll(async () => {
  app = await makeApp({ env: { rateLimits: ROOMY_LIMITS } });
  if (DATABASE_URL) {
    second = await buildApp({ ...app.ctx.config, seed: false, logger: false });
    await second.ready();
  }
  other = second ?? app;
});
afterAll(async () => {
  await second?.close();
  await app.cleanup();
});

async function signIn(email: string, password = PASSWORD): Promise<Session> {
  const r = await call(app, 'POST', '/auth/login', { payload: { email, password } });
  expect(r.status).toBe(200);
  const token = r.body.data.accessToken as string;
  return { token, cookie: expectSessionCookie(r.res, token) };
}

/** A page render's request: the cookie and the render header, no Authorization. */
const render = (a: App, method: 'GET' | 'HEAD', url: string, cookie: string, headers = RENDER) =>
  a.inject({ method, url: `/api/v1${url}`, cookies: { [NAV]: cookie }, headers });

const until = async (check: () => Promise<boolean>, ms = 2000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
};

/** Every table's rows (count and content hash) but the rate-limit counters, which count refused requests too. */
async function snapshot(): Promise<string> {
  const tables = await app.ctx.database.db.execute(
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  );
  const q = (tables.rows as { tablename: string }[])
    .map((r) => r.tablename)
    .filter((t) => t !== 'rate_limits')
    .map(
      (t) =>
        `select '${t}' as t, count(*)::int as n, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from "${t}" x`,
    )
    .join(' union all ');
  const r = await app.ctx.database.db.execute(sql.raw(q));
  return createHash('sha256').update(JSON.stringify(r.rows)).digest('hex');
}

describe('every way into a session sets the navigation cookie', () => {
  it('sign-in', async () => {
    await signIn(BIDDER);
  });

  it('a mailed set-password link (registration)', async () => {
    const email = 'nav-cookie-new@example.qa';
    expect(
      (await call(app, 'POST', '/auth/register', { payload: { name: 'Nav Cookie', email } })).status,
    ).toBe(200);
    const link = outbox(app).find((m) => m.to === email)!.link!;
    const r = await call(app, 'POST', '/auth/set-password', {
      payload: { verificationToken: tokenFromLink(link), newPassword: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(r.status).toBe(200);
    expectSessionCookie(r.res, r.body.data.accessToken);
  });

  it('a password change', async () => {
    const email = 'nav-cookie-password@x.qa';
    const token = await newMember(app, (await signIn(OWNER)).token, email, ['viewer']);
    const r = await call(app, 'POST', '/auth/change-password', {
      token,
      payload: { currentPassword: PASSWORD, newPassword: 'Bawaba2027!x', confirmPassword: 'Bawaba2027!x' },
    });
    expect(r.status).toBe(200);
    expectSessionCookie(r.res, r.body.data.accessToken);
  });

  it('joining a company by invitation (new person and signed-in member), switching company and leaving one', async () => {
    const owner = await signIn(OWNER);
    const mariam = await signIn(OTHER);
    // A new person joins with the link.
    const email = 'nav-cookie-joiner@x.qa';
    expect(
      (
        await call(app, 'POST', '/members/invitations', {
          token: owner.token,
          payload: { email, roles: ['viewer'] },
        })
      ).status,
    ).toBe(201);
    const joined = await call(app, 'POST', '/members/join', {
      payload: { token: await invitationToken(app, email), name: 'Joiner', password: PASSWORD },
    });
    expect(joined.status).toBe(200);
    const joiner = joined.body.data.accessToken as string;
    expectSessionCookie(joined.res, joiner);
    // The same person, signed in, joins a second company.
    expect(
      (
        await call(app, 'POST', '/members/invitations', {
          token: mariam.token,
          payload: { email, roles: ['viewer'] },
        })
      ).status,
    ).toBe(201);
    const again = await call(app, 'POST', '/members/join', {
      token: joiner,
      payload: { token: await invitationToken(app, email) },
    });
    expect(again.status).toBe(200);
    expectSessionCookie(again.res, again.body.data.accessToken);
    const me = await call(app, 'GET', '/users/me', { token: again.body.data.accessToken });
    const first = (me.body.data.companies as { id: number }[]).find(
      (c) => c.id !== me.body.data.activeCompanyId,
    )!;
    const switched = await call(app, 'POST', '/auth/switch-company', {
      token: again.body.data.accessToken,
      payload: { companyId: first.id },
    });
    expect(switched.status).toBe(200);
    expectSessionCookie(switched.res, switched.body.data.accessToken);
    const left = await call(app, 'POST', '/members/leave', { token: switched.body.data.accessToken });
    expect(left.status).toBe(200);
    expectSessionCookie(left.res, left.body.data.accessToken);
  });

  it('POST /auth/navigation sets it for the calling session (a tab from before the cookie)', async () => {
    const { token } = await signIn(BIDDER);
    const r = await call(app, 'POST', '/auth/navigation', { token });
    expect(r.status).toBe(200);
    const cookie = expectSessionCookie(r.res, token);
    const me = await render(app, 'GET', '/users/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(BIDDER);
    // Without a bearer token there is no session to set it for.
    expect((await call(app, 'POST', '/auth/navigation')).status).toBe(401);
  });
});

describe('where the cookie counts', () => {
  it("a page render's GET and HEAD are the cookie's user, never kept by a cache", async () => {
    const { cookie } = await signIn(OWNER);
    const me = await render(app, 'GET', '/users/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(OWNER);
    expect(me.headers['cache-control']).toBe('no-store');
    const notifications = await render(app, 'GET', '/notification', cookie);
    expect(notifications.statusCode).toBe(200);
    expect(notifications.headers['cache-control']).toBe('no-store');
    expect((await render(app, 'HEAD', '/users/me', cookie)).statusCode).toBe(200);
  });

  it('without the render header, with another value, or beside an Authorization header, it is not read', async () => {
    const { cookie } = await signIn(OWNER);
    const bare = await render(app, 'GET', '/users/me', cookie, {} as typeof RENDER);
    expect(bare.statusCode).toBe(401);
    expect(bare.json().code).toBe('UNAUTHORIZED');
    expect((await render(app, 'GET', '/users/me', cookie, { 'x-bawaba-render': 'true' })).statusCode).toBe(
      401,
    );
    // An Authorization header, even a broken one, is the only credential read.
    const withHeader = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      cookies: { [NAV]: cookie },
      headers: { ...RENDER, authorization: 'Bearer broken' },
    });
    expect(withHeader.statusCode).toBe(401);
  });

  it('a cached directory page is never served to the wrong caller: the cookie caller gets the signed-in page', async () => {
    const { cookie } = await signIn(BIDDER);
    const q = '/companies?page=3&limit=4';
    type Page = { data: { items: { masked: boolean }[] } };
    const anon = (await app.inject({ method: 'GET', url: `/api/v1${q}`, headers: RENDER })).json() as Page;
    expect(anon.data.items.every((c) => c.masked)).toBe(true);
    // The visitor's page is cached now; the cookie's caller is looked up, then (session cached) known at once.
    for (let i = 0; i < 3; i++) {
      const r = await render(app, 'GET', q, cookie);
      expect(r.statusCode).toBe(200);
      expect((r.json() as Page).data.items.every((c) => !c.masked)).toBe(true);
      expect(r.headers['cache-control']).toBe('no-store');
    }
    // Without the render header the same request is the visitor's.
    const plain = await app.inject({ method: 'GET', url: `/api/v1${q}`, cookies: { [NAV]: cookie } });
    expect((plain.json() as Page).data.items.every((c) => c.masked)).toBe(true);
  });

  it('a cross-site page gets no preflight for the render header', async () => {
    const r = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/me',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-bawaba-render',
      },
    });
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('writes ignore the cookie', () => {
  const writes = (Object.values(contract) as unknown[]).filter(
    (e): e is RouteSpec =>
      typeof e === 'object' && e !== null && 'access' in e && (e as RouteSpec).method !== 'GET',
  );
  const urlOf = (r: RouteSpec) => r.path.replace(/:[A-Za-z]+/g, '1');
  /** The error code of a JSON answer (an answer that is not JSON, a page, has none). */
  const codeOf = (r: Res): unknown => {
    try {
      return r.json().code;
    } catch {
      return undefined;
    }
  };

  it('every write of the contract answers the cookie (with the render header) what it answers no credential, and changes nothing', async () => {
    expect(writes.length).toBeGreaterThan(60);
    const { cookie } = await signIn(OWNER);
    const before = await snapshot();
    const failures: string[] = [];
    for (const r of writes) {
      const url = urlOf(r);
      const withCookie = await app.inject({
        method: r.method,
        url: `/api/v1${url}`,
        cookies: { [NAV]: cookie },
        headers: RENDER,
        payload: {},
      });
      const status = withCookie.statusCode;
      const code = codeOf(withCookie);
      if (r.access === 'public' || r.access === 'optional') {
        const anon = await app.inject({
          method: r.method,
          url: `/api/v1${url}`,
          headers: RENDER,
          payload: {},
        });
        if (status !== anon.statusCode || code !== codeOf(anon))
          failures.push(`${r.method} ${r.path}: ${status} ${code}, without a credential ${anon.statusCode}`);
      } else if (status !== 401 || code !== 'UNAUTHORIZED') {
        failures.push(`${r.method} ${r.path}: ${status} ${code}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
    // The session is untouched: the cookie still reads.
    expect((await render(app, 'GET', '/users/me', cookie)).statusCode).toBe(200);
  });

  it('sign-out, a profile change, a new tender and a proposal with valid bodies: 401, nothing done', async () => {
    const owner = await signIn(OWNER);
    const bidder = await signIn(BIDDER);
    const send = (cookie: string, method: 'POST' | 'PATCH', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, cookies: { [NAV]: cookie }, headers: RENDER, payload });
    const before = await snapshot();
    const tender = (await call(app, 'GET', '/tenders', { query: { limit: '1' } })).body.data.items[0].id;
    for (const r of [
      await send(owner.cookie, 'POST', '/auth/logout'),
      await send(owner.cookie, 'PATCH', '/users/me', { name: 'Taken over' }),
      await send(owner.cookie, 'POST', '/tenders', tenderBody()),
      await send(bidder.cookie, 'POST', '/proposals', { tender, offer_price: 1 }),
      await send(owner.cookie, 'POST', '/auth/navigation'),
    ]) {
      expect(r.statusCode).toBe(401);
      expect(r.json().code).toBe('UNAUTHORIZED');
    }
    expect(await snapshot()).toBe(before);
    expect((await call(app, 'GET', '/users/me', { token: owner.token })).body.data.name).not.toBe(
      'Taken over',
    );
  });
});

describe('the cookie is not an access token, nor the other way round', () => {
  it('the cookie as a bearer token is refused, for reads and writes, even while it is cached', async () => {
    const { cookie } = await signIn(OWNER);
    expect((await render(app, 'GET', '/users/me', cookie)).statusCode).toBe(200); // cached as a cookie now
    expect((await render(app, 'GET', '/users/me', cookie)).statusCode).toBe(200);
    const read = await call(app, 'GET', '/users/me', { token: cookie });
    expect(read.status).toBe(401);
    const before = await snapshot();
    const write = await call(app, 'PATCH', '/users/me', {
      token: cookie,
      payload: { name: 'Stolen cookie' },
    });
    expect(write.status).toBe(401);
    expect(await snapshot()).toBe(before);
  });

  it('the access token as the cookie is refused, even while it is cached', async () => {
    const { token } = await signIn(OWNER);
    expect((await call(app, 'GET', '/users/me', { token })).status).toBe(200);
    expect((await call(app, 'GET', '/users/me', { token })).status).toBe(200); // cached as a bearer token now
    expect((await render(app, 'GET', '/users/me', token)).statusCode).toBe(401);
  });

  it('a cookie signed with another key, tampered with or malformed is refused', async () => {
    const { cookie } = await signIn(OWNER);
    const c = claims(cookie);
    const forged = await new SignJWT({ sid: c.sid as string })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(c.sub))
      .setAudience('bawaba:navigation')
      .setExpirationTime(c.exp as number)
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await render(app, 'GET', '/users/me', forged)).statusCode).toBe(401);
    const [h, p, s] = cookie.split('.') as [string, string, string];
    const tampered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await render(app, 'GET', '/users/me', tampered)).statusCode).toBe(401);
    // A Cookie header that is not one is anonymous too, never an error.
    for (const header of ['%E0%A4%A', `${NAV}=%E0%A4%A; ${NAV}`, ';;==;', `${NAV}=`]) {
      const r = await app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { ...RENDER, cookie: header },
      });
      expect(r.statusCode).toBe(401);
    }
  });
});

describe('the cookie ends with its session', () => {
  it('sign-out clears it, and the old cookie is anonymous at once, here and in the other process', async () => {
    const { token, cookie } = await signIn(OWNER);
    expect((await render(app, 'GET', '/users/me', cookie)).statusCode).toBe(200);
    expect((await render(other, 'GET', '/users/me', cookie)).statusCode).toBe(200);
    expect((await render(other, 'GET', '/users/me', cookie)).statusCode).toBe(200); // cached there
    const out = await call(app, 'POST', '/auth/logout', { token });
    expect(out.status).toBe(200);
    const { value, attributes } = navigationSet(out.res);
    expect(value).toBe('');
    expect(attributes.get('max-age')).toBe('0');
    expect(new Date(attributes.get('expires')!).getTime()).toBe(0);
    expect([...attributes.keys()]).toEqual(
      expect.arrayContaining(['httponly', 'secure', 'path', 'samesite']),
    );
    expect((await render(app, 'GET', '/users/me', cookie)).statusCode).toBe(401);
    const t0 = Date.now();
    expect(
      await until(async () => (await render(other, 'GET', '/users/me', cookie)).statusCode === 401),
    ).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('a sign-out in the other process ends it here', async () => {
    const { token, cookie } = await signIn(BIDDER);
    expect((await render(app, 'GET', '/users/me', cookie)).statusCode).toBe(200);
    expect((await render(app, 'GET', '/users/me', cookie)).statusCode).toBe(200);
    expect((await call(other as TestApp, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect(await until(async () => (await render(app, 'GET', '/users/me', cookie)).statusCode === 401)).toBe(
      true,
    );
  });

  it('a password change elsewhere and a suspension end it', async () => {
    const owner = await signIn(OWNER);
    const email = 'nav-cookie-suspended@x.qa';
    await newMember(app, owner.token, email, ['viewer']);
    const first = await signIn(email);
    const secondSession = await signIn(email);
    expect((await render(other, 'GET', '/users/me', first.cookie)).statusCode).toBe(200);
    const changed = await call(app, 'POST', '/auth/change-password', {
      token: secondSession.token,
      payload: { currentPassword: PASSWORD, newPassword: 'Bawaba2027!x', confirmPassword: 'Bawaba2027!x' },
    });
    expect(changed.status).toBe(200);
    expect(
      await until(async () => (await render(other, 'GET', '/users/me', first.cookie)).statusCode === 401),
    ).toBe(true);
    const fresh = expectSessionCookie(changed.res, changed.body.data.accessToken);
    expect((await render(other, 'GET', '/users/me', fresh)).statusCode).toBe(200);
    const id = (await call(app, 'GET', '/users/me', { token: changed.body.data.accessToken })).body.data.id;
    const admin = await login(app, ADMIN);
    const suspended = await call(app, 'POST', `/admin/users/${id}/suspend`, {
      token: admin,
      payload: { reason: 'Testing the navigation cookie' },
    });
    expect(suspended.status).toBe(200);
    expect(await until(async () => (await render(other, 'GET', '/users/me', fresh)).statusCode === 401)).toBe(
      true,
    );
  });

  it('a revocation of the session row (by SQL, as an operator would) reaches every process', async () => {
    const { cookie } = await signIn(OTHER);
    expect((await render(app, 'GET', '/users/me', cookie)).statusCode).toBe(200);
    expect((await render(other, 'GET', '/users/me', cookie)).statusCode).toBe(200);
    await app.ctx.database.db.execute(
      sql`update sessions set revoked_at = now() where id = ${claims(cookie).sid as string}`,
    );
    expect(await until(async () => (await render(app, 'GET', '/users/me', cookie)).statusCode === 401)).toBe(
      true,
    );
    expect(
      await until(async () => (await render(other, 'GET', '/users/me', cookie)).statusCode === 401),
    ).toBe(true);
  });

  it('the access token of the same session keeps working for the API calls (the cookie is beside it)', async () => {
    const { token, cookie } = await signIn(BIDDER);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await render(app, 'GET', '/users/me', cookie)).statusCode).toBe(200);
  });
});
