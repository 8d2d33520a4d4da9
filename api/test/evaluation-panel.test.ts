/**
 * The evaluation panel (docs/decisions/0014-evaluation-panel.md) over HTTP: appointing it among the tender company's
 * members, the conflict-of-interest declaration and its block on every route that reads a proposal, the evaluators'
 * independence, scores, submission, the chair's revisit and spread, the technical lock (one of two chairs at once;
 * run on PostgreSQL too with DATABASE_URL), the results and the award's refusals.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, proposals, tenderEvents, tenders, users } from '../src/db/schema.ts';
import { proposalBody, publishedTender, tenderBody, tenderParties } from './fixtures.ts';
import { call, login, makeApp, newMember, type TestApp } from './helpers.ts';

let app: TestApp;
let owner: string;
let admin: string;
let bidder: string;
let other: string;
let third: string;
const attachments = new Map<string, string>();
/** Members of the owner's company: evaluators (any role: one is a viewer) and one left off the panel. */
let e1: string;
let e2: string;
let e3: string;
let offPanel: string;
const ids: Record<string, number> = {};

const db = () => app.ctx.database.db;

/** 70 technical / 30 financial, pass mark 60; criteria weighted 60 and 40. */
const WEIGHTED = {
  method: 'weighted',
  envelopes: 2,
  criteria: [
    { nameEn: 'Approach', nameAr: null, descriptionEn: null, descriptionAr: null, weight: 60 },
    { nameEn: 'Experience', nameAr: null, descriptionEn: null, descriptionAr: null, weight: 40 },
  ],
  technicalWeight: 70,
  financialWeight: 30,
  passMark: 60,
};

async function idOf(email: string) {
  const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}

beforeAll(async () => {
  app = await makeApp();
  ({ owner, bidder, other, third, admin } = await tenderParties(app, attachments));
  e1 = await newMember(app, owner, 'panel-e1@x.qa', ['buyer']);
  e2 = await newMember(app, owner, 'panel-e2@x.qa', ['viewer'], 'ar');
  e3 = await newMember(app, owner, 'panel-e3@x.qa', ['bidder']);
  offPanel = await newMember(app, owner, 'panel-off@x.qa', ['buyer']);
  for (const email of ['panel-e1@x.qa', 'panel-e2@x.qa', 'panel-e3@x.qa', 'owner@bawaba.qa'])
    ids[email] = await idOf(email);
  ids.bidder = await idOf('bidder@bawaba.qa');
}, 300_000);
afterAll(async () => {
  await app.cleanup();
});

/** A published tender with `evaluation`, three proposals (prices `prices`), its deadline passed: ids. */
async function openedTender(evaluation: Record<string, unknown>, prices = [100_000, 80_000, 120_000]) {
  const tenderId = await publishedTender(app, { owner, admin }, { evaluation });
  const proposalIds: number[] = [];
  for (const [i, token] of [bidder, other, third].entries()) {
    const sent = await call(app, 'POST', '/proposals', {
      token,
      payload: proposalBody(tenderId, attachments.get(token), { price: prices[i]! }),
    });
    expect(sent.status, sent.res.body).toBe(201);
    proposalIds.push(sent.body.data.proposal.id);
  }
  await db()
    .update(tenders)
    .set({ deadline: new Date(Date.now() - 1000) })
    .where(eq(tenders.id, tenderId));
  return { tenderId, proposalIds };
}

const appoint = (tenderId: number, evaluatorIds: number[], chairId: number, token = owner) =>
  call(app, 'PUT', `/tenders/${tenderId}/panel`, { token, payload: { evaluatorIds, chairId } });
const panel = (tenderId: number, token: string) => call(app, 'GET', `/tenders/${tenderId}/panel`, { token });
const declare = (tenderId: number, token: string, decision: 'sign' | 'decline', reason?: string) =>
  call(app, 'POST', `/tenders/${tenderId}/panel/declaration`, {
    token,
    payload: { decision, ...(reason ? { reason } : {}) },
  });
