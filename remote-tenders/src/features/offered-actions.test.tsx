/**
 * The UI equals the API for tender actions. api/test/tender-rulebook.test.ts proves that a tender's `can` is exactly
 * what the API accepts when each action is attempted over HTTP; this test proves that the controls this remote offers
 * are exactly the actions `can` allows. Together: what a page offers is what the server accepts, in every state.
 *
 * For every state × access (open, closed) × date (deadline and question cut-off ahead or passed) × viewer (the owner,
 * another company in each of its situations, an administrator), a tender built by `tender()` (its `can` is the
 * rulebook's, shared/src/rules/tender-rules.ts) is rendered once: the owner's workspace card with every panel it
 * offers opened (interests, decision, comparison), beside the tender page's action buttons, its questions and the
 * bidder's own proposal. The owner's API answers as it would for the tender's state: one interest pending, one
 * approved and one rejected; the proposals sealed until the deadline, then one that can be awarded, one marked not
 * responsive and one unpaid; one question unanswered and one answered. The actions whose controls are offered (shown
 * and clickable) must be exactly those `can` allows.
 * The other places an action is offered are outside this remote: `invite` in the directory, to the tenders GET
 * /invitations/tenders lists (api/test/tender-rulebook.test.ts checks the list against `can`), and `approve`/`reject`
 * in the administrator's list of the account remote (remote-account/src/pages/CompanyListPage.test.tsx).
 */

import { stateColumns } from '@bawaba/shared/build/testing';
import {
  type Clarification,
  type Comparison,
  type ComparisonRow,
  type DecisionRequest,
  type Interest,
  type Objection,
  type Panel,
  type Proposal,
  TENDER_ACTIONS,
  type Tender,
  type TenderAction,
  type TenderState,
} from '@bawaba/shared/contracts';
import { awardRefusal, TENDER_STAGES, tenderPermissions } from '@bawaba/shared/rules';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MyProposalPanel } from '../components/MyProposalPanel.tsx';
import { TenderActions } from '../components/TenderActions.tsx';
import { activateEnglish, renderPage, tender } from '../test-utils.tsx';
import { Clarifications } from './clarifications/Clarifications.tsx';
import { OwnerTenderCard } from './workspace/OwnerTenderCard.tsx';

/** The actions offered outside this remote (see above); every other one must be offered here. */
const ELSEWHERE: readonly TenderAction[] = ['invite', 'approve', 'reject'];
const OFFERED_HERE = TENDER_ACTIONS.filter((action) => !ELSEWHERE.includes(action));

/** Every action seen offered in some case: each must be, or a control this test looks for has gone unseen. */
const everOffered = new Set<TenderAction>();

/** The state the mocked API answers for (set before each render). */
let current: TenderState = 'published';

vi.mock('./workspace/owner-api.ts', () => ({
  ownerApi: {
    interests: vi.fn(async () => INTERESTS),
    comparison: vi.fn(async () => comparisonIn(current)),
    history: vi.fn(async () => []),
  },
}));
vi.mock('./decision/stage/decision-stage-api.ts', () => ({
  decisionStageApi: {
    requests: vi.fn(async () => [PENDING_REQUEST]),
    objections: vi.fn(async () => [OPEN_OBJECTION]),
  },
}));
/** The round the mocked API answers: none yet (the buyer may start one), or one the bidder is invited to. */
let bafoRound: unknown = null;
vi.mock('./decision/bafo/bafo-api.ts', () => ({ bafoApi: { round: vi.fn(async () => bafoRound) } }));
/** The panel the mocked API answers: none appointed yet, unless a case of the panel's walk says otherwise. */
const NO_PANEL: Panel = {
  tenderId: 12,
  chairId: null,
  members: [],
  me: null,
  bidders: null,
  myScores: [],
  scoresHidden: true,
  scores: [],
  spread: null,
  lockedAt: null,
  results: null,
};
let panelAnswer: Panel = NO_PANEL;
vi.mock('./decision/panel/panel-api.ts', () => ({
  panelApi: {
    panel: vi.fn(async () => panelAnswer),
    members: vi.fn(async () => ({ members: [], yourRoles: ['buyer'] })),
  },
}));
// The debrief offers no action: it is left out of the walk (its own test: my-proposal/DebriefView.test.tsx).
vi.mock('./my-proposal/DebriefView.tsx', () => ({ default: () => null }));
vi.mock('../api.ts', async (original) => ({
  ...(await original<typeof import('../api.ts')>()),
  listClarifications: vi.fn(async () => QUESTIONS),
  myProposals: vi.fn(async () => [MY_PROPOSAL]),
}));

