import * as v from 'valibot';
import { Actor } from './actors.ts';
import { IntLike, IsoDate, Optional } from './common.ts';
import { DecisionAction } from './decision-stage.ts';
import { Evaluation } from './evaluation.ts';
import { PaymentStatus, PaymentTerms, ProposalEvaluation } from './proposals.ts';
import { Currency, StandstillDays, TenderState } from './tenders.ts';
import { optionalTextReference, textAnswer, textRequest, writtenInOneVersion } from './texts.ts';

/** The calls that take a tender to a decision: clarifications, amendments, comparison, evaluation and award. */

const Text = (required: string, max: number, tooLong: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong));

/** POST /tenders/:id/clarifications */
export const QuestionBody = v.object({
  question: Text('Question is required.', 2000, 'Question must be at most 2000 characters.'),
});
export type QuestionBody = v.InferInput<typeof QuestionBody>;

/** POST /tenders/:id/clarifications/:clarificationId/answer */
export const AnswerBody = v.object({
  answer: Text('Answer is required.', 5000, 'Answer must be at most 5000 characters.'),
});
export type AnswerBody = v.InferInput<typeof AnswerBody>;

/**
 * A question on a tender. Published (answered) ones never say who asked; `mine` tells the asker their own.
 * Unanswered questions are listed to the owner and to their asker only.
 */
export const Clarification = v.object({
  id: v.number(),
  question: v.string(),
  answer: v.nullable(v.string()),
  askedAt: v.string(),
  answeredAt: v.nullable(v.string()),
  mine: v.boolean(),
});
export type Clarification = v.InferOutput<typeof Clarification>;

const Money = (msg: string) => v.pipe(v.number(msg), v.minValue(0, msg), v.maxValue(1_000_000_000, msg));

/**
 * POST /tenders/:id/amendments: the fields that change (at least one) and why. Dates move the deadline, cut-off or
 * contract period; an amendment that leaves fewer than AMENDMENT_MIN_DAYS_LEFT working days pushes the deadline.
 * The reason in English and Arabic (`reasonEn`, `reasonAr`; at least one) or the older forms' single `reason`; the
 * description's versions (`descriptionEn`, `descriptionAr`; one not sent stays as it is) or the older single
 * `description` (the version of the language it is written in).
 */
export const AmendmentBody = v.pipe(
  v.object({
    ...textRequest('reason', {
      maxLength: 500,
      tooLong: 'At most 500 characters.',
      required: 'Reason is required.',
    }),
    ...textRequest('description', { maxLength: 20000, tooLong: 'Description is too long.' }),
    documentIds: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.uuid('Invalid file id'))),
        v.maxLength(20, 'At most 20 documents.'),
      ),
    ),
    start_date: v.optional(IsoDate('Start Date is required.')),
    end_date: v.optional(IsoDate('End Date is required.')),
    deadline: v.optional(IsoDate('Deadline is required.')),
    clarification_cutoff: v.optional(IsoDate()),
    bond: v.optional(Money('Bond must be 0 or more.')),
    participationFee: v.optional(Money('Participation fee must be 0 or more.')),
    /** The whole evaluation method as it is to be (evaluation.ts); not sent: unchanged. */
    evaluation: v.optional(Evaluation),
    /** Qatar working days of standstill after the award decision; not sent: unchanged. */
    standstillDays: v.optional(StandstillDays),
  }),
  writtenInOneVersion('reason', 'Reason is required.'),
);
export type AmendmentBody = v.InferInput<typeof AmendmentBody>;

const ChangeValue = v.nullable(v.union([v.string(), v.number()]));
/**
 * A numbered amendment as everyone sees it on the tender page. `reason`: the caller's language version, else the
 * other (texts.ts), with `reasonLang`, `reasonEn`, `reasonAr`.
 */
export const Amendment = v.object({
  number: v.number(),
  ...textAnswer('reason'),
  createdAt: v.string(),
  changes: v.array(v.object({ field: v.string(), before: ChangeValue, after: ChangeValue })),
  deadlinePushed: v.boolean(),
  /** Who amended it and for which company: told to the tender's own side and platform administrators, null to others. */
  actor: v.nullable(Actor),
});
export type Amendment = v.InferOutput<typeof Amendment>;

/**
 * Why a proposal cannot be awarded: marked not responsive, its participation fee and bond unpaid, or it did not pass
 * the technical stage (docs/decisions/0014-evaluation-panel.md).
 */