const score = (tenderId: number, proposalId: number, token: string, scores: [number, number]) =>
  call(app, 'PUT', `/tenders/${tenderId}/panel/scores/${proposalId}`, {
    token,
    payload: {
      scores: scores.map((s, criterion) => ({ criterion, score: s, comment: `Reason ${criterion}` })),
    },
  });
const submit = (tenderId: number, token: string) =>
  call(app, 'POST', `/tenders/${tenderId}/panel/submit`, { token });
const lock = (tenderId: number, token: string) =>
  call(app, 'POST', `/tenders/${tenderId}/panel/lock`, { token });

describe('appointing the panel', () => {
  it('takes members of the tender company (any role), refuses anyone else, and replaces the whole panel', async () => {
    const { tenderId } = await openedTender(WEIGHTED);
    const outsider = await appoint(tenderId, [ids['panel-e1@x.qa']!, ids.bidder!], ids['panel-e1@x.qa']!);
    expect(outsider.status).toBe(409);
    expect(outsider.body.code).toBe('NOT_COMPANY_MEMBER');
    const notChair = await appoint(tenderId, [ids['panel-e1@x.qa']!], ids['panel-e2@x.qa']!);
    expect(notChair.status).toBe(422);
    const ok = await appoint(
      tenderId,
      [ids['panel-e1@x.qa']!, ids['panel-e2@x.qa']!, ids['panel-e3@x.qa']!],
      ids['panel-e1@x.qa']!,
    );
    expect(ok.status, ok.res.body).toBe(200);
    expect(ok.body.data.chairId).toBe(ids['panel-e1@x.qa']);
    expect(ok.body.data.members.map((m: { declaration: string }) => m.declaration)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    // The evaluators are told, in their language.
    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ids['panel-e2@x.qa']!));
    expect(told.some((n) => n.titleAr === 'أنت عضو في لجنة تقييم')).toBe(true);
    // And mailed, in Arabic (their account's language).
    const mails = await db()
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, ids['panel-e2@x.qa']!));
    expect(mails.some((m) => m.subject.includes('لجنة تقييم'))).toBe(true);
    // Someone who is not on the buyer side cannot read or change it.
    expect((await panel(tenderId, bidder)).status).toBe(409);
    expect((await appoint(tenderId, [ids.bidder!], ids.bidder!, bidder)).status).toBe(409);
    // Dropping an evaluator deletes their scores (and says so in the history).
    expect((await declare(tenderId, e3, 'sign')).status).toBe(200);
    const smaller = await appoint(
      tenderId,
      [ids['panel-e1@x.qa']!, ids['panel-e2@x.qa']!],
      ids['panel-e2@x.qa']!,
    );
    expect(smaller.body.data.members).toHaveLength(2);
    const history = await call(app, 'GET', `/tenders/${tenderId}/history`, { token: owner });
    const last = history.body.data.filter((e: { action: string }) => e.action === 'panel_appointed').at(-1);
    expect(last.details).toEqual({
      evaluatorIds: [ids['panel-e1@x.qa'], ids['panel-e2@x.qa']],
      chairId: ids['panel-e2@x.qa'],
      droppedIds: [ids['panel-e3@x.qa']],
    });
  });
});