const interest = (id: number, status: Interest['status']): Interest => ({
  id,
  tender: { id: 12, number: 'BWB-2026-0012', title: 'CCTV', titleLang: 'en' },
  user: {
    id: 20 + id,
    name: `Bidder ${id}`,
    email: `bidder${id}@example.qa`,
    companyName: null,
    companyNameLang: null,
  },
  status,
  reason: status === 'rejected' ? 'Not local' : null,
  invited: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: status === 'pending' ? null : '2026-11-21T10:00:00.000Z',
});
const INTERESTS = [interest(1, 'pending'), interest(2, 'approved'), interest(3, 'rejected')];

const question = (id: number, answer: string | null): Clarification => ({
  id,
  question: `Question ${id}?`,
  answer,
  askedAt: '2026-11-20T10:00:00.000Z',
  answeredAt: answer ? '2026-11-21T10:00:00.000Z' : null,
  mine: false,
});
const AWARDABLE_ID = 1;
const QUESTIONS = [question(1, null), question(2, 'Yes.')];

const ACTOR = { id: 9, name: 'Member', companyName: null, companyNameLang: null };
/** An award waiting for an approver, and a bidder's objection waiting for the buyer (the decision stage's case). */
const PENDING_REQUEST: DecisionRequest = {
  id: 1,
  action: 'award',
  proposalId: AWARDABLE_ID,
  note: null,
  status: 'pending',
  requestedBy: ACTOR,
  requestedAt: '2026-11-22T10:00:00.000Z',
  answeredBy: null,
  answeredAt: null,
  refusalReason: null,
};
const OPEN_OBJECTION: Objection = {
  id: 1,
  tenderId: 12,
  proposalId: 3,
  grounds: ['scoring_error'],
  statement: 'Our price was lower.',
  remedy: 'Re-evaluate.',
  documents: [],
  filedBy: ACTOR,
  filedAt: '2026-11-22T10:00:00.000Z',
  status: 'open',
  answer: null,
  answeredBy: null,
  answeredAt: null,
};

/** A compared proposal; its `awardRefusal` is the API's (the rulebook's) for its evaluation and payment. */
const row = (
  proposalId: number,
  evaluation: ComparisonRow['evaluation'],
  paymentStatus: ComparisonRow['paymentStatus'],
): ComparisonRow => ({
  proposalId,
  bidder: { id: proposalId, name: `Bidder ${proposalId}`, companyName: null, companyNameLang: null },
  offerPrice: 1000 * proposalId,
  currency: 'QAR',
  bestAndFinalOffer: null,
  period: 30,
  milestones: { count: 1, total: 1000, firstStart: null, lastEnd: null },
  paymentTerms: '30_days',
  financialSealed: false,
  paymentStatus,
  documentCount: 1,
  attachment: 'x',
  submittedAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  evaluation,
  evaluationReason: evaluation === 'not_responsive' ? 'No licence' : null,
  predatesAmendment: false,
  awardRefusal: awardRefusal({ evaluation, paymentStatus }),
  technicalScore: null,
  technicalPassed: null,
  priceScore: null,
  finalScore: null,
  rank: null,
});
const AWARDABLE = AWARDABLE_ID;

