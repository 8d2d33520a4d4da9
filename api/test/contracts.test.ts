import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.ts';
import { tenderParties, tenderWithThreeBids } from './fixtures.ts';
import { call, makeApp, type TestApp } from './helpers.ts';

/**
 * A contract from the award: made when the award becomes final (at once without a standstill, at the end of one),
 * from the winning proposal; read by both sides' members and admins only; accepted by each side (the member and the
 * time recorded), in effect once both did; both sides told.
 */

let app: TestApp;
let owner: string;
let bidder: string;
let other: string;
let third: string;
let admin: string;
const attachments = new Map<string, string>();

beforeAll(async () => {
  app = await makeApp({ env: { testHooks: true } });
  ({ owner, bidder, other, third, admin } = await tenderParties(app, attachments));
});
afterAll(async () => {
  await app.cleanup();
});

const parties = () => ({ owner, admin, bidder, other, third });

/** A tender awarded to `winner` (0: the demo bidder's 300 000, 1: the other company's 100 000) without a standstill. */
async function awarded(winner: 0 | 1 = 1, patch: Record<string, unknown> = {}) {
  const { id, ps } = await tenderWithThreeBids(app, parties(), attachments, { standstillDays: 0, ...patch });
  const r = await call(app, 'POST', `/tenders/${id}/award`, {
    token: owner,
    payload: { proposalId: ps[winner] },
  });
  expect(r.status).toBe(200);
  return { id, ps };
}

async function contractOf(tenderId: number, token = owner) {
  const list = await call(app, 'GET', '/contracts', { token });
  expect(list.status).toBe(200);
  return list.body.data.find((c: { tender: { id: number } }) => c.tender.id === tenderId);
}

const notices = async (userToken: string) => {
  const me = await call(app, 'GET', '/users/me', { token: userToken });
  return app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, me.body.data.id));
};

