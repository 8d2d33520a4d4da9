import { TENDER_ACTIONS } from '../contracts/tender-actions.ts';
import type {
  TenderAction,
  TenderCan,
  TenderRefusal,
  TenderRefusals,
  TenderState,
} from '../contracts/tenders.ts';
import { clarificationCutoff } from './tender-lifecycle.ts';

/**
 * The tender rulebook: the ONE place that says what may be done to a tender, by whom, in which state. The API asks
 * it before every write (api/src/modules/tenders/lifecycle.ts `refuseUnless`) and sends its answer with every
 * tender (`can`, `refusals`), so the pages offer exactly what the server accepts and decide nothing themselves.
 *
 *   draft ──submit──▶ pending_approval ──approve──▶ published ──(deadline)──▶ bids_opened ──award──▶ standstill
 *     ▲                   │                           │                          ├──no_award──▶ no_award    │
 *     └──edit── rejected ◀┘reject                     └────────cancel────────────┴──cancel────▶ cancelled ◀┤
 *                                             (standstill over, no objection open) awarded ◀───────────────┘
 *                                             (objection upheld: award withdrawn) bids_opened ◀────────────┘
 *
 * Above the company's threshold an award, no award or cancellation is first a request that another member with the
 * approver role approves (the action then happens) or refuses (docs/decisions/0013-decision-stage.md).
 * A tender's state is derived from its columns (approval, outcome, deadline), so it can never disagree with them.
 */

/** The columns a tender's state and rules are read from (a tender row, as the API stores it). */
export interface TenderFacts {
  ownerId: number;
  /** The company the tender belongs to; null (or absent): the personal tender of `ownerId`. */
  companyId?: number | null;
  /** Open to every bidder, or closed (an approved interest is needed to bid). */
  status: string;
  approvalStatus: string;
  isPublished: boolean;
  outcome: string | null;
  deadline: Date | string | null;
  clarificationCutoff: Date | string | null;
  /** Set while an award decision stands and is not final: when its standstill ends (state `standstill`). */
  standstillEndsAt?: Date | string | null;
  /** The member whose award, no-award or cancellation request waits for an approver (null: none pending). */
  decisionRequestedBy?: number | null;
  /** Bidders' objections to the award not answered yet. */
  openObjections?: number;
  /** How proposals are judged (weighted criteria need the technical stage locked before a price counts). */
  evaluationMethod?: string;
  /** 2: the financial parts stay sealed until the technical stage is locked (`technicalLockedAt`). */
  envelopes?: number;
  technicalLockedAt?: Date | string | null;
  /** The method announced a best-and-final-offer round; when it was started and when its offers close. */
  bafoAllowed?: boolean;
  bafoStartedAt?: Date | string | null;
  bafoDeadline?: Date | string | null;
  /**
   * The panel may lock (weighted): at least one evaluator signed the declaration and every one who signed has
   * submitted their scores (docs/decisions/0014-evaluation-panel.md).
   */
  panelReady?: boolean;
  /** The kinds of credential a bidder's company must hold, verified and not expired, to submit a proposal. */
  requiredCredentials?: readonly string[];
}

/** Who asks (null: a visitor), and where they stand with the tender. */
export interface CallerFacts {
  /**
   * `companyId`: the company their session acts for (null or absent: they act as themselves); `roles`: theirs in
   * it (docs/decisions/0011-organisations.md).
   */
  viewer: { id: number; isAdmin: boolean; companyId?: number | null; roles?: readonly string[] } | null;
  /** Their interest in the tender, if they expressed one. */
  interest: string | null;
  /** They submitted a proposal to it. */
  hasProposal: boolean;
  /** Their proposal is the one awarded. */
  wonAward?: boolean;
  /** They already objected to the award (one objection per bidder). */
  objected?: boolean;
  /** Their proposal is invited to the best-and-final-offer round. */
  bafoInvited?: boolean;
  /**
   * Their standing on the tender's evaluation panel (null or absent: not appointed): chair or not, their
   * conflict-of-interest declaration, whether they submitted their scores.
   */
  panel?: { chair: boolean; declaration: 'pending' | 'signed' | 'declined'; submitted: boolean } | null;
  /** The kinds of credential their company holds verified and not expired now (none without a company). */
  credentials?: readonly string[];
}

