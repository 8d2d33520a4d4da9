import { TENDER_ACTIONS, type Tender, type TenderAction } from '@bawaba/shared/contracts';
import { TENDER_STAGES } from '@bawaba/shared/rules';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clarifications,
  companies,
  interests,
  proposals,
  proposalVersions,
  tenders,
  users,
} from '../src/db/schema.ts';
import { DAY, proposalBody, tenderBody, uploadAttachments } from './fixtures.ts';
import { ADMIN, BIDDER, call, login, makeApp, OTHER, OWNER, type TestApp } from './helpers.ts';

/**
 * The UI equals the API for every tender action: for every state, access (open or closed) and caller — a visitor,
 * a bidder (with nothing yet, an interest pending or approved, a proposal submitted), the owner and an
 * administrator — the actions the tender's `can` allows are exactly those the API accepts when attempted over
 * HTTP, and each refused one is refused with the reason `refusals` gave; the tenders the directory offers to invite to
 * (GET /invitations/tenders) are those whose `can` allows it. The pages render from `can` only (their
 * unit tests: remote-tenders/src/features/offered-actions.test.tsx walks every control they offer, and
 * remote-tenders/src/rules/actions.test.ts), so what they offer is what the server accepts.
 */

let app: TestApp;
const token: Record<string, string> = {};
const userId: Record<string, number> = {};
const attachments = new Map<string, string>();
let companyId: number;

const THIRD = 'omar@gulfstar.qa';
const db = () => app.ctx.database.db;

type Situation = 'none' | 'interestPending' | 'interestApproved' | 'proposalSubmitted';
type Caller =
  | { who: 'visitor' }
  | { who: 'owner' }
  | { who: 'admin' }
  | { who: 'bidder'; situation: Situation };
const CALLERS: Caller[] = [
  { who: 'visitor' },
  { who: 'bidder', situation: 'none' },
  { who: 'bidder', situation: 'interestPending' },
  { who: 'bidder', situation: 'interestApproved' },
  { who: 'bidder', situation: 'proposalSubmitted' },
  { who: 'owner' },
  { who: 'admin' },
];
const label = (c: Caller) => (c.who === 'bidder' ? `bidder (${c.situation})` : c.who);
const tokenOf = (c: Caller) =>
  c.who === 'visitor' ? undefined : token[c.who === 'bidder' ? BIDDER : c.who === 'owner' ? OWNER : ADMIN];

/** A proposal of `bidder` on the tender, written as the API writes one (no fee or bond due). */
async function proposalOf(tenderId: number, bidder: string): Promise<number> {
  const [p] = await db()
    .insert(proposals)
    .values({ tenderId, bidderId: userId[bidder]!, amountDue: 0, paymentStatus: 'not_required' })
    .returning();
  await db()
    .insert(proposalVersions)
    .values({
      proposalId: p!.id,
      version: 1,
      attachment: attachments.get(token[bidder]!)!,
      offerPrice: 1000,
      title: 'Offer',
      description: 'Plan',
      period: 30,
      currency: 'QAR',
      paymentTerms: '30_days',
      milestones: [],
      breakdown: [],
    });
  return p!.id;
}

type Scene = {
  tenderId: number;
  /** OTHER's proposal (to evaluate or award), THIRD's pending interest and OTHER's unanswered question. */
  otherProposal: number;
  thirdInterest: number;
  question: number;
  /** The bidder's own proposal when they submitted one. */
  bidderProposal: number | null;
};