describe('a contract from the final award', () => {
  it('is made at once from an award without a standstill: parties, value, milestones', async () => {
    const { id } = await awarded(1);
    const summary = await contractOf(id);
    expect(summary).toMatchObject({ status: 'pending', side: 'buyer', value: 100000, currency: 'QAR' });
    expect(summary.number).toMatch(/-C$/);
    const c = (await call(app, 'GET', `/contracts/${summary.id}`, { token: owner })).body.data;
    expect(c.milestones).toHaveLength(1);
    expect(c.milestones[0]).toMatchObject({ title: 'Works', amount: 100000, status: 'pending' });
    expect(c.milestones[0].dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(c.buyer.companyId).not.toBeNull();
    expect(c.supplier.companyId).not.toBeNull();
    expect(c.acceptances).toEqual({ buyer: null, supplier: null });
    expect(c.can).toEqual({ accept: true, terminate: true, proposeVariation: false });
    expect(c.refusals.proposeVariation).toBe('CONTRACT_NOT_ACTIVE');
    expect(c.history.map((e: { action: string }) => e.action)).toEqual(['created']);
    // The documents agreed to: the winning proposal's attachment, which both sides may download.
    const attachment = attachments.get(other)!;
    expect(c.documents.proposal.map((f: { id: string }) => f.id)).toEqual([attachment]);
    expect(c.documents.tender).toEqual([]);
    for (const token of [owner, other])
      expect((await call(app, 'GET', `/files/${attachment}`, { token })).status).toBe(200);
    // The winner sees it as the supplier; the losers and strangers do not see it at all; admins read it.
    expect((await contractOf(id, other)).side).toBe('supplier');
    expect(await contractOf(id, third)).toBeUndefined();
    expect(await contractOf(id, bidder)).toBeUndefined();
    expect((await call(app, 'GET', `/contracts/${summary.id}`, { token: third })).status).toBe(404);
    const read = await call(app, 'GET', `/contracts/${summary.id}`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.data.side).toBeNull();
    expect(read.body.data.can.accept).toBe(false);
    // Both sides are told, in English and Arabic.
    const told = (await notices(other)).filter((n) => n.link === `/account/contracts/${summary.id}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.titleAr).toBe('عقد جاهز للقبول');
  });

  it('is made only when a standstill ends, not at the award decision', async () => {
    const { id, ps } = await tenderWithThreeBids(app, parties(), attachments, { standstillDays: 3 });
    expect(
      (await call(app, 'POST', `/tenders/${id}/award`, { token: owner, payload: { proposalId: ps[0] } }))
        .status,
    ).toBe(200);
    expect(await contractOf(id)).toBeUndefined();
    const ended = await call(app, 'POST', `/test-hooks/tenders/${id}/end-standstill`, { token: admin });
    expect(ended.body.data.finalised).toBe(1);
    const c = await contractOf(id);
    // The demo bidder bid as themselves: the supplier side is that person.
    expect(c).toMatchObject({
      status: 'pending',
      value: 300000,
      supplier: { companyId: null, nameLang: null },
    });
    expect((await contractOf(id, bidder)).side).toBe('supplier');
  });

  it('is worth the best and final price, its milestones scaled to it', async () => {
    const { id, ps } = await tenderWithThreeBids(app, parties(), attachments, {
      standstillDays: 0,
      evaluation: { method: 'lowest_price', envelopes: 1, bestAndFinalOffer: true },
    });
    const started = await call(app, 'POST', `/tenders/${id}/bafo`, {
      token: owner,
      payload: { proposalIds: [ps[1]], deadline: new Date(Date.now() + 2 * 3_600_000).toISOString() },
    });
    expect(started.status).toBe(200);
    expect(
      (
        await call(app, 'PUT', `/tenders/${id}/bafo/offer`, {
          token: other,
          payload: { offerPrice: 90000.5 },
        })
      ).status,
    ).toBe(200);
    const { tenders } = await import('../src/db/schema.ts');
    await app.ctx.database.db
      .update(tenders)
      .set({ bafoDeadline: new Date(Date.now() - 1000) })
      .where(eq(tenders.id, id));
    const r = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: ps[1] },
    });
    expect(r.status).toBe(200);
    const c = await contractOf(id);
    expect(c.value).toBe(90000.5);
    const whole = (await call(app, 'GET', `/contracts/${c.id}`, { token: owner })).body.data;
    expect(whole.milestones.map((m: { amount: number }) => m.amount)).toEqual([90000.5]);
  });
});

describe('acceptance by both sides', () => {
  it('records each side’s member and time; the contract is in effect once both accepted', async () => {
    const { id } = await awarded(1);
    const { id: cid } = await contractOf(id);
    const first = await call(app, 'POST', `/contracts/${cid}/accept`, { token: owner });
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('pending');
    expect(first.body.data.acceptances.buyer.name).toBeTruthy();
    expect(first.body.data.acceptances.supplier).toBeNull();
    expect(first.body.data.can.accept).toBe(false);
    expect(first.body.data.refusals.accept).toBe('CONTRACT_ALREADY_ACCEPTED');
    const again = await call(app, 'POST', `/contracts/${cid}/accept`, { token: owner });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONTRACT_ALREADY_ACCEPTED');
    // The supplier is told the buyer accepted.
    expect((await notices(other)).some((n) => n.title === 'Contract accepted by the other party')).toBe(true);
    // Strangers and admins change nothing.
    expect((await call(app, 'POST', `/contracts/${cid}/accept`, { token: third })).status).toBe(404);
    expect((await call(app, 'POST', `/contracts/${cid}/accept`, { token: admin })).status).toBe(403);
    const second = await call(app, 'POST', `/contracts/${cid}/accept`, { token: other });
    expect(second.status).toBe(200);
    expect(second.body.data.status).toBe('active');
    expect(second.body.data.acceptances.supplier.at).toBeTruthy();
    expect(second.body.data.history.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'accepted',
      'accepted',
      'activated',
    ]);
    expect(second.body.data.can).toMatchObject({ accept: false, proposeVariation: true, terminate: true });
    expect(
      (await notices(owner)).some((n) => n.title === 'Contract in effect' && n.link?.endsWith(`/${cid}`)),
    ).toBe(true);
  });

  it('answers in Arabic with a translated refusal', async () => {
    const r = await call(app, 'POST', '/contracts/999999/accept', {
      token: owner,
      headers: { 'accept-language': 'ar' },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('العقد غير موجود');
  });
});

describe('termination', () => {
  it('ends the contract with a reason, by either side; the other side is told; nothing more can be done', async () => {
    const { id } = await awarded(1);
    const { id: cid } = await contractOf(id);
    expect(
      (await call(app, 'POST', `/contracts/${cid}/terminate`, { token: other, payload: {} })).status,
    ).toBe(422);
    const r = await call(app, 'POST', `/contracts/${cid}/terminate`, {
      token: other,
      payload: { reason: 'We can no longer deliver' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('terminated');
    expect(r.body.data.termination).toMatchObject({ reason: 'We can no longer deliver' });
    expect(r.body.data.termination.by.name).toBeTruthy();
    expect(r.body.data.can).toEqual({ accept: false, terminate: false, proposeVariation: false });
    expect(r.body.data.history.at(-1)).toMatchObject({
      action: 'terminated',
      details: { side: 'supplier', reason: 'We can no longer deliver' },
    });
    const told = (await notices(owner)).find(
      (n) => n.title === 'Contract terminated' && n.link?.endsWith(`/${cid}`),
    );
    expect(told?.content).toContain('We can no longer deliver');
    const again = await call(app, 'POST', `/contracts/${cid}/terminate`, {
      token: owner,
      payload: { reason: 'x' },
    });
    expect([again.status, again.body.code]).toEqual([409, 'CONTRACT_ENDED']);
    const accept = await call(app, 'POST', `/contracts/${cid}/accept`, { token: owner });
    expect([accept.status, accept.body.code]).toEqual([409, 'CONTRACT_NOT_PENDING']);
  });
});

describe('the contract document', () => {
  it('is a PDF in English and in Arabic for each party (and admins), and 404 for anyone else', async () => {
    const { id } = await awarded(1);
    const { id: cid } = await contractOf(id);
    expect((await call(app, 'POST', `/contracts/${cid}/accept`, { token: owner })).status).toBe(200);
    const pdfs: Record<string, string> = {};
    for (const [who, token] of [
      ['buyer', owner],
      ['supplier', other],
      ['admin', admin],
    ] as const) {
      for (const lang of ['en', 'ar'] as const) {
        const r = await app.inject({
          method: 'GET',
          url: `/api/v1/contracts/${cid}/document?lang=${lang}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(r.statusCode, `${who} ${lang}`).toBe(200);
        expect(r.headers['content-type']).toBe('application/pdf');
        expect(r.headers['content-disposition']).toContain(`-C-${lang}.pdf`);
        expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        pdfs[lang] = r.rawPayload.toString('latin1');
      }
    }
    expect(pdfs.en).not.toBe(pdfs.ar);
    expect((await call(app, 'GET', `/contracts/${cid}/document?lang=en`, { token: third })).status).toBe(404);
    expect((await call(app, 'GET', `/contracts/${cid}/document?lang=fr`, { token: owner })).status).toBe(422);
  });
});