/**
 * Whether the caller is on the tender's buyer side: a member of the company it belongs to, acting for it (any role:
 * what each role may do is the route's access rule), or, for a personal tender, the person who made it
 * (docs/decisions/0011-organisations.md).
 */
export function ownsTender(
  t: Pick<TenderFacts, 'ownerId' | 'companyId'>,
  viewer: CallerFacts['viewer'],
): boolean {
  if (!viewer) return false;
  const company = t.companyId ?? null;
  return company !== null ? (viewer.companyId ?? null) === company : viewer.id === t.ownerId;
}

const time = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

export function tenderState(
  t: Pick<TenderFacts, 'outcome' | 'approvalStatus' | 'deadline' | 'standstillEndsAt'>,
  now = Date.now(),
): TenderState {
  if (t.outcome === 'awarded' || t.outcome === 'no_award' || t.outcome === 'cancelled') return t.outcome;
  if (t.approvalStatus === 'draft') return 'draft';
  if (t.approvalStatus === 'pending') return 'pending_approval';
  if (t.approvalStatus === 'rejected') return 'rejected';
  // An award decided and not final yet: final only when recorded (the standstill's job, lifecycle.ts).
  if (t.standstillEndsAt) return 'standstill';
  const deadline = time(t.deadline);
  return deadline !== null && deadline <= now ? 'bids_opened' : 'published';
}

/** Each transition: the states it is allowed in and the state it leads to (null = the state does not change). */
export const TRANSITIONS = {
  edit: { from: ['draft', 'rejected'], to: 'draft' },
  submit: { from: ['draft', 'rejected'], to: 'pending_approval' },
  approve: { from: ['pending_approval'], to: 'published' },
  reject: { from: ['pending_approval'], to: 'rejected' },
  /** Open → closed access (interest needed to bid); not a change of state. */
  restrict: { from: ['draft', 'pending_approval', 'rejected', 'published'], to: null },
  /** Invite a directory company (before the deadline too: see `invite` below). */
  invite: { from: ['draft', 'pending_approval', 'rejected', 'published'], to: null },
  /** Proposals, resubmissions and interests. */
  bid: { from: ['published'], to: null },
  ask: { from: ['published'], to: null },
  answer: { from: ['published'], to: null },
  amend: { from: ['published'], to: null },
  evaluate: { from: ['bids_opened'], to: null },
  award: { from: ['bids_opened'], to: 'standstill' },
  no_award: { from: ['bids_opened'], to: 'no_award' },
  cancel: { from: ['published', 'bids_opened', 'standstill'], to: 'cancelled' },
  /** Objections and their answers. */
  object: { from: ['standstill'], to: null },
  /** The evaluation panel is appointed (or changed) from the draft until the technical lock. */
  appoint: { from: ['draft', 'pending_approval', 'rejected', 'published', 'bids_opened'], to: null },
} as const satisfies Record<string, { from: readonly TenderState[]; to: TenderState | null }>;
export type TenderTransition = keyof typeof TRANSITIONS;

const ENDED: readonly TenderState[] = ['awarded', 'no_award', 'cancelled'];

/** Why `transition` cannot be made in `state` (the refusal that tells the caller why), or null when it can. */
export function transitionRefusal(transition: TenderTransition, state: TenderState): TenderRefusal | null {
  const allowed: readonly TenderState[] = TRANSITIONS[transition].from;
  if (allowed.includes(state)) return null;
  if (ENDED.includes(state)) return 'TENDER_ENDED';
  if (state === 'bids_opened' && allowed.includes('published')) return 'DEADLINE_PASSED';
  if (state === 'published' && allowed.includes('bids_opened')) return 'BIDS_NOT_OPENED';
  if (allowed.length === 1 && allowed[0] === 'published') return 'TENDER_NOT_PUBLISHED_STATE';
  return 'TENDER_INVALID_STATE';
}

