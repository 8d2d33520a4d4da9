import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { webhookDeliveries } from '../src/db/schema.ts';
import { awardAfterDeadline, proposalBody, publishedTender, tenderParties } from './fixtures.ts';
import { call, DATABASE_URL, type TestApp, throwawayDatabase } from './helpers.ts';
import { type Receiver, startReceiver, until } from './webhook-receiver.ts';

/**
 * Exactly once after an outage and a restart: two companies subscribe; a question, the bid opening, the award, the
 * contract's acceptances and a milestone happen while the receiver answers 503; the API instance is closed while
 * the deliveries are retrying and a new one starts on the same database (PGlite's data directory kept, or the same
 * PostgreSQL database); the receiver comes back — every event arrives, verified, exactly once.
 */

const WEBHOOKS = {
  timeoutMs: 10_000,
  backoffBaseMs: 200,
  maxAttempts: 100,
  intervalMs: 100,
  allowPrivateUrls: true,
  requireHttps: false,
};

let receiver: Receiver;
let dataDir: string;
let dbx: Awaited<ReturnType<typeof throwawayDatabase>> | null = null;

beforeAll(async () => {
  receiver = await startReceiver();
  dataDir = mkdtempSync(join(tmpdir(), 'bawaba-webhooks-restart-'));
  dbx = DATABASE_URL ? await throwawayDatabase() : null;
});
afterAll(async () => {
  await receiver?.close();
  await dbx?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<TestApp> {
  const app = await buildApp({
    dataDir,
    databaseUrl: dbx?.url,
    logger: false,
    jwtSecret: 'webhooks-restart-secret-0123456789-abcdef',
    publicUrl: 'http://localhost:4000',
    seed: true,
    checkResponses: true,
    webhooks: WEBHOOKS,
  });
  await app.ready();
  return Object.assign(app, { cleanup: () => app.close() });
}

it('delivers every event exactly once after an outage and a restart', { timeout: 240_000 }, async () => {
  let app = await start();
  const attachments = new Map<string, string>();
  const p = await tenderParties(app, attachments);
  const companyOf = async (token: string) =>
    (await call(app, 'GET', '/companies/mine', { token })).body.data.id as number;
  const [buyerCo, supplierCo] = [await companyOf(p.owner), await companyOf(p.other)];
  expect(buyerCo).not.toBe(supplierCo);

  const contractEvents = [
    'contract.created',
    'contract.accepted',
    'contract.activated',
    'contract.milestone_submitted',
  ];
  const subscribe = async (token: string, company: number, path: string, events: string[]) => {
    const r = await call(app, 'POST', `/companies/${company}/webhooks`, {
      token,
      payload: { url: receiver.url(path), events },
    });
    expect(r.status).toBe(201);
    receiver.trust(path, r.body.data.secret);
  };
  await subscribe(p.owner, buyerCo, '/buyer', [
    'tender.question_asked',
    'tender.bids_opened',
    'tender.awarded',
    ...contractEvents,
  ]);
  await subscribe(p.other, supplierCo, '/supplier', ['proposal.outcome', ...contractEvents]);

  // The outage starts before anything happens.
  receiver.answer(503);
  const tender = await publishedTender(app, p, { standstillDays: 0 });
  const asked = await call(app, 'POST', `/tenders/${tender}/clarifications`, {
    token: p.other,
    payload: { question: 'Is the site visit required?' },
  });
  expect(asked.status).toBe(201);
  const sent = await call(app, 'POST', '/proposals', {
    token: p.other,
    payload: proposalBody(tender, attachments.get(p.other)),
  });
  expect(sent.status).toBe(201);
  const { contractId } = await awardAfterDeadline(app, p.owner, tender, sent.body.data.proposal.id);
  const contract = { id: contractId! };
  expect((await call(app, 'POST', `/contracts/${contract.id}/accept`, { token: p.owner })).status).toBe(200);
  expect((await call(app, 'POST', `/contracts/${contract.id}/accept`, { token: p.other })).status).toBe(200);
  const milestone = (await call(app, 'GET', `/contracts/${contract.id}`, { token: p.owner })).body.data
    .milestones[0].id;
  const submitted = await call(app, 'PUT', `/contracts/${contract.id}/milestones/${milestone}/submission`, {
    token: p.other,
    payload: { note: 'Designs attached' },
  });
  expect(submitted.status).toBe(200);

  // Each event is being retried (tried at least once, refused by the outage) when the instance closes.
  const rows = () => app.ctx.database.db.select().from(webhookDeliveries);
  await until('every delivery tried during the outage', async () =>
    (await rows()).every((r) => r.status === 'retrying' && r.attempts >= 1),
  );
  const expected = await rows();
  const types = (path: string) => {
    const sub = path === '/buyer' ? 1 : 2;
    return expected
      .filter((r) => r.subscriptionId === sub)
      .map((r) => r.type)
      .sort();
  };
  expect(types('/buyer')).toEqual(
    [
      'tender.question_asked',
      'tender.bids_opened',
      'tender.awarded',
      'contract.created',
      'contract.accepted',
      'contract.accepted',
      'contract.activated',
      'contract.milestone_submitted',
    ].sort(),
  );
  expect(types('/supplier')).toEqual(
    [
      'proposal.outcome',
      'contract.created',
      'contract.accepted',
      'contract.accepted',
      'contract.activated',
      'contract.milestone_submitted',
    ].sort(),
  );
  expect(receiver.accepted).toHaveLength(0);
  await app.close();

  // The restart: a new instance on the same database; then the receiver comes back.
  app = await start();
  receiver.answer(null);
  try {
    await until(
      'every event delivered',
      () => new Set(receiver.accepted.map((r) => r.id)).size >= expected.length,
      60_000,
    );
    // Nothing more arrives afterwards (a duplicate would).
    await new Promise((r) => setTimeout(r, 1000));
    const ids = receiver.accepted.map((r) => r.id);
    expect(ids).toHaveLength(expected.length);
    expect(new Set(ids)).toEqual(new Set(expected.map((r) => r.eventId)));
    // Each body is the event as frozen when it happened, its id the webhook-id.
    for (const got of receiver.accepted) {
      const row = expected.find((r) => r.eventId === got.id)!;
      expect(got.body).toBe(row.payload);
      expect(got.payload.id).toBe(got.id);
      expect(got.path).toBe(row.subscriptionId === 1 ? '/buyer' : '/supplier');
    }
    const outcome = receiver.accepted.find((r) => r.payload.type === 'proposal.outcome')!;
    expect(outcome.payload.data).toMatchObject({ proposalId: sent.body.data.proposal.id, outcome: 'won' });
    const after = () => app.ctx.database.db.select().from(webhookDeliveries);
    await until('every row marked delivered', async () =>
      (await after()).every((r) => r.status === 'delivered'),
    );
    expect((await after()).every((r) => r.deliveredAt !== null && r.lockedUntil === null)).toBe(true);
  } finally {
    await app.close();
  }
});
