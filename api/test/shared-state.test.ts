import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCounters, sqlCounters } from '../src/lib/rate-limit.ts';
import { DATABASE_URL, makeApp, type TestApp } from './helpers.ts';
import { type ApiSite, apiSite, loginAt, req, sleep } from './process-helpers.ts';

/**
 * Nothing per process changes an answer: two real API processes on one PostgreSQL database (with DATABASE_URL)
 * count the rate limits together (the `rate_limits` table) and drop their directory caches when the other one
 * changes a company (LISTEN/NOTIFY from the triggers of migration 0009). On PGlite (one process by design) both
 * "instances" are the same process, and the same answers are checked.
 */

const ACCOUNT_MAX = 4;
const FORGOT_MAX = 3;
const env = {
  RATE_LIMIT_MAX_LOGIN_ACCOUNT: String(ACCOUNT_MAX),
  RATE_LIMIT_MAX_FORGOT: String(FORGOT_MAX),
};

let a: ApiSite;
let second: ApiSite | null = null;
/** The second API process on a's database (PostgreSQL); on PGlite the same process. */
let b: ApiSite;

beforeAll(async () => {
  a = await apiSite(env);
  await a.start();
  if (DATABASE_URL) {
    // Its own data dir, a's database: a second instance behind the same balancer.
    second = await apiSite({ ...env, DATABASE_URL: a.databaseUrl!, SEED: 'none' });
    await second.start();
  }
  b = second ?? a;
}, 240_000);
afterAll(async () => {
  await second?.cleanup();
  await a.cleanup();
});

const OWNER = 'owner@bawaba.qa';
const PASSWORD = 'Bawaba2026!';
const THROTTLED = 'mariam@qatarbuild.qa';
const signIn = (site: ApiSite, email: string, password: string) =>
  fetch(`${site.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ email, password }),
  });

describe('rate limits shared by the instances', () => {
  it('the per-account sign-in limit holds across instances: failures on both, then 429 on either, right password too', async () => {
    expect((await req<{ database: string }>(b.url, 'GET', '/health')).data.database).toBe(
      DATABASE_URL ? 'postgres' : 'pglite',
    );
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_MAX; i++)
      statuses.push((await signIn(i % 2 ? b : a, THROTTLED, `wrong-${i}`)).status);
    expect(statuses).toEqual(Array(ACCOUNT_MAX).fill(400));
    for (const site of [a, b]) {
      const blocked = await signIn(site, THROTTLED, PASSWORD);
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    }
    // Another account is not affected, on either instance.
    await loginAt(a.url, 'bidder@bawaba.qa');
    await loginAt(b.url, 'admin@bawaba.qa');
  });

  it('parallel guesses on both instances cannot slip more than the limit through', async () => {
    const email = 'nobody-parallel@bawaba.qa';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(i % 2 ? b : a, email, `guess-${i}`).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 400)).toHaveLength(ACCOUNT_MAX);
    expect(answers.filter((s) => s === 429)).toHaveLength(12 - ACCOUNT_MAX);
  });

  it('a per-IP limit counts the requests of both instances, with the same 429 answer and headers', async () => {
    const forgot = (site: ApiSite) =>
      fetch(`${site.url}/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'ar' },
        body: JSON.stringify({ email: 'someone@x.qa' }),
      });
    const first = await forgot(a);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe(String(FORGOT_MAX));
    expect(first.headers.get('x-ratelimit-remaining')).toBe(String(FORGOT_MAX - 1));
    expect((await forgot(b)).headers.get('x-ratelimit-remaining')).toBe(String(FORGOT_MAX - 2));
    expect((await forgot(a)).status).toBe(200);
    for (const site of [b, a]) {
      const r = await forgot(site);
      expect(r.status).toBe(429);
      expect(await r.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        code: 'RATE_LIMITED',
        message: 'محاولات كثيرة، يرجى الانتظار قليلاً ثم المحاولة مرة أخرى',
      });
      expect(r.headers.get('x-ratelimit-limit')).toBe(String(FORGOT_MAX));
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
      const retry = Number(r.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      expect(r.headers.get('x-ratelimit-reset')).toBe(String(retry));
    }
    // Each route counts on its own, as before (contact shares the forgot-password limit, not its count).
    const contact = await req(b.url, 'POST', '/contact', {
      body: { name: 'N', email: 'n@x.qa', phone: '55512345', subject: 'Hello', message: 'A message.' },
    });
    expect(contact.status).toBe(200);
  });
});

type Page = { items: { id: number; name: string }[]; totalItems: number };