const isPublic = (t: TenderFacts) => t.isPublished && t.approvalStatus === 'approved';
const pastDeadline = (t: TenderFacts, now: number) => {
  const deadline = time(t.deadline);
  return deadline !== null && deadline <= now;
};

type Rule = (t: TenderFacts, c: CallerFacts, now: number) => TenderRefusal | null;

/** The first refusal of a list of checks, in the order the API makes them. */
const first =
  (...checks: Rule[]): Rule =>
  (t, c, now) => {
    for (const check of checks) {
      const refusal = check(t, c, now);
      if (refusal) return refusal;
    }
    return null;
  };

// The checks each action is made of, each the refusal it answers with.
/** Bidders' and buyers' routes (members' routes) are closed to administrators' role (403). */
const notAdmin: Rule = (_, c) => (c.viewer?.isAdmin ? 'FORBIDDEN' : null);
const admin: Rule = (_, c) => (c.viewer?.isAdmin ? null : 'ADMIN_ONLY');
const owner: Rule = (t, c) => (ownsTender(t, c.viewer) ? null : 'NOT_TENDER_OWNER');
/** A member acting for a company needs the role (the route's access rule, checked before the tender is read). */
const role =
  (needed: 'buyer' | 'bidder' | 'approver'): Rule =>
  (_, c) =>
    c.viewer && (c.viewer.companyId ?? null) !== null && !(c.viewer.roles ?? []).includes(needed)
      ? 'COMPANY_ROLE_REQUIRED'
      : null;
const buyer = role('buyer');
const bidder = role('bidder');
const notOwner =
  (refusal: TenderRefusal): Rule =>
  (t, c) =>
    ownsTender(t, c.viewer) ? refusal : null;
/** Someone else's tender that is not public does not exist for the caller. */
const listed =
  (refusal: TenderRefusal): Rule =>
  (t) =>
    isPublic(t) ? null : refusal;
const inState =
  (transition: TenderTransition): Rule =>
  (t, _, now) =>
    transitionRefusal(transition, tenderState(t, now));
/** One decision request at a time: none of award, no award, cancellation while one waits for an approver. */
const noPendingDecision: Rule = (t) => (t.decisionRequestedBy ? 'DECISION_PENDING' : null);
/** No award while a bidder's objection waits for its answer. */
const noOpenObjection: Rule = (t) => ((t.openObjections ?? 0) > 0 ? 'OBJECTION_OPEN' : null);
/** An approver of the tender's company, answering someone else's pending request (four eyes). */
const approvesPending = (): Rule =>
  first(
    notAdmin,
    // Ownership first: anyone outside the tender's buyer side reads the same refusal (the kept market pages).
    owner,
    role('approver'),
    (t) => (t.decisionRequestedBy ? null : 'DECISION_NOT_PENDING'),
    (t, c) => (t.decisionRequestedBy === c.viewer?.id ? 'OWN_DECISION_REQUEST' : null),
  );
const standstillRunning: Rule = (t, _, now) => {
  const ends = time(t.standstillEndsAt ?? null);
  return ends !== null && ends <= now ? 'STANDSTILL_ENDED' : null;
};
/** A round of best and final offers whose deadline has not passed yet. */
const bafoOpen = (t: TenderFacts, now: number) => {
  const closes = time(t.bafoDeadline ?? null);
  return closes !== null && closes > now;
};
/** No award or no-award while invited bidders may still improve their prices. */
const noOpenBafo: Rule = (t, _, now) => (bafoOpen(t, now) ? 'BAFO_OPEN' : null);
/**
 * Prices count only once the technical stage is locked where the method needs it: weighted criteria (the ranking is
 * the panel's) or two envelopes (the prices are sealed until then).
 */
