import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredKeys } from '../src/lib/idempotency.ts';
import { publishedTender, uploadAttachments } from './fixtures.ts';
import {
  ADMIN,
  BIDDER,
  call,
  DATABASE_URL,
  login,
  makeApp,
  OTHER,
  OWNER,
  rowCount,
  type TestApp,
} from './helpers.ts';

/**
 * Idempotent creates (api/README.md "Idempotent creates"): the creating writes take an `Idempotency-Key`; a repeat
 * of the key with the same request answers the first answer again and writes nothing, another request with it is
 * refused, and concurrent repeats write once. Without the header every route behaves as before.
 */

const DAY = 86_400_000;
/** Short, so that the "still in progress" case answers quickly; the concurrent cases finish far below it. */
const WAIT_MS = 2500;
let app: TestApp;
let owner: string;
let admin: string;
let bidder: string;
let other: string;
const attachments = new Map<string, string>();
let companyOfOther: number;
let companyOfOmar: number;

beforeAll(async () => {
  app = await makeApp({ env: { idempotencyWaitMs: WAIT_MS } });
  [owner, admin, bidder, other] = await Promise.all([
    login(app, OWNER),
    login(app, ADMIN),
    login(app, BIDDER),
    login(app, OTHER),
  ]);
  const omar = await login(app, 'omar@gulfstar.qa');
  companyOfOther = (await call(app, 'GET', '/companies/mine', { token: other })).body.data.id;
  companyOfOmar = (await call(app, 'GET', '/companies/mine', { token: omar })).body.data.id;
  await uploadAttachments(app, [bidder, other], attachments);
});
afterAll(async () => {
  await app.cleanup();
});

/** A published tender of the demo owner (fresh, so every case starts clean). */
const tender = (o: { status?: 'open' | 'closed'; fee?: number } = {}) =>
  publishedTender(
    app,
    { owner, admin },
    {
      title: `Idempotency tender ${Math.random().toString(36).slice(2, 8)}`,
      status: o.status ?? 'open',
      participationFee: o.fee ?? 0,
    },
  );

const milestone = () => ({
  title: 'Design',
  description: 'Wireframes',
  amount: 40000,
  period: 30,
  documents: [],
  start_date: new Date(Date.now() + 20 * DAY).toISOString(),
  end_date: new Date(Date.now() + 50 * DAY).toISOString(),
  expected_completion_date: new Date(Date.now() + 50 * DAY).toISOString(),
});
const offer = (token: string, patch: Record<string, unknown> = {}) => ({
  attachment: attachments.get(token),
  offer_price: 120000,
  title: 'Our offer',
  description: 'Team, plan and references',
  period: 90,
  milestones: [milestone()],
  ...patch,
});
const proposal = (token: string, tenderId: number, patch: Record<string, unknown> = {}) => ({
  tender: tenderId,
  currency: 'QAR',
  payment_terms: '30_days',
  breakdown: [],
  ...offer(token, patch),
});
const serviceRequest = (patch: Record<string, unknown> = {}) => ({
  name: 'Sara',
  email: 'sara@example.qa',
  phone: '97455001122',
  services: [1],
  project_title: 'Website',
  description: 'A bilingual site',
  company: companyOfOther,
  ...patch,
});

async function submitted(token: string, tenderId: number): Promise<number> {
  const r = await call(app, 'POST', '/proposals', { token, payload: proposal(token, tenderId) });
  expect(r.status).toBe(201);
  return r.body.data.proposal.id as number;
}

/** One creating write: where it goes, a second request of another content, and the table it adds a row to. */
type Write = { method: string; url: string; payload?: unknown; other: { url: string; payload?: unknown } };
type Case = {
  name: string;
  table: string;
  status: number;
  make: () => Promise<Write>;
  /** Rows the same request sent twice without a key adds (as before this feature). */
  twiceWithoutKey: number;
};

