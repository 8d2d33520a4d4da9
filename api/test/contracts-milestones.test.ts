import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEvents, contractPayments, notifications } from '../src/db/schema.ts';
import { twoMilestoneContract } from './contract-fixtures.ts';
import { tenderParties } from './fixtures.ts';
import { call, makeApp, newMember, SAMPLE_PDF, type TestApp, upload } from './helpers.ts';

/**
 * A contract's milestones: the supplier submits deliverables (a note and uploaded files), the buyer asks for changes
 * with a reason or accepts, an accepted milestone is paid once through the payment provider, and the contract
 * completes when every milestone is accepted. Concurrent acceptances (and payments) of one milestone give one.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

let app: TestApp;
let owner: string;
let other: string;
let third: string;
let admin: string;
let bidder: string;
let viewer: string;
const attachments = new Map<string, string>();

beforeAll(async () => {
  app = await makeApp();
  ({ owner, other, third, admin, bidder } = await tenderParties(app, attachments));
  viewer = await newMember(app, owner, `viewer-${Date.now()}@example.qa`, ['viewer']);
});
afterAll(async () => {
  await app.cleanup();
});

const activeContract = (accept = true) =>
  twoMilestoneContract(app, { owner, admin, other }, attachments, accept);

const at = (id: number, m: number, what: string) => `/contracts/${id}/milestones/${m}/${what}`;
const codeOf = (r: { status: number; body: { code?: string } }) => [r.status, r.body.code];
const deliverable = async (token: string) =>
  (await upload(app, token, 'contract-deliverable', 'handover.pdf', SAMPLE_PDF)).body.data.id;
const noticesOf = async (token: string) => {
  const me = await call(app, 'GET', '/users/me', { token });
  return app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, me.body.data.id));
};

describe('milestones', () => {
  it('go from submission through changes and acceptance to payment, and the contract completes', async () => {
    const { id, ms } = await activeContract();
    const [m1, m2] = ms;
    const start = (await call(app, 'GET', `/contracts/${id}`, { token: other })).body.data;
    expect(start.milestones.map((m: { amount: number }) => m.amount)).toEqual([60000, 40000]);
    expect(start.milestones[0].can).toEqual({
      submit: true,
      accept: false,
      requestChanges: false,
      pay: false,
    });
    expect(start.milestones[0].refusals.accept).toBe('NOT_CONTRACT_BUYER');

    // The supplier submits a note and a file; the buyer side is told and reads the file, strangers do not.
    const file = await deliverable(other);
    const sent = await call(app, 'PUT', at(id, m1, 'submission'), {
      token: other,
      payload: { note: 'Drawings attached', fileIds: [file] },
    });
    expect(sent.status).toBe(200);
    const m = sent.body.data.milestones[0];
    expect(m.status).toBe('submitted');
    expect(m.submission.note).toBe('Drawings attached');
    expect(m.submission.files.map((f: { id: string }) => f.id)).toEqual([file]);
    expect(m.can.submit).toBe(false);
    expect((await noticesOf(owner)).some((n) => n.title === 'Milestone submitted for review')).toBe(true);
    expect((await call(app, 'GET', `/files/${file}`, { token: owner })).status).toBe(200);
    expect((await call(app, 'GET', `/files/${file}`, { token: third })).status).toBe(404);

    // The buyer asks for changes with a reason; the supplier reads it and submits again, keeping the file.
    const asked = await call(app, 'POST', at(id, m1, 'changes'), {
      token: owner,
      payload: { reason: 'Add the electrical plan' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.milestones[0]).toMatchObject({
      status: 'changesRequested',
      changesReason: 'Add the electrical plan',
    });
    const told = (await noticesOf(other)).find((n) => n.title === 'Changes requested on a milestone');
    expect(told?.content).toContain('Add the electrical plan');
    expect(
      (
        await call(app, 'PUT', at(id, m1, 'submission'), {
          token: other,
          payload: { note: 'Now with the plan', fileIds: [file] },
        })
      ).status,
    ).toBe(200);

    // Not payable before acceptance; accepted once; paid once through the provider.
    expect(codeOf(await call(app, 'POST', at(id, m1, 'payment'), { token: owner }))).toEqual([
      409,
      'MILESTONE_NOT_ACCEPTED',
    ]);
    const accepted = await call(app, 'POST', at(id, m1, 'accept'), { token: owner });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.milestones[0]).toMatchObject({ status: 'accepted', changesReason: null });
    expect(accepted.body.data.milestones[0].acceptedBy.name).toBeTruthy();
    expect(accepted.body.data.milestones[0].can.pay).toBe(true);
    expect(accepted.body.data.status).toBe('active');
    const paid = await call(app, 'POST', at(id, m1, 'payment'), { token: owner });
    expect(paid.status).toBe(200);
    expect(paid.body.data.milestones[0].payment).toMatchObject({ amount: 60000 });
    expect(paid.body.data.milestones[0].payment.reference).toMatch(/^CPY-/);
    expect(paid.body.data.progress).toEqual({ total: 2, accepted: 1, paid: 1 });
    expect(codeOf(await call(app, 'POST', at(id, m1, 'payment'), { token: owner }))).toEqual([
      409,
      'MILESTONE_PAID',
    ]);
    expect((await noticesOf(other)).some((n) => n.title === 'Milestone paid')).toBe(true);

    // The last milestone accepted completes the contract; both sides are told.
    expect(
      (await call(app, 'PUT', at(id, m2, 'submission'), { token: other, payload: { note: 'Done' } })).status,
    ).toBe(200);
    const done = await call(app, 'POST', at(id, m2, 'accept'), { token: owner });
    expect(done.body.data.status).toBe('completed');
    expect(done.body.data.completedAt).toBeTruthy();
    expect(done.body.data.history.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'accepted',
      'accepted',
      'activated',
      'milestoneSubmitted',
      'changesRequested',
      'milestoneSubmitted',
      'milestoneAccepted',
      'milestonePaid',
      'milestoneSubmitted',
      'milestoneAccepted',
      'completed',
    ]);
    expect((await noticesOf(other)).some((n) => n.title === 'Contract completed')).toBe(true);
    // Accepted work stays payable after completion.
    expect((await call(app, 'POST', at(id, m2, 'payment'), { token: owner })).status).toBe(200);
  });

  it('refuses each side the other side’s moves, and what the state does not allow', async () => {
    const pending = await activeContract(false);
    expect(
      codeOf(
        await call(app, 'PUT', at(pending.id, pending.ms[0], 'submission'), {
          token: other,
          payload: { note: 'x' },
        }),
      ),
    ).toEqual([409, 'CONTRACT_NOT_ACTIVE']);
    const { id, ms } = await activeContract();
    expect(
      codeOf(await call(app, 'PUT', at(id, ms[0], 'submission'), { token: owner, payload: { note: 'x' } })),
    ).toEqual([409, 'NOT_CONTRACT_SUPPLIER']);
    expect(codeOf(await call(app, 'POST', at(id, ms[0], 'accept'), { token: owner }))).toEqual([
      409,
      'MILESTONE_NOT_SUBMITTED',
    ]);
    // Someone else's upload cannot be attached; nothing changes.
    const foreign = await deliverable(bidder);
    expect(
      codeOf(
        await call(app, 'PUT', at(id, ms[0], 'submission'), {
          token: other,
          payload: { note: 'x', fileIds: [foreign] },
        }),
      ),
    ).toEqual([422, 'INVALID_FILE_REFERENCE']);
    expect(
      (await call(app, 'PUT', at(id, ms[0], 'submission'), { token: other, payload: { note: 'x' } })).status,
    ).toBe(200);
    expect(codeOf(await call(app, 'POST', at(id, ms[0], 'accept'), { token: other }))).toEqual([
      409,
      'NOT_CONTRACT_BUYER',
    ]);
    // A member of the buyer's company who only views reads the contract but accepts nothing.
    const seen = await call(app, 'GET', `/contracts/${id}`, { token: viewer });
    expect(seen.status).toBe(200);
    expect(seen.body.data.milestones[0].refusals.accept).toBe('COMPANY_ROLE_REQUIRED');
    expect(codeOf(await call(app, 'POST', at(id, ms[0], 'accept'), { token: viewer }))).toEqual([
      409,
      'COMPANY_ROLE_REQUIRED',
    ]);
    // Strangers, admins, and a milestone of another contract.
    expect((await call(app, 'POST', at(id, ms[0], 'accept'), { token: third })).status).toBe(404);
    expect((await call(app, 'POST', at(id, ms[0], 'accept'), { token: admin })).status).toBe(403);
    expect(codeOf(await call(app, 'POST', at(id, pending.ms[0], 'accept'), { token: owner }))).toEqual([
      404,
      'MILESTONE_NOT_FOUND',
    ]);
  });

  it('gives one acceptance and one payment when both are sent at the same time', async () => {
    const { id, ms } = await activeContract();
    expect(
      (await call(app, 'PUT', at(id, ms[0], 'submission'), { token: other, payload: { note: 'x' } })).status,
    ).toBe(200);
    const accepts = await Promise.all(
      Array.from({ length: 4 }, () => call(app, 'POST', at(id, ms[0], 'accept'), { token: owner })),
    );
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const events = await app.ctx.database.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, id));
    expect(events.filter((e) => e.action === 'milestoneAccepted')).toHaveLength(1);
    const pays = await Promise.all(
      Array.from({ length: 4 }, () => call(app, 'POST', at(id, ms[0], 'payment'), { token: owner })),
    );
    expect(pays.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const rows = await app.ctx.database.db
      .select()
      .from(contractPayments)
      .where(eq(contractPayments.milestoneId, ms[0]));
    expect(rows).toHaveLength(1);
  });

  it('keeps a milestone to one payment row even past the service (unique index)', async () => {
    const { id, ms } = await activeContract();
    const row = { contractId: id, milestoneId: ms[1], amount: 1, currency: 'QAR', provider: 'sandbox' };
    await app.ctx.database.db.insert(contractPayments).values({ ...row, reference: `T-${Date.now()}-1` });
    await expect(
      app.ctx.database.db.insert(contractPayments).values({ ...row, reference: `T-${Date.now()}-2` }),
    ).rejects.toThrow();
  });
});