const technicalLockedWhereNeeded: Rule = (t) =>
  hasTechnicalStage(t) && !t.technicalLockedAt ? 'TECHNICAL_NOT_LOCKED' : null;
/** Whether a tender has a technical stage to lock: weighted, or two envelopes (docs/decisions/0014-evaluation-panel.md). */
export const hasTechnicalStage = (t: Pick<TenderFacts, 'evaluationMethod' | 'envelopes'>): boolean =>
  t.evaluationMethod === 'weighted' || t.envelopes === 2;
const notLocked: Rule = (t) => (t.technicalLockedAt ? 'TECHNICAL_LOCKED' : null);
const weighted: Rule = (t) => (t.evaluationMethod === 'weighted' ? null : 'NOT_WEIGHTED');
/** On the panel: appointed and not declined. */
const evaluator: Rule = (_, c) => (c.panel && c.panel.declaration !== 'declined' ? null : 'NOT_EVALUATOR');
const chair: Rule = (_, c) => (c.panel?.chair ? null : 'NOT_CHAIR');
/** Nothing of the proposals before the conflict-of-interest declaration is signed. */
const signed: Rule = (_, c) => (c.panel?.declaration === 'signed' ? null : 'DECLARATION_REQUIRED');
/** A draft's state ignores its deadline; nothing is sent out for a deadline already passed. */
const beforeDeadline: Rule = (t, _, now) => (pastDeadline(t, now) ? 'DEADLINE_PASSED' : null);

/**
 * What each action needs besides being signed in, in the order the API checks it (the first failing check is the
 * refusal). Being signed in is checked last (`tenderRefusal`): the API refuses a visitor anything (401) before it
 * reads the tender, but a visitor is told the reason that would remain after signing in, so that a page invites
 * them to sign in exactly when it would help.
 * Built on first use: a table of calls made when the module loads would stay in every bundle that imports the rules
 * entry (the bundler cannot tell the calls are pure), and the remotes' first pages use other rules, not this one.
 */