const CASES: Case[] = [
  {
    name: 'POST /proposals',
    table: 'proposals',
    status: 201,
    twiceWithoutKey: 1, // the second answers 409 PROPOSAL_EXISTS
    make: async () => {
      const t = await tender();
      return {
        method: 'POST',
        url: '/proposals',
        payload: proposal(bidder, t),
        other: { url: '/proposals', payload: proposal(bidder, t, { offer_price: 99000 }) },
      };
    },
  },
  {
    name: 'PUT /proposals/:id (resubmission: a new version)',
    table: 'proposal_versions',
    status: 200,
    twiceWithoutKey: 2,
    make: async () => {
      const id = await submitted(bidder, await tender());
      return {
        method: 'PUT',
        url: `/proposals/${id}`,
        payload: offer(bidder, { title: 'Revised offer' }),
        other: { url: `/proposals/${id}`, payload: offer(bidder, { title: 'Another revision' }) },
      };
    },
  },
  {
    name: 'POST /proposals/:id/pay (payment start)',
    table: 'payments',
    status: 200,
    twiceWithoutKey: 2,
    make: async () => {
      const [a, b] = [
        await submitted(bidder, await tender({ fee: 500 })),
        await submitted(bidder, await tender({ fee: 500 })),
      ];
      return { method: 'POST', url: `/proposals/${a}/pay`, other: { url: `/proposals/${b}/pay` } };
    },
  },
  {
    name: 'POST /requests',
    table: 'service_requests',
    status: 201,
    twiceWithoutKey: 2,
    make: async () => ({
      method: 'POST',
      url: '/requests',
      payload: serviceRequest({ project_title: `Website ${randomUUID()}` }),
      other: { url: '/requests', payload: serviceRequest({ project_title: 'Another website' }) },
    }),
  },
  {
    name: 'POST /interests',
    table: 'interests',
    status: 201,
    twiceWithoutKey: 1, // the second answers 409 INTEREST_EXISTS
    make: async () => {
      const [a, b] = [await tender({ status: 'closed' }), await tender({ status: 'closed' })];
      return {
        method: 'POST',
        url: '/interests',
        payload: { tender: a },
        other: { url: '/interests', payload: { tender: b } },
      };
    },
  },
  {
    name: 'POST /tenders/:id/invitations',
    table: 'tender_invitations',
    status: 201,
    twiceWithoutKey: 1, // the second answers 409 ALREADY_INVITED
    make: async () => {
      const t = await tender();
      return {
        method: 'POST',
        url: `/tenders/${t}/invitations`,
        payload: { company: companyOfOther },
        other: { url: `/tenders/${t}/invitations`, payload: { company: companyOfOmar } },
      };
    },
  },
];

/** The token each case writes as (a tender's owner invites; a bidder creates the rest). */
const writer = (c: Case) => (c.name.includes('invitations') ? owner : bidder);