/** A tender of the demo owner in `state` with `status` access, and the caller's situation in it. */
async function scene(state: Tender['state'], status: 'open' | 'closed', caller: Caller): Promise<Scene> {
  const created = await call(app, 'POST', '/tenders', {
    token: token[OWNER],
    payload: tenderBody({ status }),
  });
  expect(created.status).toBe(201);
  const tenderId = created.body.data.id as number;
  const otherProposal = await proposalOf(tenderId, OTHER);
  const [interest] = await db().insert(interests).values({ tenderId, userId: userId[THIRD]! }).returning();
  const [question] = await db()
    .insert(clarifications)
    .values({ tenderId, askerId: userId[OTHER]!, question: 'Is parking included?' })
    .returning();
  let bidderProposal: number | null = null;
  if (caller.who === 'bidder' && caller.situation === 'proposalSubmitted')
    bidderProposal = await proposalOf(tenderId, BIDDER);
  if (caller.who === 'bidder' && caller.situation.startsWith('interest'))
    await db()
      .insert(interests)
      .values({
        tenderId,
        userId: userId[BIDDER]!,
        status: caller.situation === 'interestApproved' ? 'approved' : 'pending',
      });
  const made = {
    tenderId,
    otherProposal,
    thirdInterest: interest!.id,
    question: question!.id,
    bidderProposal,
  };
  // A draft is what POST /tenders made; the other states are written as their transitions leave the row.
  if (state === 'draft') return made;
  const passed = new Date(Date.now() - DAY);
  const ending = { approvalStatus: 'approved', isPublished: true, deadline: passed, outcomeAt: new Date() };
  const columns: Record<Exclude<Tender['state'], 'draft'>, Partial<typeof tenders.$inferInsert>> = {
    pending_approval: { approvalStatus: 'pending', isPublished: true },
    rejected: { approvalStatus: 'rejected', isPublished: true, rejectionReason: 'Incomplete' },
    published: { approvalStatus: 'approved', isPublished: true },
    bids_opened: { approvalStatus: 'approved', isPublished: true, deadline: passed },
    standstill: {
      approvalStatus: 'approved',
      isPublished: true,
      deadline: passed,
      standstillEndsAt: new Date(Date.now() + 5 * DAY),
      awardedProposalId: otherProposal,
    },
    awarded: { ...ending, outcome: 'awarded', awardedProposalId: otherProposal },
    no_award: { ...ending, outcome: 'no_award', outcomeNote: 'Too dear' },
    cancelled: { ...ending, outcome: 'cancelled', outcomeNote: 'Not needed' },
  };
  await db().update(tenders).set(columns[state]).where(eq(tenders.id, tenderId));
  return made;
}

/** Each action attempted through its route, with a valid body. */
const ATTEMPTS: Record<TenderAction, (s: Scene) => { method: string; url: string; payload?: unknown }> = {
  submitProposal: (s) => ({
    method: 'POST',
    url: '/proposals',
    payload: proposalBody(s.tenderId, attachments.get(token[BIDDER]!)),
  }),
  resubmitProposal: (s) => {
    const { tender: _, ...body } = proposalBody(s.tenderId, attachments.get(token[BIDDER]!));
    // Someone without a proposal of their own can only name another's (refused like a missing one).
    return { method: 'PUT', url: `/proposals/${s.bidderProposal ?? s.otherProposal}`, payload: body };
  },
  expressInterest: (s) => ({ method: 'POST', url: '/interests', payload: { tender: s.tenderId } }),
  askQuestion: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/clarifications`,
    payload: { question: 'Are drawings available?' },
  }),
  edit: (s) => ({ method: 'PATCH', url: `/tenders/${s.tenderId}`, payload: tenderBody() }),
  publish: (s) => ({ method: 'POST', url: `/tenders/${s.tenderId}/publish` }),
  close: (s) => ({ method: 'POST', url: `/tenders/${s.tenderId}/close` }),
  invite: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/invitations`,
    payload: { company: companyId },
  }),
  decideInterest: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/interests/${s.thirdInterest}/approve`,
  }),
  answerQuestion: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/clarifications/${s.question}/answer`,
    payload: { answer: 'Yes, two spaces.' },
  }),
  amend: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/amendments`,
    payload: { reason: 'Scope', description: 'A wider scope' },
  }),
  evaluate: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/proposals/${s.otherProposal}/evaluation`,
    payload: { evaluation: 'shortlisted' },
  }),
  award: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/award`,
    payload: { proposalId: s.otherProposal },
  }),
  noAward: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/no-award`,
    payload: { reason: 'Too dear' },
  }),
  cancel: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/cancel`,
    payload: { reason: 'Not needed' },
  }),
  startBafo: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/bafo`,
    payload: { proposalIds: [s.otherProposal], deadline: new Date(Date.now() + 2 * DAY).toISOString() },
  }),
  submitBafo: (s) => ({
    method: 'PUT',
    url: `/tenders/${s.tenderId}/bafo/offer`,
    payload: { offerPrice: 1 },
  }),
  approveDecision: (s) => ({ method: 'POST', url: `/tenders/${s.tenderId}/decision-request/approve` }),
  refuseDecision: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/decision-request/refuse`,
    payload: { reason: 'Over budget' },
  }),
  fileObjection: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/objections`,
    payload: { grounds: ['scoring_error'], statement: 'Our price was lower.', remedy: 'Re-evaluate.' },
  }),
  answerObjection: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/objections/999999/answer`,
    payload: { outcome: 'dismissed', reason: 'The scores stand.' },
  }),
  appointPanel: (s) => ({
    method: 'PUT',
    url: `/tenders/${s.tenderId}/panel`,
    payload: { evaluatorIds: [userId[OWNER]], chairId: userId[OWNER] },
  }),
  signDeclaration: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/panel/declaration`,
    payload: { decision: 'sign' },
  }),
  scoreProposals: (s) => ({ method: 'POST', url: `/tenders/${s.tenderId}/panel/submit` }),
  requestRevisit: (s) => ({
    method: 'POST',
    url: `/tenders/${s.tenderId}/panel/revisit`,
    payload: {
      evaluatorId: userId[OWNER],
      proposalId: s.otherProposal,
      criterion: 0,
      reason: 'Too generous',
    },
  }),
  lockTechnical: (s) => ({ method: 'POST', url: `/tenders/${s.tenderId}/panel/lock` }),
  approve: (s) => ({ method: 'POST', url: `/admin/tenders/${s.tenderId}/approve` }),
  reject: (s) => ({
    method: 'POST',
    url: `/admin/tenders/${s.tenderId}/reject`,
    payload: { reason: 'Incomplete' },
  }),
};