let rules: Record<TenderAction, Rule> | undefined;
const rulebook = (): Record<TenderAction, Rule> => {
  rules ??= {
    submitProposal: first(
      notAdmin,
      bidder,
      listed('TENDER_NOT_PUBLISHED'),
      notOwner('OWN_TENDER'),
      inState('bid'),
      (t, c) => (t.status === 'closed' && c.interest !== 'approved' ? 'INTEREST_NOT_APPROVED' : null),
      (_, c) => (c.hasProposal ? 'PROPOSAL_EXISTS' : null),
      // Every credential the tender requires, held by the bidder's company (verified, not expired).
      (t, c) =>
        (t.requiredCredentials ?? []).every((k) => c.credentials?.includes(k))
          ? null
          : 'CREDENTIALS_REQUIRED',
    ),
    resubmitProposal: first(
      notAdmin,
      (_, c) => (c.hasProposal ? null : 'PROPOSAL_NOT_FOUND'),
      inState('bid'),
    ),
    expressInterest: first(
      notAdmin,
      bidder,
      listed('TENDER_NOT_FOUND'),
      notOwner('OWN_TENDER'),
      (t) => (t.status === 'closed' ? null : 'TENDER_NOT_CLOSED'),
      inState('bid'),
      (_, c) => (c.interest !== null ? 'INTEREST_EXISTS' : null),
    ),
    askQuestion: first(
      notAdmin,
      listed('TENDER_NOT_FOUND'),
      notOwner('OWN_TENDER_QUESTION'),
      inState('ask'),
      (t, _, now) => {
        const cutoff = clarificationCutoff(t.deadline, t.clarificationCutoff);
        return cutoff && cutoff.getTime() <= now ? 'CLARIFICATION_CUTOFF_PASSED' : null;
      },
    ),
    edit: first(notAdmin, buyer, owner, inState('edit')),
    publish: first(notAdmin, buyer, owner, inState('submit'), beforeDeadline),
    close: first(notAdmin, buyer, owner, inState('restrict'), (t) =>
      t.status === 'closed' ? 'TENDER_INVALID_STATE' : null,
    ),
    invite: first(notAdmin, buyer, owner, inState('invite'), beforeDeadline),
    // Interest is expressed only in a closed tender that is (or was) public: only there is one to decide, and the
    // owner's workspace offers the interests exactly where this allows.
    decideInterest: first(notAdmin, buyer, owner, listed('TENDER_NOT_PUBLISHED'), (t) =>
      t.status === 'closed' ? null : 'TENDER_NOT_CLOSED',
    ),
    answerQuestion: first(notAdmin, buyer, owner, inState('answer')),
    amend: first(notAdmin, buyer, owner, inState('amend')),
    evaluate: first(notAdmin, buyer, owner, inState('evaluate')),
    // The award of a weighted or two-envelope tender waits for the technical lock (the panel's ranking, the prices).
    award: first(
      notAdmin,
      buyer,
      owner,
      noOpenObjection,
      inState('award'),
      technicalLockedWhereNeeded,
      noPendingDecision,
      noOpenBafo,
    ),
    noAward: first(notAdmin, buyer, owner, inState('no_award'), noPendingDecision, noOpenBafo),
    cancel: first(notAdmin, buyer, owner, inState('cancel'), noPendingDecision),
    startBafo: first(
      notAdmin,
      buyer,
      owner,
      inState('evaluate'),
      (t) => (t.bafoAllowed ? null : 'BAFO_NOT_ANNOUNCED'),
      (t) => (t.bafoStartedAt ? 'BAFO_ALREADY_HELD' : null),
      technicalLockedWhereNeeded,
      noPendingDecision,
    ),
    submitBafo: first(
      notAdmin,
      bidder,
      listed('TENDER_NOT_FOUND'),
      notOwner('OWN_TENDER'),
      (_, c) => (c.hasProposal ? null : 'PROPOSAL_NOT_FOUND'),
      inState('evaluate'),
      (t) => (t.bafoStartedAt ? null : 'BAFO_NOT_STARTED'),
      (_, c) => (c.bafoInvited ? null : 'NOT_INVITED_TO_BAFO'),
      (t, _, now) => (bafoOpen(t, now) ? null : 'BAFO_CLOSED'),
    ),
    approveDecision: approvesPending(),
    refuseDecision: approvesPending(),
    fileObjection: first(
      notAdmin,
      bidder,
      listed('TENDER_NOT_FOUND'),
      notOwner('OWN_TENDER'),
      (_, c) => (c.hasProposal ? null : 'PROPOSAL_NOT_FOUND'),
      inState('object'),
      standstillRunning,
      (_, c) => (c.wonAward ? 'WINNER_CANNOT_OBJECT' : null),
      (_, c) => (c.objected ? 'OBJECTION_EXISTS' : null),
    ),
    answerObjection: first(notAdmin, buyer, owner, inState('object'), (t) =>
      (t.openObjections ?? 0) > 0 ? null : 'NO_OPEN_OBJECTION',
    ),
    // The panel (docs/decisions/0014-evaluation-panel.md). An evaluator acts for the tender's side (`owner`) with
    // any company role; the panel's own standing decides the rest.
    appointPanel: first(notAdmin, buyer, owner, inState('appoint'), notLocked),
    signDeclaration: first(notAdmin, owner, evaluator, inState('evaluate'), notLocked, (_, c) =>
      c.panel?.declaration === 'pending' ? null : 'DECLARATION_MADE',
    ),
    scoreProposals: first(
      notAdmin,
      owner,
      evaluator,
      weighted,
      inState('evaluate'),
      notLocked,
      signed,
      (_, c) => (c.panel?.submitted ? 'SCORES_SUBMITTED' : null),
    ),
    requestRevisit: first(
      notAdmin,
      owner,
      evaluator,
      chair,
      weighted,
      inState('evaluate'),
      notLocked,
      signed,
    ),
    // Weighted: the chair, once the panel is ready. Lowest price in two envelopes: the buyer side (a proposal passes
    // unless marked not responsive; no panel is needed). Lowest price in one envelope has nothing to lock.
    lockTechnical: first(
      notAdmin,
      owner,
      (t) => (hasTechnicalStage(t) ? null : 'LOCK_NOT_NEEDED'),
      inState('evaluate'),
      notLocked,
      (t, c, now) =>
        t.evaluationMethod === 'weighted'
          ? first(evaluator, chair, signed, (x) => (x.panelReady ? null : 'PANEL_NOT_READY'))(t, c, now)
          : buyer(t, c, now),
    ),
    approve: first(admin, inState('approve')),
    reject: first(admin, inState('reject')),
  };
  return rules;
};