export const ProposalAwardRefusal = v.picklist([
  'PROPOSAL_NOT_RESPONSIVE',
  'PROPOSAL_NOT_PAID',
  'PROPOSAL_FAILED_TECHNICAL',
]);
export type ProposalAwardRefusal = v.InferOutput<typeof ProposalAwardRefusal>;

/** One row of the owner's comparison: the latest version of a proposal. */
export const ComparisonRow = v.object({
  proposalId: v.number(),
  bidder: v.object({
    id: v.number(),
    name: v.string(),
    ...optionalTextReference('companyName'),
  }),
  /** The financial part (price, currency, milestones' total, payment terms) is null while `financialSealed`. */
  offerPrice: v.nullable(v.number()),
  currency: v.nullable(Currency),
  /**
   * The proposal's best and final offer once the round has closed (docs/decisions/0015-best-and-final-offer.md):
   * it replaces `offerPrice` in the ordering by price; null when none was sent, before the round closes, or while
   * the financial part is sealed.
   */
  bestAndFinalOffer: v.nullable(v.number()),
  period: v.number(),
  milestones: v.object({
    count: v.number(),
    total: v.nullable(v.number()),
    firstStart: v.nullable(v.string()),
    lastEnd: v.nullable(v.string()),
  }),
  paymentTerms: v.nullable(PaymentTerms),
  /** The proposal's financial part is sealed to the caller (its `Proposal.financialSealed`): sorted after the rest. */
  financialSealed: v.boolean(),
  paymentStatus: PaymentStatus,
  /** The attachment and the milestones' documents. */
  documentCount: v.number(),
  attachment: v.string(),
  submittedAt: v.string(),
  version: v.number(),
  evaluation: v.nullable(ProposalEvaluation),
  evaluationReason: v.nullable(v.string()),
  predatesAmendment: v.boolean(),
  /**
   * Why this proposal cannot win (the award is refused with this code), whatever the tender's state; null when it
   * can. The same rule as POST /tenders/:id/award (shared/src/rules/tender-rules.ts `awardRefusal`).
   */
  awardRefusal: v.nullable(ProposalAwardRefusal),
  /**
   * The evaluation's results (the panel's `EvaluationResults`, docs/decisions/0014-evaluation-panel.md), all null
   * before the technical lock: the technical score (weighted, 0–100), whether it passed, the price score, the final
   * score (two decimals) and the rank (ties share one; null: not ranked).
   */
  technicalScore: v.nullable(v.number()),
  technicalPassed: v.nullable(v.boolean()),
  priceScore: v.nullable(v.number()),
  finalScore: v.nullable(v.number()),
  rank: v.nullable(v.number()),
});
export type ComparisonRow = v.InferOutput<typeof ComparisonRow>;

/** GET /tenders/:id/comparison: before the deadline only the count (`sealed`), after it every latest version. */
export const Comparison = v.object({
  sealed: v.boolean(),
  proposalCount: v.number(),
  state: TenderState,
  awardedProposalId: v.nullable(v.number()),
  rows: v.array(ComparisonRow),
});
export type Comparison = v.InferOutput<typeof Comparison>;

/** Sort keys of GET /tenders/:id/comparison (and its CSV). */
export const ComparisonQuery = v.object({
  sort: v.optional(
    v.picklist(['offerPrice', 'period', 'submittedAt', 'bidder', 'milestoneTotal'], 'Unknown sort key.'),
    'offerPrice',
  ),
  order: v.optional(v.picklist(['asc', 'desc'], 'Order is asc or desc.'), 'asc'),
});
export type ComparisonQuery = v.InferInput<typeof ComparisonQuery>;

/** POST /tenders/:id/proposals/:proposalId/evaluation: shortlisted, or not responsive with a reason. */
export const EvaluationBody = v.pipe(
  v.object({
    evaluation: ProposalEvaluation,
    reason: Optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'At most 500 characters.'))),
  }),
  v.forward(
    v.partialCheck(
      [['evaluation'], ['reason']],
      (x) => x.evaluation !== 'not_responsive' || Boolean(x.reason),
      'Reason is required.',
    ),
    ['reason'],
  ),
);
export type EvaluationBody = v.InferInput<typeof EvaluationBody>;

/** POST /tenders/:id/award */
export const AwardBody = v.object({
  proposalId: v.pipe(v.number('Proposal is required.'), v.integer('Proposal is required.')),
  note: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Note must be at most 2000 characters.')),
    '',
  ),
});
export type AwardBody = v.InferInput<typeof AwardBody>;

/** POST /tenders/:id/cancel and /tenders/:id/no-award */
export const OutcomeReasonBody = v.object({
  reason: Text('Reason is required.', 500, 'At most 500 characters.'),
});
export type OutcomeReasonBody = v.InferInput<typeof OutcomeReasonBody>;

