import { addWorkingDays } from '@bawaba/shared/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finaliseDueAwards } from '../src/modules/tenders/standstill.ts';
import { daysFromNow, tenderParties, tenderWithThreeBids } from './fixtures.ts';
import { call, makeApp, newMember, type TestApp } from './helpers.ts';

/**
 * The decision stage: four eyes on the end of a tender (requests, approval by another approver, refusal with a
 * reason), the standstill an award decision opens (Qatar working days; final by the job only when it has ended and
 * no objection is open), and bidders' objections (one each, not the winner, answered by the buyer side).
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

const ar = { 'accept-language': 'ar' };

/** A published tender of the demo owner's company with three proposals (300k, 100k, 200k), past its deadline. */
const withThreeBids = (patch: Record<string, unknown> = {}) =>
  tenderWithThreeBids(app, { owner, admin, bidder, other, third }, attachments, {
    title: `Decision stage ${Math.random().toString(36).slice(2, 8)}`,
    ...patch,
  });

const tender = async (id: number, token = owner) =>
  (await call(app, 'GET', `/tenders/${id}`, { token })).body.data;
const history = async (id: number) =>
  (
    (await call(app, 'GET', `/tenders/${id}/history`, { token: owner })).body.data as { action: string }[]
  ).map((e) => e.action);
const objection = {
  grounds: ['scoring_error'],
  statement: 'Our price was the lowest.',
  remedy: 'Re-evaluate.',
};

describe('the standstill', () => {
  it('opens for the tender’s working days at the award decision, then the job makes the award final', async () => {
    const { id, ps } = await withThreeBids({ standstillDays: 3 });
    const before = Date.now();
    const awarded = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: ps[1] },
    });
    expect(awarded.status).toBe(200);
    expect(awarded.body.data).toMatchObject({ state: 'standstill', standstillDays: 3, outcome: null });
    // Three Qatar working days (weekends and holidays skipped), from the decision.
    const ends = Date.parse(awarded.body.data.standstillEndsAt);
    expect(ends).toBeGreaterThanOrEqual(addWorkingDays(before, 3).getTime());
    expect(ends).toBeLessThanOrEqual(addWorkingDays(Date.now(), 3).getTime());
    // Not final before its end, whatever the job does.
    expect(await finaliseDueAwards(app.ctx, id)).toBe(0);
    expect((await tender(id)).state).toBe('standstill');
    expect(await finaliseDueAwards(app.ctx, id, new Date(ends + 1))).toBe(1);
    // Once only, however often the job runs.
    expect(await finaliseDueAwards(app.ctx, id, new Date(ends + 1))).toBe(0);
    const final = await tender(id);
    expect(final).toMatchObject({ state: 'awarded', standstillEndsAt: null, outcome: { status: 'awarded' } });
    expect(await history(id)).toEqual(expect.arrayContaining(['awarded', 'award_final']));
    const notices = (await call(app, 'GET', '/notification', { token: other })).body.data as {
      title: string;
    }[];
    expect(notices.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Award decided: standstill period', 'Your proposal won']),
    );
  });

  it('is refused outside 0–30 working days, and 0 makes the award final at once', async () => {
    const bad = await call(app, 'POST', '/tenders', {
      token: owner,
      headers: ar,
      payload: {
        title: 'x',
        serviceIds: [1],
        start_date: daysFromNow(20),
        end_date: daysFromNow(60),
        deadline: daysFromNow(10),
        standstillDays: 31,
      },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('فترة التوقف');
    const { id, ps } = await withThreeBids({ standstillDays: 0 });
    const r = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: ps[1] },
    });
    expect(r.body.data).toMatchObject({ state: 'awarded', standstillEndsAt: null });
  });
});