/** How long a change may take to reach another process: the delivery of PostgreSQL's notification. */
const DELIVERY = { timeout: 2000, interval: 20 };

describe('directory caches across instances', () => {
  it('a company approved, rejected or edited through one instance is seen on the other as the notification arrives', async () => {
    const admin = await loginAt(a.url, 'admin@bawaba.qa');
    const owner = await loginAt(a.url, OWNER);
    type Mine = { id: number; name: string; location: { id: number } | null; services: { id: number }[] };
    const mine = (await req<Mine>(a.url, 'GET', '/companies/mine', { token: owner })).data;
    const directory = async (site: ApiSite, token?: string) =>
      (await req<Page>(site.url, 'GET', '/companies?limit=100', token ? { token } : {})).data;
    const ids = (p: Page) => p.items.map((c) => c.id);

    // Both instances have the page cached (read twice, anonymous and signed in).
    const bidder = await loginAt(b.url, 'bidder@bawaba.qa');
    for (let i = 0; i < 2; i++) {
      expect(ids(await directory(b))).toContain(mine.id);
      expect(ids(await directory(b, bidder))).toContain(mine.id);
      expect(ids(await directory(a))).toContain(mine.id);
    }
    const before = await directory(b);

    // Rejected through a: gone from b's reads once the database's notification reached b (milliseconds; 2 s
    // allowed for a loaded machine) — no waiting for a TTL.
    expect(
      (
        await req(a.url, 'POST', `/admin/companies/${mine.id}/reject`, {
          token: admin,
          body: { reason: 'Incomplete details' },
        })
      ).status,
    ).toBe(200);
    await expect.poll(async () => ids(await directory(b)), DELIVERY).not.toContain(mine.id);
    const rejected = await directory(b);
    expect(ids(rejected)).not.toContain(mine.id);
    expect(rejected.totalItems).toBe(before.totalItems - 1);
    expect(ids(await directory(b, bidder))).not.toContain(mine.id);

    // Approved through b: back on a at once.
    expect((await req(b.url, 'POST', `/admin/companies/${mine.id}/approve`, { token: admin })).status).toBe(
      200,
    );
    await expect.poll(async () => ids(await directory(a)), DELIVERY).toContain(mine.id);
    expect((await directory(a)).totalItems).toBe(before.totalItems);

    // Edited through a (back to pending: out of the list), then approved through a: b shows the new name.
    const renamed = `${mine.name} (renamed)`;
    const put = await req(a.url, 'PUT', '/companies/mine', {
      token: owner,
      body: {
        name: renamed,
        serviceIds: mine.services.map((x) => x.id),
        locationId: mine.location?.id ?? null,
      },
    });
    expect(put.status).toBe(200);
    await expect.poll(async () => ids(await directory(b, bidder)), DELIVERY).not.toContain(mine.id);
    expect((await req(a.url, 'POST', `/admin/companies/${mine.id}/approve`, { token: admin })).status).toBe(
      200,
    );
    await expect
      .poll(async () => (await directory(b, bidder)).items.find((c) => c.id === mine.id)?.name, DELIVERY)
      .toBe(renamed);
  });
});

describe('the counters (both kinds: the table on this database, and memory)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp({ seed: false });
  });
  afterAll(async () => {
    await app.cleanup();
  });

  it('count hits atomically in a window, restart it once it is over, peek and clear', async () => {
    for (const [kind, counters] of [
      ['sql', sqlCounters(app.ctx.database.db)],
      ['memory', memoryCounters()],
    ] as const) {
      try {
        const key = `test:${kind}`;
        // The count is checked in a window long enough for a loaded machine; the window's end on its own short one.
        const hits = await Promise.all(Array.from({ length: 40 }, () => counters.hit(key, 60_000)));
        expect(
          hits.map((h) => h.current).sort((x, y) => x - y),
          kind,
        ).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
        for (const h of hits) {
          expect(h.ttl, kind).toBeGreaterThan(0);
          expect(h.ttl, kind).toBeLessThanOrEqual(60_000);
        }
        expect((await counters.peek(key)).current, kind).toBe(40);
        const brief = `${key}:brief`;
        expect((await counters.hit(brief, 300)).current, kind).toBe(1);
        await sleep(350);
        expect(await counters.peek(brief), kind).toEqual({ current: 0, ttl: 0 });
        expect((await counters.hit(brief, 60_000)).current, kind).toBe(1);
        expect((await counters.hit(brief, 60_000)).current, kind).toBe(2);
        await counters.clear(brief);
        expect((await counters.hit(brief, 60_000)).current, kind).toBe(1);
      } finally {
        counters.stop();
      }
    }
  });
});