const eventBase = {
  id: v.number(),
  fromState: TenderState,
  toState: TenderState,
  /** Who acted and for which company; null for the system (the bid opening at the deadline). */
  actor: v.nullable(Actor),
  at: v.string(),
};
const event = <K extends string, D extends v.ObjectEntries>(kind: K, details: D) =>
  v.object({ ...eventBase, action: v.literal(kind), details: v.object(details) });

/**
 * One line of a tender's audit trail (owner and admins). Its kind (`action`) is one of a closed list, and decides
 * the details it keeps: what the API writes (api/src/modules/tenders/lifecycle.ts `record`) and the history shows.
 */
export const TenderEvent = v.variant('action', [
  event('created', {}),
  event('edited', {}),
  event('submitted', {}),
  event('approved', {}),
  /** The administrator's reason, told to the owner. */
  event('rejected', { reason: v.nullable(v.string()) }),
  event('access_closed', {}),
  event('answered', { clarificationId: v.number() }),
  /** The amendment's number and the fields it changed. */
  event('amended', { number: v.number(), fields: v.array(v.string()) }),
  /** Recorded by the system at the deadline. */
  event('bids_opened', {}),
  event('shortlisted', { proposalId: v.number() }),
  event('not_responsive', { proposalId: v.number(), reason: v.optional(v.string()) }),
  /** The award decision: final at once without a standstill, else when the standstill ends (`award_final`). */
  event('awarded', { proposalId: v.number(), standstillEndsAt: v.optional(v.string()) }),
  event('no_award', { reason: v.string() }),
  event('cancelled', { reason: v.string() }),
  /** Four eyes: a member asked for an award, no award or cancellation; an approver approved or refused it. */
  event('decision_requested', {
    requestId: v.number(),
    request: DecisionAction,
    proposalId: v.nullable(v.number()),
    note: v.nullable(v.string()),
  }),
  event('decision_approved', { requestId: v.number(), request: DecisionAction }),
  event('decision_refused', { requestId: v.number(), request: DecisionAction, reason: v.string() }),
  /** Recorded by the system when the standstill has ended and no objection is open. */
  event('award_final', { proposalId: v.number() }),
  event('objection_filed', { objectionId: v.number(), proposalId: v.number() }),
  event('objection_answered', {
    objectionId: v.number(),
    outcome: v.picklist(['dismissed', 'upheld']),
    reason: v.string(),
  }),
  /** An upheld objection withdrew the award: the tender is back in the decision stage. */
  event('award_withdrawn', { proposalId: v.number(), objectionId: v.number() }),
  /** A best-and-final-offer round: who was invited, until when; an invited bidder's offer (never its price). */
  event('bafo_started', { deadline: v.string(), proposalIds: v.array(v.number()) }),
  event('bafo_offer', { proposalId: v.number() }),
  /** The evaluation panel (docs/decisions/0014-evaluation-panel.md): appointed or changed as a whole. */
  event('panel_appointed', {
    evaluatorIds: v.array(v.number()),
    chairId: v.number(),
    /** Evaluators dropped by this change (their scores deleted). */
    droppedIds: v.array(v.number()),
  }),
  event('declaration_signed', { evaluatorId: v.number() }),
  event('declaration_declined', { evaluatorId: v.number(), reason: v.string(), wasChair: v.boolean() }),
  event('scores_submitted', { evaluatorId: v.number() }),
  event('revisit_requested', {
    evaluatorId: v.number(),
    proposalId: v.number(),
    criterion: v.number(),
    reason: v.string(),
  }),
  /** The technical stage locked: how many proposals passed and failed. */
  event('technical_locked', { passed: v.number(), failed: v.number() }),
  /** One per proposal that did not pass, at the lock: its technical score (null: not responsive, or lowest price). */
  event('technical_failed', { proposalId: v.number(), technicalScore: v.nullable(v.number()) }),
]);
/** The kinds of event the audit trail records. */
export type TenderEventKind = TenderEvent['action'];
export const TENDER_EVENT_KINDS = TenderEvent.options.map((o) => o.entries.action.literal);
/** The details an event of `kind` keeps. */
export type TenderEventDetails<K extends TenderEventKind> = Extract<TenderEvent, { action: K }>['details'];
export type TenderEvent = v.InferOutput<typeof TenderEvent>;

export const ClarificationParams = v.object({ id: IntLike, clarificationId: IntLike });
export const TenderProposalParams = v.object({ id: IntLike, proposalId: IntLike });