describe('objections', () => {
  it('one per losing bidder; an award cannot become final, nor be made again, while one is open', async () => {
    const { id, ps } = await withThreeBids();
    await call(app, 'POST', `/tenders/${id}/award`, { token: owner, payload: { proposalId: ps[1] } });
    const ends = Date.parse((await tender(id)).standstillEndsAt);
    // The winner has nothing to object to.
    const winner = await call(app, 'POST', `/tenders/${id}/objections`, { token: other, payload: objection });
    expect(winner.body.code).toBe('WINNER_CANNOT_OBJECT');
    expect((await tender(id, other)).can.fileObjection).toBe(false);
    expect((await tender(id, bidder)).can.fileObjection).toBe(true);
    const filed = await call(app, 'POST', `/tenders/${id}/objections`, { token: bidder, payload: objection });
    expect(filed.status).toBe(201);
    expect(filed.body.data).toMatchObject({ status: 'open', grounds: ['scoring_error'], answer: null });
    const again = await call(app, 'POST', `/tenders/${id}/objections`, {
      token: bidder,
      headers: ar,
      payload: objection,
    });
    expect(again.body).toMatchObject({
      code: 'OBJECTION_EXISTS',
      message: 'لقد قدمت اعتراضاً على هذه الترسية من قبل',
    });
    expect((await tender(id, bidder)).can.fileObjection).toBe(false);
    // A new award while the objection is open is refused.
    const award = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: ps[2] },
    });
    expect(award.body.code).toBe('OBJECTION_OPEN');
    // The standstill is over but the objection is open: not final.
    expect(await finaliseDueAwards(app.ctx, id, new Date(ends + 1))).toBe(0);
    // Admins list it; the third bidder sees none of the bidder's.
    const open = (await call(app, 'GET', '/admin/objections', { token: admin })).body.data as {
      id: number;
    }[];
    expect(open.map((o) => o.id)).toContain(filed.body.data.id);
    expect((await call(app, 'GET', `/tenders/${id}/objections`, { token: third })).body.data).toEqual([]);
    expect((await call(app, 'GET', `/tenders/${id}/objections`, { token: owner })).body.data).toHaveLength(1);
    // The buyer dismisses it with reasons: the award stands and becomes final at the end of the standstill.
    const answered = await call(app, 'POST', `/tenders/${id}/objections/${filed.body.data.id}/answer`, {
      token: owner,
      payload: { outcome: 'dismissed', reason: 'The scores were checked and stand.' },
    });
    expect(answered.body.data).toMatchObject({
      status: 'dismissed',
      answer: 'The scores were checked and stand.',
    });
    expect(await finaliseDueAwards(app.ctx, id, new Date(ends + 1))).toBe(1);
    expect(await history(id)).toEqual(
      expect.arrayContaining(['awarded', 'objection_filed', 'objection_answered', 'award_final']),
    );
  });

  it('upheld: the award is withdrawn and the tender is back in the decision stage', async () => {
    const { id, ps } = await withThreeBids();
    await call(app, 'POST', `/tenders/${id}/award`, { token: owner, payload: { proposalId: ps[1] } });
    const filed = await call(app, 'POST', `/tenders/${id}/objections`, { token: third, payload: objection });
    const upheld = await call(app, 'POST', `/tenders/${id}/objections/${filed.body.data.id}/answer`, {
      token: owner,
      payload: { outcome: 'upheld', reason: 'A scoring error was found.' },
    });
    expect(upheld.body.data.status).toBe('upheld');
    expect(await tender(id)).toMatchObject({ state: 'bids_opened', standstillEndsAt: null });
    expect(await history(id)).toEqual(expect.arrayContaining(['award_withdrawn']));
    // Objections are for a standstill only.
    const late = await call(app, 'POST', `/tenders/${id}/objections`, { token: bidder, payload: objection });
    expect(late.status).toBe(409);
    const reawarded = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: ps[2] },
    });
    expect(reawarded.body.data.state).toBe('standstill');
  });
});