/** The transition each action makes, for those that move (or keep) the tender in its lifecycle. */
export const ACTION_TRANSITIONS: Partial<Record<TenderAction, TenderTransition>> = {
  submitProposal: 'bid',
  resubmitProposal: 'bid',
  expressInterest: 'bid',
  askQuestion: 'ask',
  edit: 'edit',
  publish: 'submit',
  close: 'restrict',
  invite: 'invite',
  answerQuestion: 'answer',
  amend: 'amend',
  evaluate: 'evaluate',
  award: 'award',
  noAward: 'no_award',
  cancel: 'cancel',
  startBafo: 'evaluate',
  submitBafo: 'evaluate',
  fileObjection: 'object',
  answerObjection: 'object',
  appointPanel: 'appoint',
  signDeclaration: 'evaluate',
  scoreProposals: 'evaluate',
  requestRevisit: 'evaluate',
  lockTechnical: 'evaluate',
  approve: 'approve',
  reject: 'reject',
};

/** Why the caller may not take `action` on the tender now (the API's refusal), or null when they may. */
export function tenderRefusal(
  action: TenderAction,
  t: TenderFacts,
  caller: CallerFacts,
  now = Date.now(),
): TenderRefusal | null {
  return rulebook()[action](t, caller, now) ?? (caller.viewer ? null : 'UNAUTHORIZED');
}

/** Every action at once: what the caller may do (`can`) and why not (`refusals`), as each tender carries them. */
export function tenderPermissions(
  t: TenderFacts,
  caller: CallerFacts,
  now = Date.now(),
): { can: TenderCan; refusals: TenderRefusals } {
  const can = {} as TenderCan;
  const refusals: TenderRefusals = {};
  for (const action of TENDER_ACTIONS) {
    const refusal = tenderRefusal(action, t, caller, now);
    can[action] = refusal === null;
    if (refusal) refusals[action] = refusal;
  }
  return { can, refusals };
}

/**
 * Why a proposal cannot win: marked not responsive, failed the technical stage (recorded at the lock), or its fee
 * and bond (a condition of taking part) unpaid.
 */
export function awardRefusal(p: {
  evaluation: string | null;
  paymentStatus: string;
  technicalPassed?: boolean | null;
}): 'PROPOSAL_NOT_RESPONSIVE' | 'PROPOSAL_FAILED_TECHNICAL' | 'PROPOSAL_NOT_PAID' | null {
  if (p.evaluation === 'not_responsive') return 'PROPOSAL_NOT_RESPONSIVE';
  if (p.technicalPassed === false) return 'PROPOSAL_FAILED_TECHNICAL';
  if (p.paymentStatus === 'unpaid' || p.paymentStatus === 'failed') return 'PROPOSAL_NOT_PAID';
  return null;
}
