/**
 * An API instance killed (SIGKILL) while a proposal submission is in flight: the write is committed once or not at
 * all, and the client's retry with the same Idempotency-Key after the restart never makes a second proposal
 * (api/README.md "Idempotent creates"). A real process (node src/main.ts) on PGlite's folder, or on one PostgreSQL
 * database with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAMPLE_PDF } from '../src/db/seed/demo.ts';
import { DAY, tenderBody } from './fixtures.ts';
import { type ApiSite, apiSite, loginAt, req, sleep, uploadAt } from './process-helpers.ts';

let site: ApiSite;
let owner: string;
let admin: string;
let bidder: string;
let attachment: string;

beforeAll(async () => {
  site = await apiSite();
  await site.start();
  [owner, admin, bidder] = await Promise.all([
    loginAt(site.url, 'owner@bawaba.qa'),
    loginAt(site.url, 'admin@bawaba.qa'),
    loginAt(site.url, 'bidder@bawaba.qa'),
  ]);
  attachment = await uploadAt(site.url, bidder, 'proposal-attachment', 'offer.pdf', SAMPLE_PDF);
}, 240_000);
afterAll(async () => {
  await site?.cleanup();
}, 120_000);

/** A fresh published open tender without fee (so a proposal is one row, its version and a notification). */
async function tender(): Promise<number> {
  const t = await req<{ id: number }>(site.url, 'POST', '/tenders', {
    token: owner,
    body: tenderBody({ title: `Crash tender ${Math.random().toString(36).slice(2, 8)}` }),
  });
  expect(t.status).toBe(201);
  expect((await req(site.url, 'POST', `/tenders/${t.data.id}/publish`, { token: owner })).status).toBe(200);
  expect((await req(site.url, 'POST', `/admin/tenders/${t.data.id}/approve`, { token: admin })).status).toBe(
    200,
  );
  return t.data.id;
}

const proposalBody = (tenderId: number) =>
  JSON.stringify({
    tender: tenderId,
    attachment,
    offer_price: 120000,
    title: 'Our offer',
    description: 'Team, plan and references',
    period: 90,
    currency: 'QAR',
    payment_terms: '30_days',
    breakdown: [],
    milestones: [
      {
        title: 'Design',
        description: 'Wireframes',
        amount: 40000,
        period: 30,
        documents: [],
        start_date: new Date(Date.now() + 20 * DAY).toISOString(),
        end_date: new Date(Date.now() + 50 * DAY).toISOString(),
        expected_completion_date: new Date(Date.now() + 50 * DAY).toISOString(),
      },
    ],
  });

/** POST /proposals on a raw connection: the headers and the first `sent` bytes of `body` (all of it by default). */
function startPost(body: string, key: string, sent = body.length) {
  const r = request({
    host: '127.0.0.1',
    port: site.port,
    method: 'POST',
    path: '/api/v1/proposals',
    headers: {
      authorization: `Bearer ${bidder}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'idempotency-key': key,
    },
  });
  // The connection dies with the process: the client sees a reset, which is what a retry is for.
  r.on('error', () => undefined);
  const answered = new Promise<number>((res) => r.on('response', (m) => res(m.statusCode ?? 0)));
  r.write(body.slice(0, sent));
  if (sent === body.length) r.end();
  return { answered };
}

/** The retry: the same request with the same key, on the restarted instance. */
async function retry(body: string, key: string) {
  const res = await fetch(`${site.url}/proposals`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bidder}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body,
  });
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed') === 'true',
    body: (await res.json()) as { data: { proposal: { id: number } } },
  };
}

async function proposalsIn(tenderId: number): Promise<number[]> {
  const mine = await req<{ id: number; tender: { id: number } }[]>(site.url, 'GET', '/proposals/mine', {
    token: bidder,
  });
  return mine.data.filter((p) => p.tender.id === tenderId).map((p) => p.id);
}

async function killAndRestart() {
  await site.stop('SIGKILL');
  await site.start();
}

it('killed while the body is half sent: nothing committed; the retry writes the proposal once', {
  timeout: 300_000,
}, async () => {
  const t = await tender();
  const key = randomUUID();
  const body = proposalBody(t);
  startPost(body, key, Math.floor(body.length / 2));
  await sleep(300);
  await killAndRestart();
  expect(await proposalsIn(t)).toEqual([]);
  const r = await retry(body, key);
  expect(r.status).toBe(201);
  expect(r.replayed).toBe(false);
  expect(await proposalsIn(t)).toEqual([r.body.data.proposal.id]);
  // A second retry (the answer was lost again) replays it.
  const again = await retry(body, key);
  expect(again.replayed).toBe(true);
  expect(again.body).toEqual(r.body);
  expect(await proposalsIn(t)).toHaveLength(1);
});

it('killed after the write committed but before the client read the answer: the retry replays it', {
  timeout: 300_000,
}, async () => {
  const t = await tender();
  const key = randomUUID();
  const body = proposalBody(t);
  const { answered } = startPost(body, key);
  expect(await answered).toBe(201); // committed; the client "loses" the answer with the instance
  await killAndRestart();
  const r = await retry(body, key);
  expect(r.status).toBe(201);
  expect(r.replayed).toBe(true);
  expect(await proposalsIn(t)).toEqual([r.body.data.proposal.id]);
});

it('killed right after the whole request was sent: committed once or not at all, never twice', {
  timeout: 300_000,
}, async () => {
  const t = await tender();
  const key = randomUUID();
  const body = proposalBody(t);
  startPost(body, key);
  await killAndRestart();
  const before = await proposalsIn(t);
  expect(before.length).toBeLessThanOrEqual(1);
  const r = await retry(body, key);
  expect(r.status).toBe(201);
  // Replayed exactly when the killed instance had committed it.
  expect(r.replayed).toBe(before.length === 1);
  expect(await proposalsIn(t)).toEqual([r.body.data.proposal.id]);
});