describe('the demo', () => {
  it('has contracts in three states for the demo owner and the winning company', async () => {
    const seeded = (await call(app, 'GET', '/contracts', { token: owner })).body.data.filter(
      (c: { createdAt: string }) => Date.parse(c.createdAt) < Date.now() - 3_600_000,
    );
    expect(seeded.map((c: { status: string }) => c.status).sort()).toEqual([
      'active',
      'completed',
      'pending',
    ]);
    const active = seeded.find((c: { status: string }) => c.status === 'active');
    const whole = (await call(app, 'GET', `/contracts/${active.id}`, { token: other })).body.data;
    expect(whole.side).toBe('supplier');
    expect(whole.milestones.map((m: { status: string }) => m.status)).toEqual(['submitted', 'pending']);
    const file = whole.milestones[0].submission.files[0];
    expect((await call(app, 'GET', `/files/${file.id}`, { token: owner })).status).toBe(200);
    const pending = seeded.find((c: { status: string }) => c.status === 'pending');
    expect((await call(app, 'GET', `/contracts/${pending.id}`, { token: owner })).body.data.can.accept).toBe(
      true,
    );
    const completed = seeded.find((c: { status: string }) => c.status === 'completed');
    expect(completed.progress).toEqual({ total: 2, accepted: 2, paid: 2 });
  });
});
