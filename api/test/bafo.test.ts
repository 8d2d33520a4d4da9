import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals, tenders } from '../src/db/schema.ts';
import { daysFromNow, tenderParties, tenderWithThreeBids } from './fixtures.ts';
import { call, makeApp, type TestApp } from './helpers.ts';

/**
 * The best-and-final-offer round (docs/decisions/0015-best-and-final-offer.md): only where the method announced it,
 * once per tender, for proposals still in the running; an invited bidder's price not above its offer, sealed to
 * everyone else until the round's deadline, then counted; no award while the round is open.
 */

let app: TestApp;
let owner: string;
let bidder: string;
let other: string;
let third: string;
let admin: string;
const attachments = new Map<string, string>();

beforeAll(async () => {
  app = await makeApp();
  ({ owner, bidder, other, third, admin } = await tenderParties(app, attachments));
});
afterAll(async () => {
  await app.cleanup();
});

const announced = { method: 'lowest_price', envelopes: 1, bestAndFinalOffer: true };
const ar = { 'accept-language': 'ar' };
const codeOf = (r: { status: number; body: { code?: string } }) => [r.status, r.body.code];

/** A published tender with three proposals (bidder 300k, other 100k, third 200k), past its deadline. */
const withThreeBids = (evaluation: Record<string, unknown> = announced) =>
  tenderWithThreeBids(app, { owner, admin, bidder, other, third }, attachments, {
    title: `BAFO ${Math.random().toString(36).slice(2, 8)}`,
    evaluation,
    standstillDays: 0,
  });

const start = (id: number, payload: Record<string, unknown>, headers?: Record<string, string>) =>
  call(app, 'POST', `/tenders/${id}/bafo`, { token: owner, payload, headers });
const offer = (id: number, token: string, offerPrice: number) =>
  call(app, 'PUT', `/tenders/${id}/bafo/offer`, { token, payload: { offerPrice } });
const round = async (id: number, token: string) => {
  const r = await call(app, 'GET', `/tenders/${id}/bafo`, { token });
  expect(r.status).toBe(200);
  return r.body.data;
};
const tender = async (id: number, token = owner) =>
  (await call(app, 'GET', `/tenders/${id}`, { token })).body.data;
const titles = async (token: string) =>
  ((await call(app, 'GET', '/notification', { token })).body.data as { title: string }[]).map((n) => n.title);

