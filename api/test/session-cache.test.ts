import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { sessionCacheStats } from '../src/lib/auth.ts';
import {
  BIDDER,
  call,
  DATABASE_URL,
  login,
  makeApp,
  OTHER,
  OWNER,
  PASSWORD,
  type TestApp,
} from './helpers.ts';

/**
 * The session cache (src/lib/auth.ts) answers repeated signed-in calls without the database, and a revocation
 * is refused at once: in the process that revoked, in a second API process on the same PostgreSQL database
 * (LISTEN/NOTIFY from the session triggers), and when the row is changed outside the API (psql).
 */

const until = async (check: () => Promise<boolean>, ms = 2000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
};

/** Runs SQL outside the API's query layer (no local-write hint): only the triggers can tell the caches. */
async function outside(app: TestApp, query: string) {
  if (DATABASE_URL) {
    const c = new pg.Client({ connectionString: app.ctx.config.databaseUrl });
    await c.connect();
    await c.query(query);
    await c.end();
  } else {
    const client = (app.ctx.database.db as unknown as { $client: { query(q: string): Promise<unknown> } })
      .$client;
    await client.query(query);
  }
}

let app: TestApp;
let second: App | null = null;
/** A second API process on the same database (PostgreSQL); on PGlite (one process) the same app. */
let other: App;

beforeAll(async () => {
  app = await makeApp();
  if (DATABASE_URL) {
    second = await buildApp({
      ...app.ctx.config,
      seed: false,
      logger: false,
      databaseUrl: app.ctx.config.databaseUrl,
    });
    await second.ready();
  }
  other = second ?? app;
});
afterAll(async () => {
  await second?.close();
  await app.cleanup();
});

const me = (a: App, token: string) => call(a as TestApp, 'GET', '/users/me', { token });

describe('session cache', () => {
  it('answers repeated signed-in calls from memory', async () => {
    const token = await login(app, BIDDER);
    expect((await me(app, token)).status).toBe(200);
    const before = sessionCacheStats(app.ctx);
    for (let i = 0; i < 5; i++) expect((await me(app, token)).status).toBe(200);
    const after = sessionCacheStats(app.ctx);
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(5);
    expect(after.misses).toBe(before.misses);
  });

  it('logout is refused at once in the same process and in the other one', async () => {
    const token = await login(app, BIDDER);
    expect((await me(app, token)).status).toBe(200);
    expect((await me(other, token)).status).toBe(200);
    expect((await me(other, token)).status).toBe(200); // cached there now
    expect((await call(app, 'POST', '/auth/logout', { token })).status).toBe(200);
    // Same process: the very next call.
    expect((await me(app, token)).body.code).toBe('SESSION_EXPIRED');
    // Other process: as soon as its LISTEN connection hears the trigger (milliseconds).
    const t0 = Date.now();
    expect(await until(async () => (await me(other, token)).status === 401)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('a password change in the other process ends the sessions cached here', async () => {
    const old = await login(app, OTHER);
    expect((await me(app, old)).status).toBe(200);
    expect((await me(app, old)).status).toBe(200);
    const session = await login(other as TestApp, OTHER);
    const r = await call(other as TestApp, 'POST', '/auth/change-password', {
      token: session,
      payload: { currentPassword: PASSWORD, newPassword: 'Bawaba2027!x', confirmPassword: 'Bawaba2027!x' },
    });
    expect(r.status).toBe(200);
    expect(await until(async () => (await me(app, old)).status === 401)).toBe(true);
    // The new session works in both.
    const fresh = r.body.data.accessToken as string;
    expect((await me(app, fresh)).status).toBe(200);
    expect((await me(other, fresh)).status).toBe(200);
  });

  it('a revocation written outside the API (psql) reaches every process through the trigger', async () => {
    const token = await login(app, OWNER);
    expect((await me(app, token)).status).toBe(200);
    expect((await me(other, token)).status).toBe(200);
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await outside(app, `update sessions set revoked_at = now() where id = '${sid}'`);
    expect(await until(async () => (await me(app, token)).status === 401)).toBe(true);
    expect(await until(async () => (await me(other, token)).status === 401)).toBe(true);
  });

  it('a profile change is seen at once (the cached user row is dropped)', async () => {
    const token = await login(other as TestApp, OWNER);
    expect((await me(app, token)).status).toBe(200);
    const r = await call(other as TestApp, 'PATCH', '/users/me', {
      token,
      payload: { name: 'Renamed Owner' },
    });
    expect(r.status).toBe(200);
    expect(await until(async () => (await me(app, token)).body.data.name === 'Renamed Owner')).toBe(true);
  });

  it('without the trigger message the cache would keep answering (control: the cache is what is tested)', async () => {
    const token = await login(app, OWNER);
    // Until this token is answered from the cache (an earlier test's write may still hold it off for a moment).
    const cached = async () => {
      const before = sessionCacheStats(app.ctx).hits;
      return (await me(app, token)).status === 200 && sessionCacheStats(app.ctx).hits > before;
    };
    expect(await until(cached, 3000)).toBe(true);
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await outside(app, 'alter table sessions disable trigger sessions_auth_notify');
    try {
      await outside(app, `update sessions set revoked_at = now() where id = '${sid}'`);
      await new Promise((r) => setTimeout(r, 100));
      expect((await me(app, token)).status).toBe(200);
    } finally {
      await outside(app, 'alter table sessions enable trigger sessions_auth_notify');
      // Leave nothing stale behind for the next tests.
      await app.ctx.database.db.execute(sql`update sessions set revoked_at = revoked_at where id = ${sid}`);
    }
  });

  it('tampered and expired tokens are refused even when the genuine token is cached', async () => {
    const token = await login(app, BIDDER);
    expect((await me(app, token)).status).toBe(200);
    const [h, p, s] = token.split('.') as [string, string, string];
    const tampered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await me(app, tampered)).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect((await me(app, none)).status).toBe(401);
  });
});