/** GET /tenders/:id/comparison in `state`: sealed until the deadline opens the bids. */
function comparisonIn(state: TenderState): Comparison {
  const opened =
    state === 'bids_opened' || state === 'awarded' || state === 'no_award' || state === 'cancelled';
  return {
    sealed: !opened,
    proposalCount: 3,
    state,
    awardedProposalId: state === 'awarded' ? AWARDABLE : null,
    rows: opened
      ? [row(AWARDABLE, null, 'paid'), row(2, 'not_responsive', 'paid'), row(3, null, 'unpaid')]
      : [],
  };
}

/** The bidder's own proposal on the tender (GET /proposals/mine), when they sent one. */
const MY_PROPOSAL = {
  id: 5,
  tender: { id: 12, title: 'CCTV', number: 'BWB-2026-0012', deadline: null, currency: 'QAR' },
  paymentStatus: 'paid',
  amountDue: 0,
  canPay: false,
  currentVersion: 1,
  outcome: null,
  predatesAmendment: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
} as unknown as Proposal;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const DATES = {
  ahead: { deadline: inDays(20), clarificationCutoff: inDays(10) },
  passed: { deadline: inDays(-1), clarificationCutoff: inDays(-3) },
};

const OWNER = { id: 7, isAdmin: false };
const VIEWERS = {
  owner: { viewer: OWNER, flags: { isOwner: true } },
  admin: { viewer: { id: 1, isAdmin: true }, flags: {} },
  company: { viewer: { id: 3, isAdmin: false }, flags: {} },
  'company, interest pending': { viewer: { id: 3, isAdmin: false }, flags: { isInterestSubmitted: true } },
  'company, interest approved': {
    viewer: { id: 3, isAdmin: false },
    flags: { isInterestSubmitted: true, isInterestApproved: true },
  },
  'company, proposal sent': { viewer: { id: 3, isAdmin: false }, flags: { isProposalSubmitted: true } },
} satisfies Record<string, { viewer: { id: number; isAdmin: boolean }; flags: Partial<Tender> }>;

/** The tender as the API sends it to `viewer`, its columns agreeing with its state. */
function tenderFor(
  state: TenderState,
  status: Tender['status'],
  dates: (typeof DATES)[keyof typeof DATES],
  { viewer, flags }: (typeof VIEWERS)[keyof typeof VIEWERS],
): Tender {
  return tender({ ...stateColumns(state), status, ...dates, ...flags, ownerId: OWNER.id }, viewer);
}

/** The mocked answers arrive at once, but a loaded machine can take over a second to render them. */
const LOADED = { timeout: 5000 };

const clickable = (el: HTMLElement | null) => el !== null && !(el as HTMLButtonElement).disabled;