describe('four eyes', () => {
  it('above the threshold an award is a request another approver approves; refusals say why', async () => {
    const approver = await newMember(app, owner, 'approver-one@example.qa', ['approver']);
    const approverBuyer = await newMember(app, owner, 'approver-two@example.qa', ['approver', 'buyer']);
    const settings = await call(app, 'PUT', '/companies/mine/decision-settings', {
      token: owner,
      payload: { approvalAbove: 500000 },
    });
    expect(settings.status).toBe(200);
    expect(
      (await call(app, 'GET', '/companies/mine/decision-settings', { token: approver })).body.data,
    ).toEqual({
      approvalAbove: 500000,
    });
    // Under the threshold: no approval needed.
    const small = await withThreeBids({ budget: 400000 });
    const direct = await call(app, 'POST', `/tenders/${small.id}/award`, {
      token: owner,
      payload: { proposalId: small.ps[1] },
    });
    expect(direct.body.data.state).toBe('standstill');

    const { id, ps } = await withThreeBids({ budget: 900000 });
    const asked = await call(app, 'POST', `/tenders/${id}/award`, {
      token: approverBuyer,
      payload: { proposalId: ps[1], note: 'Lowest price' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toMatchObject({ state: 'bids_opened' });
    expect(asked.body.data.can).toMatchObject({ award: false, approveDecision: false });
    expect(asked.body.data.refusals).toMatchObject({
      award: 'DECISION_PENDING',
      approveDecision: 'OWN_DECISION_REQUEST',
    });
    // The requester may not approve their own request; a second request waits.
    const own = await call(app, 'POST', `/tenders/${id}/decision-request/approve`, {
      token: approverBuyer,
      headers: ar,
    });
    expect(own.body).toMatchObject({
      code: 'OWN_DECISION_REQUEST',
      message: 'أنت من طلب هذا القرار: يجب أن يرد عليه مُعتمِد آخر',
    });
    const cancel = await call(app, 'POST', `/tenders/${id}/cancel`, {
      token: owner,
      payload: { reason: 'x' },
    });
    expect(cancel.body.code).toBe('DECISION_PENDING');
    // The approver was told.
    const told = (await call(app, 'GET', '/notification', { token: approver })).body.data as {
      title: string;
    }[];
    expect(told.map((n) => n.title)).toContain('A decision waits for your approval');
    expect((await tender(id, approver)).can.approveDecision).toBe(true);
    const approved = await call(app, 'POST', `/tenders/${id}/decision-request/approve`, { token: approver });
    expect(approved.status).toBe(200);
    expect(approved.body.data.state).toBe('standstill');
    const requests = (await call(app, 'GET', `/tenders/${id}/decision-requests`, { token: owner })).body.data;
    expect(requests[0]).toMatchObject({
      action: 'award',
      proposalId: ps[1],
      note: 'Lowest price',
      status: 'approved',
      requestedBy: { name: 'Member approver-two@example.qa' },
      answeredBy: { name: 'Member approver-one@example.qa' },
    });
    expect(await history(id)).toEqual(
      expect.arrayContaining(['decision_requested', 'decision_approved', 'awarded']),
    );

    // A cancellation request refused with a reason: nothing else changes, the requester learns why.
    const second = await withThreeBids({ budget: 900000 });
    await call(app, 'POST', `/tenders/${second.id}/cancel`, {
      token: owner,
      payload: { reason: 'Scope changed' },
    });
    const refused = await call(app, 'POST', `/tenders/${second.id}/decision-request/refuse`, {
      token: approver,
      payload: { reason: 'The scope still holds' },
    });
    expect(refused.body.data.state).toBe('bids_opened');
    const ownerNotices = (await call(app, 'GET', '/notification', { token: owner })).body.data as {
      title: string;
    }[];
    expect(ownerNotices.map((n) => n.title)).toContain('Your request was refused');
    expect(await history(second.id)).toEqual(
      expect.arrayContaining(['decision_requested', 'decision_refused']),
    );
    const nothing = await call(app, 'POST', `/tenders/${second.id}/decision-request/approve`, {
      token: approver,
    });
    expect(nothing.body.code).toBe('DECISION_NOT_PENDING');
  });
});
