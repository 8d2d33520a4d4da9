import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema.ts';
import { twoMilestoneContract } from './contract-fixtures.ts';
import { tenderParties } from './fixtures.ts';
import { call, makeApp, type TestApp } from './helpers.ts';

/**
 * Variations: proposed by either side with a reason, they change nothing until the other side accepts; rejected,
 * withdrawn or lapsed ones never change anything; an accepted one changes the milestone (and the contract's value)
 * or the scope, and the history keeps every step.
 */

let app: TestApp;
let owner: string;
let other: string;
let third: string;
let admin: string;
const attachments = new Map<string, string>();

beforeAll(async () => {
  app = await makeApp();
  ({ owner, other, third, admin } = await tenderParties(app, attachments));
});
afterAll(async () => {
  await app.cleanup();
});

const contract = (accept = true) => twoMilestoneContract(app, { owner, admin, other }, attachments, accept);
const codeOf = (r: { status: number; body: { code?: string } }) => [r.status, r.body.code];
const read = async (id: number, token = owner) =>
  (await call(app, 'GET', `/contracts/${id}`, { token })).body.data;
/** What a variation could change: the milestones' dates and amounts, the value and the scope. */
const terms = (c: {
  value: number;
  scope: string | null;
  milestones: { dueDate: string; amount: number }[];
}) => ({ value: c.value, scope: c.scope, milestones: c.milestones.map((m) => [m.dueDate, m.amount]) });
const propose = (id: number, token: string, payload: Record<string, unknown>) =>
  call(app, 'POST', `/contracts/${id}/variations`, { token, payload });
const answer = (id: number, x: number, what: 'accept' | 'reject' | 'withdraw', token: string) =>
  call(app, 'POST', `/contracts/${id}/variations/${x}/${what}`, { token });