/** Opens every panel the card offers and names the actions whose controls are shown and clickable. */
async function offeredActions(proposalShown: boolean): Promise<Set<TenderAction>> {
  const offered = new Set<TenderAction>();
  const offer = (action: TenderAction, shown: boolean) => {
    if (shown) offered.add(action);
  };
  // The questions load first: every render waits for them.
  const [unanswered, answered] = await screen.findAllByTestId('clarification', {}, LOADED);
  offer('askQuestion', screen.queryByTestId('ask-form') !== null);
  offer('answerQuestion', within(unanswered!).queryByTestId('answer-form') !== null);
  expect(within(answered!).queryByTestId('answer-form'), 'an answered question').toBeNull();

  if (proposalShown) await screen.findByTestId('my-proposal', {}, LOADED);
  offer('resubmitProposal', screen.queryByTestId('resubmit-link') !== null);
  offer('fileObjection', clickable(screen.queryByTestId('file-objection')));
  offer('submitProposal', clickable(screen.queryByTestId('action-submit-proposal')));
  offer('expressInterest', clickable(screen.queryByTestId('action-interest')));

  offer('edit', clickable(screen.queryByTestId('edit-tender')));
  offer('publish', clickable(screen.queryByTestId('publish-tender')));
  offer('close', clickable(screen.queryByTestId('close-tender')));

  const interests = screen.queryByTestId('show-interests');
  if (interests) {
    fireEvent.click(interests);
    const [pending, ...decided] = await screen.findAllByTestId('interest-row', {}, LOADED);
    offer('decideInterest', clickable(within(pending!).queryByTestId('approve-interest')));
    expect(clickable(within(pending!).queryByRole('button', { name: 'Reject' }))).toBe(
      offered.has('decideInterest'),
    );
    for (const row of decided)
      expect(within(row).queryAllByRole('button'), 'a decided interest').toHaveLength(0);
  }

  const decision = screen.queryByTestId('show-decision');
  if (decision) {
    fireEvent.click(decision);
    offer('amend', clickable(screen.queryByTestId('amend-tender')));
    offer('noAward', clickable(screen.queryByTestId('no-award')));
    offer('cancel', clickable(screen.queryByTestId('cancel-tender')));
    await screen.findByTestId(/^comparison(-sealed|-unopened)?$/, {}, LOADED);
    const rows = screen.queryAllByTestId('comparison-row');
    const inRows = (testId: string) => rows.flatMap((r) => within(r).queryAllByTestId(testId));
    offer('evaluate', [...inRows('shortlist'), ...inRows('not-responsive')].some(clickable));
    offer('award', inRows('award').some(clickable));
    // Only the proposal the API would let win is clickable; the others say why not.
    for (const r of rows)
      if (Number(r.dataset.proposalId) !== AWARDABLE)
        expect(within(r).queryAllByTestId('award').some(clickable), 'a refused award').toBe(false);
  }
  for (const action of await panelActions()) offered.add(action);
  return offered;
}

/** Opens the card's evaluation panel, when it offers one, and names the panel's actions offered there. */
async function panelActions(): Promise<Set<TenderAction>> {
  const offered = new Set<TenderAction>();
  const open = screen.queryByTestId('show-panel');
  if (!open) return offered;
  fireEvent.click(open);
  await screen.findByTestId(/^panel-(members|empty)$/, {}, LOADED);
  if (clickable(screen.queryByTestId('appoint-panel'))) offered.add('appointPanel');
  if (clickable(screen.queryByTestId('sign-declaration'))) offered.add('signDeclaration');
  if (screen.queryAllByTestId('save-scores').some(clickable)) offered.add('scoreProposals');
  if (screen.queryAllByTestId('ask-revisit').some(clickable)) offered.add('requestRevisit');
  if (clickable(screen.queryByTestId('lock-technical'))) offered.add('lockTechnical');
  return offered;
}

beforeAll(activateEnglish);
afterEach(cleanup);