describe('the conflict-of-interest declaration', () => {
  it('blocks every proposal route until signed; declining leaves the panel (and the chair empty)', async () => {
    const { tenderId, proposalIds } = await openedTender(WEIGHTED);
    await appoint(tenderId, [ids['panel-e1@x.qa']!, ids['panel-e2@x.qa']!], ids['panel-e2@x.qa']!);
    const reads = (token: string) =>
      Promise.all([
        call(app, 'GET', `/tenders/${tenderId}/proposals`, { token }),
        call(app, 'GET', `/proposals/${proposalIds[0]}`, { token }),
        call(app, 'GET', `/tenders/${tenderId}/comparison`, { token }),
        call(app, 'GET', `/tenders/${tenderId}/comparison.csv`, { token }),
        call(app, 'GET', `/files/${attachments.get(bidder)}`, { token }),
      ]);
    // A pending evaluator (a buyer member, who would otherwise read them all) reads none.
    const [list, one, cmp, csv, file] = await reads(e1);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect(one.status).toBe(404);
    expect(cmp.status).toBe(409);
    expect(cmp.body.code).toBe('DECLARATION_REQUIRED');
    expect(csv.body.code).toBe('DECLARATION_REQUIRED');
    expect(file.status).toBe(404);
    // The panel itself shows them the bidders to declare against, nothing of the proposals.
    const seen = (await panel(tenderId, e1)).body.data;
    expect(seen.bidders.map((b: { proposalId: number }) => b.proposalId).sort()).toEqual(
      [...proposalIds].sort(),
    );
    expect(seen.me).toEqual({ chair: false, declaration: 'pending', submitted: false });
    // The tender's `can` says what is left to do.
    const t = (await call(app, 'GET', `/tenders/${tenderId}`, { token: e1 })).body.data;
    expect(t.can.signDeclaration).toBe(true);
    expect(t.refusals.scoreProposals).toBe('DECLARATION_REQUIRED');
    // The lists say the same (their page statement reads the panel too).
    const mine = await call(app, 'GET', '/tenders/mine?limit=100', { token: e1 });
    const listed = mine.body.data.items.find((x: { id: number }) => x.id === tenderId);
    expect(listed.can.signDeclaration).toBe(true);
    expect(listed.refusals.scoreProposals).toBe('DECLARATION_REQUIRED');
    expect((await score(tenderId, proposalIds[0]!, e1, [5, 5])).body.code).toBe('DECLARATION_REQUIRED');
    // Declining needs a reason; it takes them off the panel and still reads nothing.
    expect((await declare(tenderId, e2, 'decline')).status).toBe(422);
    const declined = await declare(tenderId, e2, 'decline', 'My brother works for a bidder');
    expect(declined.status).toBe(200);
    expect(declined.body.data.chairId).toBeNull();
    expect((await reads(e2))[1].status).toBe(404);
    expect((await declare(tenderId, e2, 'sign')).body.code).toBe('NOT_EVALUATOR');
    // Signing opens the proposals to e1.
    expect((await declare(tenderId, e1, 'sign')).status).toBe(200);
    expect((await declare(tenderId, e1, 'sign')).body.code).toBe('DECLARATION_MADE');
    const [list2, one2, cmp2, , file2] = await reads(e1);
    expect(list2.body.data).toHaveLength(3);
    expect(one2.status).toBe(200);
    expect(cmp2.status).toBe(200);
    expect(file2.status).toBe(200);
    // The buyer side hears of the decline.
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids['owner@bawaba.qa']!), eq(notifications.tenderId, tenderId)));
    expect(told.some((n) => n.title === 'An evaluator declined the declaration')).toBe(true);
  });
});