describe('starting a round', () => {
  it('is refused where the method did not announce one, and offered where it did', async () => {
    const plain = await withThreeBids({ method: 'lowest_price', envelopes: 1 });
    expect((await tender(plain.id)).refusals.startBafo).toBe('BAFO_NOT_ANNOUNCED');
    const refused = await start(plain.id, { proposalIds: [plain.ps[0]], deadline: daysFromNow(2) }, ar);
    expect(codeOf(refused)).toEqual([409, 'BAFO_NOT_ANNOUNCED']);
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    const { id } = await withThreeBids();
    expect((await tender(id)).can.startBafo).toBe(true);
    // Not by a bidder, nor before the deadline (a published tender takes proposals, not offers).
    expect((await tender(id, bidder)).can.startBafo).toBe(false);
    expect(await round(id, owner)).toBeNull();
  });

  it('checks the deadline and the invitees, then invites once and tells the invited bidders only', async () => {
    const { id, ps } = await withThreeBids();
    const tooSoon = await start(id, {
      proposalIds: [ps[0]],
      deadline: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(codeOf(tooSoon)).toEqual([422, 'BAFO_DEADLINE_RANGE']);
    const tooLate = await start(id, { proposalIds: [ps[0]], deadline: daysFromNow(31) });
    expect(codeOf(tooLate)).toEqual([422, 'BAFO_DEADLINE_RANGE']);
    expect(codeOf(await start(id, { proposalIds: [999999], deadline: daysFromNow(2) }))).toEqual([
      422,
      'PROPOSAL_NOT_IN_RUNNING',
    ]);
    // A proposal marked not responsive is out of the running.
    const marked = await call(app, 'POST', `/tenders/${id}/proposals/${ps[1]}/evaluation`, {
      token: owner,
      payload: { evaluation: 'not_responsive', reason: 'No licence' },
    });
    expect(marked.status).toBe(200);
    expect(codeOf(await start(id, { proposalIds: [ps[1]], deadline: daysFromNow(2) }))).toEqual([
      422,
      'PROPOSAL_NOT_IN_RUNNING',
    ]);
    // Nothing of the refused attempts was kept.
    expect(await round(id, owner)).toBeNull();

    const started = await start(id, {
      proposalIds: [ps[0], ps[2]],
      deadline: daysFromNow(2),
      note: 'Sharpen it.',
    });
    expect(started.status).toBe(200);
    expect(started.body.data.can.startBafo).toBe(false);
    expect(started.body.data.refusals.startBafo).toBe('BAFO_ALREADY_HELD');
    expect(codeOf(await start(id, { proposalIds: [ps[0]], deadline: daysFromNow(3) }))).toEqual([
      409,
      'BAFO_ALREADY_HELD',
    ]);
    const seen = await round(id, owner);
    expect(seen).toMatchObject({ closed: false, note: 'Sharpen it.' });
    expect(
      seen.invitees.map((i: { proposalId: number; previousPrice: number; price: number | null }) => [
        i.proposalId,
        i.previousPrice,
        i.price,
      ]),
    ).toEqual([
      [ps[0], 300000, null],
      [ps[2], 200000, null],
    ]);
    expect(await titles(bidder)).toContain('Invitation to a best and final offer');
    expect(await titles(third)).toContain('Invitation to a best and final offer');
    expect(await titles(other)).not.toContain('Invitation to a best and final offer');
    const history = (await call(app, 'GET', `/tenders/${id}/history`, { token: owner })).body.data as {
      action: string;
    }[];
    expect(history.map((e) => e.action)).toContain('bafo_started');
  });
});

describe('an offer', () => {
  it('is an invited bidder’s, not above its offer, sealed to the buyer until the deadline, and blocks the award meanwhile', async () => {
    const { id, ps } = await withThreeBids();
    expect((await start(id, { proposalIds: [ps[0], ps[2]], deadline: daysFromNow(2) })).status).toBe(200);

    expect(codeOf(await offer(id, bidder, 350000))).toEqual([422, 'BAFO_NOT_LOWER']);
    // Not invited: the cheapest bidder; the buyer side has no offer to make.
    expect(codeOf(await offer(id, other, 90000))).toEqual([409, 'NOT_INVITED_TO_BAFO']);
    expect((await tender(id, other)).refusals.submitBafo).toBe('NOT_INVITED_TO_BAFO');
    expect(await round(id, other)).toBeNull();
    expect((await tender(id, bidder)).can.submitBafo).toBe(true);

    const sent = await offer(id, bidder, 95000);
    expect(sent.status).toBe(200);
    expect(sent.body.data.invitees).toEqual([
      expect.objectContaining({ proposalId: ps[0], submitted: true, price: 95000, previousPrice: 300000 }),
    ]);
    // Changed until the deadline.
    expect((await offer(id, bidder, 90000)).status).toBe(200);
    // Sealed to the buyer side and to admins until the deadline; the history carries no price.
    for (const token of [owner, admin]) {
      const r = await round(id, token);
      expect(
        r.invitees.map((i: { submitted: boolean; price: number | null }) => [i.submitted, i.price]),
      ).toEqual([
        [true, null],
        [false, null],
      ]);
    }
    const history = await call(app, 'GET', `/tenders/${id}/history`, { token: owner });
    expect(JSON.stringify(history.body.data)).not.toMatch(/9\d000/);
    expect(await titles(owner)).toContain('Best and final offer received');

    // No award and no closing without award while the round is open.
    const t = await tender(id);
    expect([t.can.award, t.refusals.award, t.refusals.noAward]).toEqual([false, 'BAFO_OPEN', 'BAFO_OPEN']);
    expect(
      codeOf(
        await call(app, 'POST', `/tenders/${id}/award`, { token: owner, payload: { proposalId: ps[1] } }),
      ),
    ).toEqual([409, 'BAFO_OPEN']);

    // The deadline passes: offers close, open to the buyer, and the award is possible again.
    await app.ctx.database.db
      .update(tenders)
      .set({ bafoDeadline: new Date(Date.now() - 1) })
      .where(eq(tenders.id, id));
    expect(codeOf(await offer(id, third, 150000))).toEqual([409, 'BAFO_CLOSED']);
    const closed = await round(id, owner);
    expect(closed.closed).toBe(true);
    expect(closed.invitees.map((i: { price: number | null }) => i.price)).toEqual([90000, null]);
    const [stored] = await app.ctx.database.db
      .select({ price: proposals.bafoPrice })
      .from(proposals)
      .where(eq(proposals.id, ps[2]));
    expect(stored?.price).toBeNull();
    expect((await tender(id)).can.award).toBe(true);

    // The comparison orders by the price that counts: the best and final offer where one was made (and its CSV).
    const compared = await call(app, 'GET', `/tenders/${id}/comparison`, {
      token: owner,
      query: { sort: 'offerPrice', order: 'asc' },
    });
    expect(
      compared.body.data.rows.map(
        (r: { proposalId: number; offerPrice: number; bestAndFinalOffer: number | null }) => [
          r.proposalId,
          r.offerPrice,
          r.bestAndFinalOffer,
        ],
      ),
    ).toEqual([
      [ps[0], 300000, 90000],
      [ps[1], 100000, null],
      [ps[2], 200000, null],
    ]);
    const csv = await call(app, 'GET', `/tenders/${id}/comparison.csv`, { token: owner, headers: ar });
    expect(csv.res.body).toContain('العرض الأفضل والنهائي');
    // The award is for the best and final offer.
    const awarded = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: ps[0] },
    });
    expect(awarded.status).toBe(200);
    const won = (
      (await call(app, 'GET', '/notification', { token: bidder })).body.data as {
        title: string;
        content: string;
      }[]
    ).find((n) => n.title === 'Your proposal won' && n.content.includes('BAFO'));
    expect(won?.content).toMatch(/90,000/);
  });
});