describe('every tender action this remote offers is one the API accepts, and every accepted one is offered', () => {
  for (const state of TENDER_STAGES)
    it(`${state}: for every access, date and viewer`, async () => {
      current = state;
      for (const status of ['open', 'closed'] as const)
        for (const [when, dates] of Object.entries(DATES))
          for (const [who, viewer] of Object.entries(VIEWERS)) {
            const t = tenderFor(state, status, dates, viewer);
            renderPage(
              <>
                <TenderActions tender={t} />
                {/* As the tender page shows it: to a bidder who sent a proposal. */}
                {t.isProposalSubmitted && <MyProposalPanel tender={t} />}
                <OwnerTenderCard tender={t} onEdit={() => undefined} onChanged={() => undefined} />
                <Clarifications tender={t} />
              </>,
            );
            const allowed = OFFERED_HERE.filter((action) => t.can[action]);
            const offered = await offeredActions(t.isProposalSubmitted);
            expect([...offered].sort(), `${state}, ${status}, ${when}, ${who}`).toEqual([...allowed].sort());
            for (const action of offered) everOffered.add(action);
            cleanup();
          }
    }, 120_000);

  // The decision stage's controls need facts no state alone gives: an award waiting for an approver (bids opened),
  // an objection waiting for the buyer (standstill). Each viewer: an approver who did not ask, the one who asked,
  // a buyer without the approver role.
  it('the decision stage: a pending request and an open objection, for approvers and buyers', async () => {
    const company = 4;
    const viewers = {
      approver: { id: 9, isAdmin: false, companyId: company, roles: ['approver'] },
      requester: { id: 8, isAdmin: false, companyId: company, roles: ['buyer', 'approver'] },
      buyer: { id: 10, isAdmin: false, companyId: company, roles: ['buyer'] },
    };
    for (const state of ['bids_opened', 'standstill'] as const) {
      current = state;
      for (const [who, viewer] of Object.entries(viewers)) {
        const columns = stateColumns(state);
        const facts = {
          ownerId: OWNER.id,
          companyId: company,
          status: 'open',
          approvalStatus: 'approved',
          isPublished: true,
          outcome: null,
          deadline: DATES.passed.deadline,
          clarificationCutoff: DATES.passed.clarificationCutoff,
          standstillEndsAt: state === 'standstill' ? inDays(5) : null,
          decisionRequestedBy: state === 'bids_opened' ? 8 : null,
          openObjections: state === 'standstill' ? 1 : 0,
        };
        const t = tender({
          ...columns,
          ...DATES.passed,
          isOwner: true,
          ownerId: OWNER.id,
          standstillEndsAt: facts.standstillEndsAt,
          ...tenderPermissions(facts, { viewer, interest: null, hasProposal: false }),
        });
        renderPage(<OwnerTenderCard tender={t} onEdit={() => undefined} onChanged={() => undefined} />);
        fireEvent.click(screen.getByTestId('show-decision'));
        await screen.findByTestId('decision-stage', {}, LOADED);
        if (state === 'bids_opened') await screen.findByTestId('decision-request', {}, LOADED);
        else await screen.findByTestId('objection', {}, LOADED);
        const offered = new Set<TenderAction>();
        if (clickable(screen.queryByTestId('approve-decision'))) offered.add('approveDecision');
        if (clickable(screen.queryByTestId('refuse-decision'))) offered.add('refuseDecision');
        if (clickable(screen.queryByTestId('dismiss-objection'))) offered.add('answerObjection');
        const stage = ['approveDecision', 'refuseDecision', 'answerObjection'] as const;
        expect([...offered].sort(), `${state}, ${who}`).toEqual(stage.filter((a) => t.can[a]).sort());
        for (const action of offered) everOffered.add(action);
        cleanup();
      }
    }
  }, 60_000);

  // A round of best and final offers needs a tender that announced one: the buyer side before any round (and after
  // it was held), an invited bidder while it is open and after it closed.
  it('the best-and-final-offer round: to the buyer side and to an invited bidder, as `can` says', async () => {
    current = 'bids_opened';
    const evaluation = { ...tender().evaluation, bestAndFinalOffer: true };
    const facts = {
      ownerId: OWNER.id,
      status: 'open',
      approvalStatus: 'approved',
      isPublished: true,
      outcome: null,
      deadline: DATES.passed.deadline,
      clarificationCutoff: DATES.passed.clarificationCutoff,
      bafoAllowed: true,
    };
    const ROUND = {
      deadline: inDays(2),
      closed: false,
      note: '',
      startedBy: ACTOR,
      startedAt: inDays(-1),
      invitees: [
        {
          proposalId: 5,
          bidderName: 'Bidder',
          companyName: null,
          companyNameLang: null,
          previousPrice: 1000,
          currency: 'QAR',
          submitted: false,
          submittedAt: null,
          price: null,
        },
      ],
    };
    const held = { bafoStartedAt: inDays(-1) };
    const cases = [
      { who: 'buyer, no round yet', viewer: OWNER, round: null, extra: {}, stake: {} },
      {
        who: 'buyer, round held',
        viewer: OWNER,
        round: ROUND,
        extra: { ...held, bafoDeadline: inDays(2) },
        stake: {},
      },
      {
        who: 'invited bidder, round open',
        viewer: { id: 3, isAdmin: false },
        round: ROUND,
        extra: { ...held, bafoDeadline: inDays(2) },
        stake: { hasProposal: true, bafoInvited: true },
      },
      {
        who: 'invited bidder, round closed',
        viewer: { id: 3, isAdmin: false },
        round: { ...ROUND, closed: true, deadline: inDays(-1) },
        extra: { ...held, bafoDeadline: inDays(-1) },
        stake: { hasProposal: true, bafoInvited: true },
      },
    ];
    for (const c of cases) {
      bafoRound = c.round;
      const isOwner = c.viewer === OWNER;
      const t = tender({
        ...stateColumns('bids_opened'),
        ...DATES.passed,
        evaluation,
        isOwner,
        isProposalSubmitted: !isOwner,
        ownerId: OWNER.id,
        ...tenderPermissions(
          { ...facts, ...c.extra },
          { viewer: c.viewer, interest: null, hasProposal: false, ...c.stake },
        ),
      });
      renderPage(
        isOwner ? (
          <OwnerTenderCard tender={t} onEdit={() => undefined} onChanged={() => undefined} />
        ) : (
          <MyProposalPanel tender={t} />
        ),
      );
      if (isOwner) {
        fireEvent.click(screen.getByTestId('show-decision'));
        await screen.findByTestId('bafo-round', {}, LOADED);
      } else await screen.findByTestId('bafo-offer', {}, LOADED);
      const offered = new Set<TenderAction>();
      if (clickable(screen.queryByTestId('start-bafo'))) offered.add('startBafo');
      if (clickable(screen.queryByTestId('submit-bafo'))) offered.add('submitBafo');
      const round = ['startBafo', 'submitBafo'] as const;
      expect([...offered].sort(), c.who).toEqual(round.filter((a) => t.can[a]).sort());
      for (const action of offered) everOffered.add(action);
      cleanup();
    }
    bafoRound = null;
  }, 60_000);

  // The panel's controls need its facts: the method and envelopes, the caller's standing on the panel (declaration,
  // chair, submitted), whether every evaluator who signed has submitted, the lock. Each case: a tender whose bids
  // are open, seen by a member of its company from the workspace card.
  it('the evaluation panel: the buyer side, evaluators and the chair, as `can` says', async () => {
    current = 'bids_opened';
    const company = 4;
    const WEIGHTED = {
      method: 'weighted',
      envelopes: 2,
      criteria: [
        { nameEn: 'Method', nameAr: 'المنهجية', descriptionEn: null, descriptionAr: null, weight: 100 },
      ],
      technicalWeight: 70,
      financialWeight: 30,
      passMark: 60,
      bestAndFinalOffer: false,
    } as Tender['evaluation'];
    const TWO_ENVELOPES = { ...tender().evaluation, envelopes: 2 } as Tender['evaluation'];
    const buyer = { id: 10, isAdmin: false, companyId: company, roles: ['buyer'] };
    const evaluator = { id: 9, isAdmin: false, companyId: company, roles: ['viewer'] };
    const bidders = [
      { proposalId: 1, name: 'Bidder 1', companyName: null, companyNameLang: null, scored: true },
      { proposalId: 2, name: 'Bidder 2', companyName: null, companyNameLang: null, scored: true },
    ];
    const member = (
      userId: number,
      isChair: boolean,
      declaration: 'pending' | 'signed',
      submitted: boolean,
    ) => ({
      userId,
      name: `Member ${userId}`,
      isChair,
      declaration,
      declaredAt: null,
      declineReason: null,
      submittedAt: submitted ? inDays(-1) : null,
    });
    const spread = bidders.map((b) => ({
      proposalId: b.proposalId,
      criterion: 0,
      min: 6,
      max: 8,
      scores: [{ evaluatorId: 11, score: 6, comment: 'Thin plan' }],
    }));
    type Standing = { chair: boolean; declaration: 'pending' | 'signed'; submitted: boolean } | null;
    const cases: {
      who: string;
      viewer: typeof buyer;
      evaluation: Tender['evaluation'];
      standing: Standing;
      ready?: boolean;
      locked?: boolean;
    }[] = [
      { who: 'buyer, weighted', viewer: buyer, evaluation: WEIGHTED, standing: null },
      {
        who: 'buyer, lowest price in two envelopes',
        viewer: buyer,
        evaluation: TWO_ENVELOPES,
        standing: null,
      },
      {
        who: 'evaluator, declaration pending',
        viewer: evaluator,
        evaluation: WEIGHTED,
        standing: { chair: false, declaration: 'pending', submitted: false },
      },
      {
        who: 'evaluator, signed',
        viewer: evaluator,
        evaluation: WEIGHTED,
        standing: { chair: false, declaration: 'signed', submitted: false },
      },
      {
        who: 'chair, submitted, the panel not ready',
        viewer: evaluator,
        evaluation: WEIGHTED,
        standing: { chair: true, declaration: 'signed', submitted: true },
      },
      {
        who: 'chair, submitted, the panel ready',
        viewer: evaluator,
        evaluation: WEIGHTED,
        standing: { chair: true, declaration: 'signed', submitted: true },
        ready: true,
      },
      {
        who: 'chair, after the lock',
        viewer: evaluator,
        evaluation: WEIGHTED,
        standing: { chair: true, declaration: 'signed', submitted: true },
        locked: true,
      },
    ];
    for (const c of cases) {
      const facts = {
        ownerId: OWNER.id,
        companyId: company,
        status: 'open',
        approvalStatus: 'approved',
        isPublished: true,
        outcome: null,
        deadline: DATES.passed.deadline,
        clarificationCutoff: DATES.passed.clarificationCutoff,
        evaluationMethod: c.evaluation.method,
        envelopes: c.evaluation.envelopes,
        technicalLockedAt: c.locked ? inDays(-1) : null,
        panelReady: c.ready ?? false,
      };
      const t = tender({
        ...stateColumns('bids_opened'),
        ...DATES.passed,
        evaluation: c.evaluation,
        isOwner: true,
        ownerId: OWNER.id,
        ...tenderPermissions(facts, {
          viewer: c.viewer,
          interest: null,
          hasProposal: false,
          panel: c.standing,
        }),
      });
      const me = c.standing;
      panelAnswer = {
        ...NO_PANEL,
        chairId: 11,
        members: [
          member(11, true, 'signed', true),
          ...(me ? [member(9, me.chair, me.declaration, me.submitted)] : []),
        ],
        me,
        bidders,
        scoresHidden: !me?.submitted,
        spread: me?.chair && me.submitted ? spread : null,
        lockedAt: c.locked ? inDays(-1) : null,
      };
      renderPage(<OwnerTenderCard tender={t} onEdit={() => undefined} onChanged={() => undefined} />);
      const offered = await panelActions();
      const panel = [
        'appointPanel',
        'signDeclaration',
        'scoreProposals',
        'requestRevisit',
        'lockTechnical',
      ] as const;
      expect([...offered].sort(), c.who).toEqual(panel.filter((a) => t.can[a]).sort());
      for (const action of offered) everOffered.add(action);
      cleanup();
    }
    panelAnswer = NO_PANEL;
  }, 60_000);

  it('sees each of those actions offered somewhere (the walk above looks at every control)', () => {
    expect([...everOffered].sort()).toEqual([...OFFERED_HERE].sort());
  });
});