describe('scoring, independence, revisit and the lock', () => {
  let tenderId: number;
  let proposalIds: number[];
  const E1 = () => ids['panel-e1@x.qa']!;
  const E2 = () => ids['panel-e2@x.qa']!;

  beforeAll(async () => {
    ({ tenderId, proposalIds } = await openedTender(WEIGHTED, [100_000, 80_000, 120_000]));
    await appoint(tenderId, [E1(), E2()], E1());
    await declare(tenderId, e1, 'sign');
    await declare(tenderId, e2, 'sign');
  });

  it('keeps each evaluator from reading the others’ scores until they submit', async () => {
    const [p1, p2, p3] = proposalIds as [number, number, number];
    // Proposal 3 is marked not responsive: nobody scores it, it fails.
    expect(
      (
        await call(app, 'POST', `/tenders/${tenderId}/proposals/${p3}/evaluation`, {
          token: owner,
          payload: { evaluation: 'not_responsive', reason: 'No licence' },
        })
      ).status,
    ).toBe(200);
    expect((await score(tenderId, p3, e1, [5, 5])).body.code).toBe('PROPOSAL_NOT_RESPONSIVE');
    expect((await score(tenderId, p1, e1, [8, 6])).status).toBe(200);
    expect((await submit(tenderId, e1)).body.code).toBe('SCORES_INCOMPLETE');
    expect((await score(tenderId, p2, e1, [4, 5])).status).toBe(200);
    // e2 scores too; before submitting e1 sees only their own.
    await score(tenderId, p1, e2, [6, 6]);
    await score(tenderId, p2, e2, [4, 3]);
    const before = (await panel(tenderId, e1)).body.data;
    expect(before.scoresHidden).toBe(true);
    expect(before.scores).toEqual([]);
    expect(before.spread).toBeNull();
    expect(before.myScores.every((s: { evaluatorId: number }) => s.evaluatorId === E1())).toBe(true);
    expect(before.myScores).toHaveLength(4);
    // The panel names which proposals it scores: not the one marked not responsive.
    expect(
      before.bidders.map((b: { proposalId: number; scored: boolean }) => [b.proposalId, b.scored]),
    ).toEqual([
      [p1, true],
      [p2, true],
      [p3, false],
    ]);
    // The buyer side off the panel sees the members, not the scores, before the lock.
    const offSide = (await panel(tenderId, offPanel)).body.data;
    expect(offSide.scoresHidden).toBe(true);
    expect(offSide.members).toHaveLength(2);
    expect((await submit(tenderId, e1)).status).toBe(200);
    expect((await score(tenderId, p1, e1, [9, 9])).body.code).toBe('SCORES_SUBMITTED');
    // Submitted: e1 (the chair) reads everyone's and the spread; e2, not submitted, still only theirs.
    const after = (await panel(tenderId, e1)).body.data;
    expect(after.scoresHidden).toBe(false);
    expect(after.scores).toHaveLength(8);
    const cell = after.spread.find(
      (c: { proposalId: number; criterion: number }) => c.proposalId === p1 && c.criterion === 0,
    );
    expect(cell).toMatchObject({ min: 6, max: 8 });
    expect((await panel(tenderId, e2)).body.data.scoresHidden).toBe(true);
  });

  it('lets the chair ask for a revisit, which reopens the submission', async () => {
    const [p1] = proposalIds as [number];
    // e2 has not submitted: nothing to revisit yet.
    const early = await call(app, 'POST', `/tenders/${tenderId}/panel/revisit`, {
      token: e1,
      payload: { evaluatorId: E2(), proposalId: p1, criterion: 0, reason: 'Explain the 6' },
    });
    expect(early.body.code).toBe('SCORES_NOT_SUBMITTED');
    expect((await submit(tenderId, e2)).status).toBe(200);
    // Not the chair: refused.
    const byE2 = await call(app, 'POST', `/tenders/${tenderId}/panel/revisit`, {
      token: e2,
      payload: { evaluatorId: E1(), proposalId: p1, criterion: 0, reason: 'Too generous' },
    });
    expect(byE2.body.code).toBe('NOT_CHAIR');
    const asked = await call(app, 'POST', `/tenders/${tenderId}/panel/revisit`, {
      token: e1,
      payload: { evaluatorId: E2(), proposalId: p1, criterion: 0, reason: 'Explain the 6' },
    });
    expect(asked.status, asked.res.body).toBe(200);
    const e2View = (await panel(tenderId, e2)).body.data;
    expect(e2View.me.submitted).toBe(false);
    expect(
      e2View.myScores.find(
        (s: { proposalId: number; criterion: number }) => s.proposalId === p1 && s.criterion === 0,
      ).revisit.reason,
    ).toBe('Explain the 6');
    // Not ready while e2 is reopened.
    expect((await lock(tenderId, e1)).body.code).toBe('PANEL_NOT_READY');
    expect((await score(tenderId, p1, e2, [7, 6])).status).toBe(200);
    expect((await submit(tenderId, e2)).status).toBe(200);
  });

  it('refuses the award before the lock, then locks once and derives the results', async () => {
    const [p1, p2, p3] = proposalIds as [number, number, number];
    const early = await call(app, 'POST', `/tenders/${tenderId}/award`, {
      token: owner,
      payload: { proposalId: p1 },
    });
    expect(early.body.code).toBe('TECHNICAL_NOT_LOCKED');
    // Only the chair locks a weighted tender.
    expect((await lock(tenderId, e2)).body.code).toBe('NOT_CHAIR');
    expect((await lock(tenderId, owner)).body.code).toBe('NOT_EVALUATOR');
    const locked = await lock(tenderId, e1);
    expect(locked.status, locked.res.body).toBe(200);
    expect((await lock(tenderId, e1)).body.code).toBe('TECHNICAL_LOCKED');
    // p1: approach (8+7)/2 = 7.5 → 45, experience (6+6)/2 = 6 → 24: 69, passes (60).
    // p2: approach (4+4)/2 = 4 → 24, experience (5+3)/2 = 4 → 16: 40, fails. p3: not responsive, fails.
    const results = locked.body.data.results;
    const byId = (id: number) => results.proposals.find((r: { proposalId: number }) => r.proposalId === id);
    expect(byId(p1)).toMatchObject({
      technicalScore: 69,
      technicalPassed: true,
      priceScore: 30,
      finalScore: 78.3,
      rank: 1,
    });
    expect(byId(p2)).toMatchObject({
      technicalScore: 40,
      technicalPassed: false,
      priceScore: null,
      rank: null,
    });
    expect(byId(p3)).toMatchObject({ technicalScore: null, technicalPassed: false, rank: null });
    const stored = await db()
      .select({ id: proposals.id, passed: proposals.technicalPassed })
      .from(proposals)
      .where(eq(proposals.tenderId, tenderId));
    expect(Object.fromEntries(stored.map((r) => [r.id, r.passed]))).toEqual({
      [p1]: true,
      [p2]: false,
      [p3]: false,
    });
    // History: the lock and one line per failed proposal.
    const events = await db().select().from(tenderEvents).where(eq(tenderEvents.tenderId, tenderId));
    expect(events.find((e) => e.action === 'technical_locked')?.details).toEqual({ passed: 1, failed: 2 });
    expect(events.filter((e) => e.action === 'technical_failed')).toHaveLength(2);
    // The comparison carries the results; the failed proposal's price stays sealed.
    const cmp = (await call(app, 'GET', `/tenders/${tenderId}/comparison`, { token: owner })).body.data;
    const row = (id: number) => cmp.rows.find((r: { proposalId: number }) => r.proposalId === id);
    expect(row(p1)).toMatchObject({ finalScore: 78.3, rank: 1, technicalPassed: true, offerPrice: 100_000 });
    expect(row(p2)).toMatchObject({
      technicalPassed: false,
      offerPrice: null,
      awardRefusal: 'PROPOSAL_FAILED_TECHNICAL',
    });
    const csv = await call(app, 'GET', `/tenders/${tenderId}/comparison.csv`, { token: owner });
    expect(csv.res.body).toContain('Final score');
    expect(csv.res.body).toContain('78.3');
    // The buyer side off the panel now reads every score.
    expect((await panel(tenderId, offPanel)).body.data.scores).toHaveLength(8);
    // A failed proposal is never awarded; the passed one is.
    const failed = await call(app, 'POST', `/tenders/${tenderId}/award`, {
      token: owner,
      payload: { proposalId: p2 },
    });
    expect(failed.body.code).toBe('PROPOSAL_FAILED_TECHNICAL');
    const won = await call(app, 'POST', `/tenders/${tenderId}/award`, {
      token: owner,
      payload: { proposalId: p1 },
    });
    expect(won.status, won.res.body).toBe(200);
  });

  it('debriefs every bidder after the award decision: scores against the winner, rank, pass or fail, reasons', async () => {
    const [p1, p2, p3] = proposalIds as [number, number, number];
    const debrief = (token: string, headers = {}) =>
      call(app, 'GET', `/tenders/${tenderId}/debrief`, { token, headers });
    // The losing bidder who failed the technical stage (OTHER bid p2), in Arabic.
    const lost = await debrief(other, { 'accept-language': 'ar' });
    expect(lost.status, lost.res.body).toBe(200);
    expect(lost.body.data).toMatchObject({
      proposalId: p2,
      isWinner: false,
      technicalPassed: false,
      passMark: 60,
      notResponsiveReason: null,
      mine: { technicalScore: 40, priceScore: null, finalScore: null, rank: null },
      winner: { technicalScore: 69, priceScore: 30, finalScore: 78.3, rank: 1 },
      rankedCount: 1,
    });
    // The criterion has no Arabic name: the English one, marked as English; the evaluators' comments, unsigned.
    expect(lost.body.data.criteria[0]).toEqual({
      criterion: 0,
      name: 'Approach',
      nameLang: 'en',
      weight: 60,
      mine: 4,
      winner: 7.5,
      comments: ['Reason 0', 'Reason 0'],
    });
    // The bidder marked not responsive reads why.
    const out = (await debrief(third)).body.data;
    expect(out).toMatchObject({ proposalId: p3, technicalPassed: false, notResponsiveReason: 'No licence' });
    // The winner's own.
    expect((await debrief(bidder)).body.data).toMatchObject({
      proposalId: p1,
      isWinner: true,
      mine: { rank: 1 },
    });
    // Nobody else has one: the buyer side has no proposal (404), an admin may not ask (403).
    expect((await debrief(owner)).body.code).toBe('PROPOSAL_NOT_FOUND');
    expect((await debrief(admin)).status).toBe(403);
    // Each bidder was told at the award decision.
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.tenderId, tenderId), eq(notifications.title, 'Your debrief is ready')));
    expect(told.map((n) => n.userId).sort()).toEqual(
      [ids.bidder!, await idOf('mariam@qatarbuild.qa'), await idOf('omar@gulfstar.qa')].sort(),
    );
  });
});