describe('variations', () => {
  it('change nothing until the other side accepts; then the milestone and the value change', async () => {
    const { id, ms } = await contract();
    const before = terms(await read(id));
    const proposed = await propose(id, owner, {
      milestoneId: ms[1],
      dueDate: '2027-03-31',
      amount: 45000,
      reason: 'More rooms to fit out',
    });
    expect(proposed.status).toBe(201);
    const x = proposed.body.data.variations[0];
    expect(x).toMatchObject({
      status: 'proposed',
      proposedSide: 'buyer',
      dueDate: '2027-03-31',
      amount: 45000,
      previousAmount: 40000,
      reason: 'More rooms to fit out',
    });
    // Proposed: the contract is as it was, and the proposer cannot accept its own variation.
    expect(terms(proposed.body.data)).toEqual(before);
    expect(x.can).toEqual({ accept: false, reject: false, withdraw: true });
    expect(x.refusals.accept).toBe('OWN_VARIATION');
    expect(codeOf(await answer(id, x.id, 'accept', owner))).toEqual([409, 'OWN_VARIATION']);
    expect(terms(await read(id))).toEqual(before);
    // Strangers and admins change nothing either.
    expect((await answer(id, x.id, 'accept', third)).status).toBe(404);
    expect((await answer(id, x.id, 'accept', admin)).status).toBe(403);
    expect(terms(await read(id))).toEqual(before);
    // The supplier is told, and may accept it.
    const me = (await call(app, 'GET', '/users/me', { token: other })).body.data.id;
    const told = await app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, me));
    expect(
      told.some((n) => n.title === 'Variation proposed' && n.content.includes('More rooms to fit out')),
    ).toBe(true);
    const seen = (await read(id, other)).variations[0];
    expect(seen.can).toEqual({ accept: true, reject: true, withdraw: false });

    const accepted = await answer(id, x.id, 'accept', other);
    expect(accepted.status).toBe(200);
    const after = accepted.body.data;
    expect(after.milestones[1]).toMatchObject({ dueDate: '2027-03-31', amount: 45000 });
    expect(after.milestones[0].amount).toBe(60000);
    expect(after.value).toBe(105000);
    expect(after.variations[0]).toMatchObject({ status: 'accepted', previousAmount: 40000 });
    expect(after.variations[0].decidedBy.name).toBeTruthy();
    expect(after.history.slice(-2).map((e: { action: string }) => e.action)).toEqual([
      'variationProposed',
      'variationAccepted',
    ]);
    expect(codeOf(await answer(id, x.id, 'accept', other))).toEqual([409, 'VARIATION_NOT_PROPOSED']);
  });

  it('rejected or withdrawn, change nothing; the scope changes once accepted', async () => {
    const { id, ms } = await contract();
    const before = terms(await read(id));
    const a = (await propose(id, other, { milestoneId: ms[0], amount: 99000, reason: 'Steel prices' })).body
      .data.variations[0];
    expect(codeOf(await answer(id, a.id, 'withdraw', owner))).toEqual([409, 'NOT_VARIATION_PROPOSER']);
    expect((await answer(id, a.id, 'reject', owner)).body.data.variations[0].status).toBe('rejected');
    const b = (await propose(id, other, { milestoneId: ms[0], dueDate: '2027-01-15', reason: 'Late permit' }))
      .body.data.variations[1];
    expect((await answer(id, b.id, 'withdraw', other)).body.data.variations[1].status).toBe('withdrawn');
    expect(terms(await read(id))).toEqual(before);

    const s = (await propose(id, other, { scope: 'Fit-out of floors 1 to 3', reason: 'Floor 4 dropped' }))
      .body.data.variations[2];
    expect(terms(await read(id))).toEqual(before);
    const accepted = await answer(id, s.id, 'accept', owner);
    expect(accepted.body.data.scope).toBe('Fit-out of floors 1 to 3');
    expect(accepted.body.data.value).toBe(100000);
  });

  it('is refused where it cannot take effect, and lapses when the contract ends', async () => {
    const pending = await contract(false);
    expect(codeOf(await propose(pending.id, owner, { scope: 'x', reason: 'y' }))).toEqual([
      409,
      'CONTRACT_NOT_ACTIVE',
    ]);
    expect(codeOf(await propose(pending.id, owner, { reason: 'nothing' }))[0]).toBe(422);
    const { id, ms } = await contract();
    // A variation of a milestone proposed before its acceptance cannot take effect after it.
    const x = (await propose(id, owner, { milestoneId: ms[0], amount: 1000, reason: 'Less work' })).body.data
      .variations[0];
    expect(
      (
        await call(app, 'PUT', `/contracts/${id}/milestones/${ms[0]}/submission`, {
          token: other,
          payload: { note: 'done' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(app, 'POST', `/contracts/${id}/milestones/${ms[0]}/accept`, { token: owner })).status,
    ).toBe(200);
    expect(codeOf(await answer(id, x.id, 'accept', other))).toEqual([409, 'MILESTONE_ACCEPTED']);
    expect(codeOf(await propose(id, owner, { milestoneId: ms[0], amount: 1000, reason: 'Less' }))).toEqual([
      409,
      'MILESTONE_ACCEPTED',
    ]);
    expect(codeOf(await propose(id, owner, { milestoneId: 999999, amount: 1000, reason: 'Less' }))).toEqual([
      404,
      'MILESTONE_NOT_FOUND',
    ]);
    const ended = await call(app, 'POST', `/contracts/${id}/terminate`, {
      token: owner,
      payload: { reason: 'Budget cut' },
    });
    expect(ended.body.data.variations[0].status).toBe('lapsed');
    expect(ended.body.data.milestones[0].amount).toBe(60000);
  });

  it('answered at the same time by acceptance and withdrawal, gets one answer, applied whole or not at all', async () => {
    const { id, ms } = await contract();
    const x = (await propose(id, owner, { milestoneId: ms[1], amount: 50000, reason: 'Extra floor' })).body
      .data.variations[0];
    const [accepted, withdrawn] = await Promise.all([
      answer(id, x.id, 'accept', other),
      answer(id, x.id, 'withdraw', owner),
    ]);
    expect([accepted.status, withdrawn.status].sort()).toEqual([200, 409]);
    const after = await read(id);
    if (accepted.status === 200) {
      expect(after.variations[0].status).toBe('accepted');
      expect([after.milestones[1].amount, after.value]).toEqual([50000, 110000]);
    } else {
      expect(after.variations[0].status).toBe('withdrawn');
      expect([after.milestones[1].amount, after.value]).toEqual([40000, 100000]);
    }
  });
});