function send(
  c: Case,
  w: { method: string; url: string; payload?: unknown },
  key?: string,
  token = writer(c),
) {
  return call(app, w.method, w.url, {
    token,
    ...(w.payload === undefined ? {} : { payload: w.payload }),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

describe.each(CASES)('$name', (c) => {
  it('the same request twice with one key writes once; the second answer is the first, flagged replayed', async () => {
    const w = await c.make();
    const before = await rowCount(app, c.table);
    const key = randomUUID();
    const first = await send(c, w, key);
    expect(first.status, JSON.stringify(first.body)).toBe(c.status);
    expect(first.res.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(c, w, key);
    expect(again.status).toBe(c.status);
    expect(again.res.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    // A third time, with the key in capitals: the same key.
    const third = await send(c, w, key.toUpperCase());
    expect(third.body).toEqual(first.body);
    expect(await rowCount(app, c.table)).toBe(before + 1);
  });

  it('the same key with another request: 422 IDEMPOTENCY_KEY_REUSED (translated), nothing written', async () => {
    const w = await c.make();
    const key = randomUUID();
    expect((await send(c, w, key)).status).toBe(c.status);
    const before = await rowCount(app, c.table);
    const reused = await call(app, w.method, w.other.url, {
      token: writer(c),
      ...(w.other.payload === undefined ? {} : { payload: w.other.payload }),
      headers: { 'idempotency-key': key, 'accept-language': 'ar' },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(reused.body.message).toContain('سبق استخدام مفتاح');
    expect(await rowCount(app, c.table)).toBe(before);
  });

  it('two concurrent requests with one key: one write, both answered the same', async () => {
    const w = await c.make();
    const before = await rowCount(app, c.table);
    const key = randomUUID();
    const [a, b] = await Promise.all([send(c, w, key), send(c, w, key)]);
    expect([a.status, b.status]).toEqual([c.status, c.status]);
    expect(a.body).toEqual(b.body);
    const replayed = [a, b].filter((r) => r.res.headers['idempotent-replayed'] === 'true');
    expect(replayed).toHaveLength(1);
    expect(await rowCount(app, c.table)).toBe(before + 1);
  });

  it('without a key nothing changes: the same request twice runs twice', async () => {
    const w = await c.make();
    const before = await rowCount(app, c.table);
    const first = await send(c, w);
    const second = await send(c, w);
    expect(first.status).toBe(c.status);
    expect(second.res.headers['idempotent-replayed']).toBeUndefined();
    expect(second.status).toBe(c.twiceWithoutKey === 2 ? c.status : 409);
    expect(await rowCount(app, c.table)).toBe(before + c.twiceWithoutKey);
  });
});

describe('keys', () => {
  it('are per user: another user sending the same key gets their own write', async () => {
    const t = await tender();
    const key = randomUUID();
    const mine = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: proposal(bidder, t),
      headers: { 'idempotency-key': key },
    });
    const theirs = await call(app, 'POST', '/proposals', {
      token: other,
      payload: proposal(other, t),
      headers: { 'idempotency-key': key },
    });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.res.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.proposal.id).not.toBe(mine.body.data.proposal.id);
  });

  it('are per route: the same key on another creating route is another key', async () => {
    const key = randomUUID();
    const request = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: serviceRequest(),
      headers: { 'idempotency-key': key },
    });
    const interest = await call(app, 'POST', '/interests', {
      token: bidder,
      payload: { tender: await tender({ status: 'closed' }) },
      headers: { 'idempotency-key': key },
    });
    expect([request.status, interest.status]).toEqual([201, 201]);
    expect(interest.res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('must be UUIDs: anything else is a 422 IDEMPOTENCY_KEY_INVALID and writes nothing', async () => {
    const before = await rowCount(app, 'service_requests');
    for (const bad of ['abc', '', `${randomUUID()}x`, 'x'.repeat(300)]) {
      const r = await call(app, 'POST', '/requests', {
        token: bidder,
        payload: serviceRequest(),
        headers: { 'idempotency-key': bad },
      });
      expect(r.status, bad).toBe(422);
      expect(r.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    // The draft's structured-field form (a quoted string) is the same key as the bare one.
    const key = randomUUID();
    const quoted = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: serviceRequest(),
      headers: { 'idempotency-key': `"${key}"` },
    });
    const bare = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: serviceRequest(),
      headers: { 'idempotency-key': key },
    });
    expect(bare.res.headers['idempotent-replayed']).toBe('true');
    expect(bare.body).toEqual(quoted.body);
    expect(await rowCount(app, 'service_requests')).toBe(before + 1);
  });

  it('are not kept for a refused write: the retry runs again', async () => {
    const before = await rowCount(app, 'idempotency_keys');
    const key = randomUUID();
    const refused = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: serviceRequest({ company: 999_999 }),
      headers: { 'idempotency-key': key },
    });
    expect(refused.body.code).toBe('COMPANY_NOT_FOUND');
    expect(await rowCount(app, 'idempotency_keys')).toBe(before);
    const retried = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: serviceRequest({ company: 999_999 }),
      headers: { 'idempotency-key': key },
    });
    expect(retried.body.code).toBe('COMPANY_NOT_FOUND');
  });

  it('expire after 24 hours: an expired key is free again, and the sweep deletes expired keys', async () => {
    const key = randomUUID();
    const first = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: serviceRequest(),
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    const db = app.ctx.database.db;
    await db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const later = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: serviceRequest({ project_title: 'Another project' }),
      headers: { 'idempotency-key': key },
    });
    expect(later.status).toBe(201);
    expect(later.res.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body.data.id).not.toBe(first.body.data.id);
    await db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const kept = await rowCount(app, 'idempotency_keys');
    expect(await sweepExpiredKeys(db)).toBe(1);
    expect(await rowCount(app, 'idempotency_keys')).toBe(kept - 1);
  });
});

// PGlite is one connection: a second transaction never starts while the first holds a key, so only PostgreSQL can
// show a repeat meeting a first request that is still running.
if (DATABASE_URL) {
  it('a repeat while the first request still runs waits for it, then answers 409 IDEMPOTENCY_IN_PROGRESS', async () => {
    const key = randomUUID();
    const me = (await call(app, 'GET', '/users/me', { token: bidder })).body.data.id as number;
    const holder = new pg.Client({ connectionString: app.ctx.config.databaseUrl });
    await holder.connect();
    try {
      // Another instance's transaction that claimed the key and has not committed yet.
      await holder.query('begin');
      await holder.query(
        `insert into idempotency_keys (user_id, key, route, request_hash) values ($1, $2, 'POST /api/v1/requests', 'x')`,
        [me, key],
      );
      const before = await rowCount(app, 'service_requests');
      const started = Date.now();
      const busy = await call(app, 'POST', '/requests', {
        token: bidder,
        payload: serviceRequest(),
        headers: { 'idempotency-key': key },
      });
      expect(busy.status).toBe(409);
      expect(busy.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 100);
      expect(await rowCount(app, 'service_requests')).toBe(before);
      // The first one fails (rolls back): the retry goes ahead and writes once.
      await holder.query('rollback');
      const retried = await call(app, 'POST', '/requests', {
        token: bidder,
        payload: serviceRequest(),
        headers: { 'idempotency-key': key },
      });
      expect(retried.status).toBe(201);
      expect(await rowCount(app, 'service_requests')).toBe(before + 1);
    } finally {
      await holder.end();
    }
  });
}