describe('the lock race', () => {
  it('of two locks at once, one locks and the other is refused TECHNICAL_LOCKED', async () => {
    // Lowest price in two envelopes: the buyer side locks, no panel needed; two buyers try at once.
    const { tenderId } = await openedTender({ method: 'lowest_price', envelopes: 2 });
    const colleague = await login(app, 'buyer@bawaba.qa');
    const answers = await Promise.all([lock(tenderId, owner), lock(tenderId, colleague)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe('TECHNICAL_LOCKED');
    const events = await db().select().from(tenderEvents).where(eq(tenderEvents.tenderId, tenderId));
    expect(events.filter((e) => e.action === 'technical_locked')).toHaveLength(1);
    // Lowest price: ranked by price among the passed.
    const results = answers.find((r) => r.status === 200)!.body.data.results;
    expect(results.proposals.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3]);
    // No award yet: no debrief.
    const early = await call(app, 'GET', `/tenders/${tenderId}/debrief`, { token: bidder });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('DEBRIEF_NOT_READY');
  });

  it('of the chair locking twice at once, one lock is recorded', async () => {
    const { tenderId, proposalIds } = await openedTender(WEIGHTED);
    await appoint(tenderId, [ids['panel-e1@x.qa']!], ids['panel-e1@x.qa']!);
    await declare(tenderId, e1, 'sign');
    for (const p of proposalIds) await score(tenderId, p, e1, [7, 7]);
    await submit(tenderId, e1);
    const answers = await Promise.all([lock(tenderId, e1), lock(tenderId, e1)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe('TECHNICAL_LOCKED');
    const [t] = await db().select().from(tenders).where(eq(tenders.id, tenderId));
    expect(t!.technicalLockedBy).toBe(ids['panel-e1@x.qa']);
  });
});

describe('a personal tender', () => {
  it('has a panel of one, its owner', async () => {
    // The demo bidder has no company: their tender is personal.
    const created = await call(app, 'POST', '/tenders', {
      token: bidder,
      payload: { ...tenderBody(), evaluation: WEIGHTED },
    });
    expect(created.status, created.res.body).toBe(201);
    const id = created.body.data.id as number;
    const someoneElse = await appoint(id, [ids.bidder!, ids['owner@bawaba.qa']!], ids.bidder!, bidder);
    expect(someoneElse.body.code).toBe('NOT_COMPANY_MEMBER');
    const alone = await appoint(id, [ids.bidder!], ids.bidder!, bidder);
    expect(alone.status, alone.res.body).toBe(200);
    expect(alone.body.data.me).toEqual({ chair: true, declaration: 'pending', submitted: false });
  });
});

describe('the panel actions: what `can` offers is what the API accepts', () => {
  type Stage = 'appointed' | 'signed' | 'submitted' | 'locked';
  const STAGES: Stage[] = ['appointed', 'signed', 'submitted', 'locked'];
  const ACTIONS = [
    'appointPanel',
    'signDeclaration',
    'scoreProposals',
    'requestRevisit',
    'lockTechnical',
  ] as const;

  /** A weighted tender after bid opening, its panel (e1 chair, e2) taken to `stage`. */
  async function scene(stage: Stage) {
    const s = await openedTender(WEIGHTED);
    await appoint(s.tenderId, [ids['panel-e1@x.qa']!, ids['panel-e2@x.qa']!], ids['panel-e1@x.qa']!);
    if (stage === 'appointed') return s;
    for (const token of [e1, e2]) await declare(s.tenderId, token, 'sign');
    if (stage === 'signed') return s;
    for (const token of [e1, e2]) {
      for (const p of s.proposalIds) await score(s.tenderId, p, token, [7, 7]);
      expect((await submit(s.tenderId, token)).status).toBe(200);
    }
    if (stage === 'submitted') return s;
    expect((await lock(s.tenderId, e1)).status).toBe(200);
    return s;
  }

  const attempt = (
    action: (typeof ACTIONS)[number],
    s: { tenderId: number; proposalIds: number[] },
    token: string,
  ) => {
    switch (action) {
      case 'appointPanel':
        return appoint(
          s.tenderId,
          [ids['panel-e1@x.qa']!, ids['panel-e2@x.qa']!],
          ids['panel-e2@x.qa']!,
          token,
        );
      case 'signDeclaration':
        return declare(s.tenderId, token, 'sign');
      case 'scoreProposals':
        return score(s.tenderId, s.proposalIds[0]!, token, [6, 6]);
      case 'requestRevisit':
        return call(app, 'POST', `/tenders/${s.tenderId}/panel/revisit`, {
          token,
          payload: {
            evaluatorId: ids['panel-e2@x.qa'],
            proposalId: s.proposalIds[0],
            criterion: 0,
            reason: 'Why?',
          },
        });
      case 'lockTechnical':
        return lock(s.tenderId, token);
    }
  };

  for (const stage of STAGES)
    it(`${stage}: for the chair, an evaluator, the buyer side off the panel, a bidder and an admin`, async () => {
      const callers = { chair: e1, evaluator: e2, owner, offPanel, bidder: other, admin };
      const shared = await scene(stage);
      for (const [who, token] of Object.entries(callers)) {
        const seen = (await call(app, 'GET', `/tenders/${shared.tenderId}`, { token })).body.data;
        for (const action of ACTIONS) {
          const where = `${action} by ${who} (${stage})`;
          const allowed: boolean = seen.can[action];
          // Revisiting needs an evaluator who submitted: before anyone has, no request can be valid.
          if (allowed && action === 'requestRevisit' && stage === 'signed') continue;
          const s = allowed ? await scene(stage) : shared;
          const answer = await attempt(action, s, token);
          expect(answer.status < 300, `${where}: ${answer.status} ${answer.body?.code ?? ''}`).toBe(allowed);
          if (!allowed) expect(answer.body.code, where).toBe(seen.refusals[action]);
        }
      }
    }, 300_000);
});