async function attempt(action: TenderAction, s: Scene, caller: Caller) {
  const { method, url, payload } = ATTEMPTS[action](s);
  return call(app, method, url, { token: tokenOf(caller), payload });
}

beforeAll(async () => {
  app = await makeApp();
  for (const email of [OWNER, BIDDER, OTHER, THIRD, ADMIN]) {
    token[email] = await login(app, email);
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    userId[email] = u!.id;
  }
  await uploadAttachments(app, [token[BIDDER]!, token[OTHER]!], attachments);
  const [company] = await db()
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.status, 'approved'),
        isNotNull(companies.ownerId),
        ne(companies.ownerId, userId[OWNER]!),
      ),
    );
  companyId = company!.id;
}, 180_000);
afterAll(() => app.cleanup());

describe('the tender rulebook: what `can` offers is what the API accepts', () => {
  for (const state of TENDER_STAGES)
    for (const status of ['open', 'closed'] as const)
      it(`${state}, ${status}: for every caller`, async () => {
        for (const caller of CALLERS) {
          const shared = await scene(state, status, caller);
          const read = await call(app, 'GET', `/tenders/${shared.tenderId}`, { token: tokenOf(caller) });
          // A tender the caller may not see offers them nothing (the page is "not found").
          const seen: Tender | null = read.status === 200 ? read.body.data : null;
          if (!seen) expect(read.status, label(caller)).toBe(404);
          // The directory offers invitations to the tenders GET /invitations/tenders lists: exactly those `can` allows.
          if (caller.who === 'owner') {
            const invitable = await call(app, 'GET', '/invitations/tenders', { token: tokenOf(caller) });
            const listed = (invitable.body.data as { id: number }[]).some((t) => t.id === shared.tenderId);
            expect(listed, 'invitable tenders').toBe(seen?.can.invite);
          }
          for (const action of TENDER_ACTIONS) {
            const where = `${action} by ${label(caller)}`;
            const allowed = seen?.can[action] ?? false;
            // An accepted action changes the tender: it is attempted on a scene of its own.
            const s = allowed ? await scene(state, status, caller) : shared;
            const answer = await attempt(action, s, caller);
            expect(answer.status < 300, `${where}: ${answer.status} ${answer.body?.code ?? ''}`).toBe(
              allowed,
            );
            if (allowed) continue;
            // A visitor is refused anything before the tender is read; the page invites them to sign in.
            if (caller.who === 'visitor') expect(answer.status, where).toBe(401);
            else if (seen) expect(answer.body.code, where).toBe(seen.refusals[action]);
          }
        }
      }, 120_000);
});
