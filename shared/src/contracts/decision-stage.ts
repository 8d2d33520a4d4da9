import * as v from 'valibot';
import { Actor } from './actors.ts';
import { IntLike } from './common.ts';

/**
 * The decision stage after the evaluation (docs/decisions/0013-decision-stage.md): four eyes on the award, no award
 * and cancellation (a request another member with the approver role approves or refuses), the standstill after an
 * award decision, and the bidders' objections to it.
 */

const Text = (required: string, max: number, tooLong: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong));

/** What a decision request asks for: the three ways a tender ends. */
export const DecisionAction = v.picklist(['award', 'no_award', 'cancel']);
export type DecisionAction = v.InferOutput<typeof DecisionAction>;
export const DecisionRequestStatus = v.picklist(['pending', 'approved', 'refused']);

/**
 * An award, no award or cancellation asked for by a member (`requestedBy`) and waiting for, or answered by, another
 * member with the approver role: the chosen proposal (award), the note or reason given with it.
 */
export const DecisionRequest = v.object({
  id: v.number(),
  action: DecisionAction,
  proposalId: v.nullable(v.number()),
  /** The award note or the no-award / cancellation reason, as the requester wrote it. */
  note: v.nullable(v.string()),
  status: DecisionRequestStatus,
  requestedBy: Actor,
  requestedAt: v.string(),
  answeredBy: v.nullable(Actor),
  answeredAt: v.nullable(v.string()),
  /** Why an approver refused it. */
  refusalReason: v.nullable(v.string()),
});
export type DecisionRequest = v.InferOutput<typeof DecisionRequest>;

/** POST /tenders/:id/decision-request/refuse */
export const RefuseDecisionBody = v.object({
  reason: Text('Reason is required.', 500, 'At most 500 characters.'),
});
export type RefuseDecisionBody = v.InferInput<typeof RefuseDecisionBody>;

/**
 * GET/PUT /companies/mine/decision-settings: the tender budget (QAR) above which an award, no award or cancellation
 * needs a second member's approval; 0: every tender (once the company has a member with the approver role).
 */
const THRESHOLD = 'The approval threshold is an amount from 0 to 1,000,000,000 QAR.';
export const DecisionSettings = v.object({
  approvalAbove: v.pipe(v.number(THRESHOLD), v.minValue(0, THRESHOLD), v.maxValue(1_000_000_000, THRESHOLD)),
});
export type DecisionSettings = v.InferInput<typeof DecisionSettings>;

/** The grounds a bidder may give for objecting to an award (one or more, with their own text). */
export const OBJECTION_GROUNDS = [
  'criteria_not_followed',
  'scoring_error',
  'price_error',
  'winner_not_eligible',
  'procedure',
  'other',
] as const;
export const ObjectionGround = v.picklist(OBJECTION_GROUNDS, 'Unknown ground of objection.');

/** POST /tenders/:id/objections: a bidder's one objection during the standstill. */
export const ObjectionBody = v.object({
  grounds: v.pipe(
    v.array(ObjectionGround, 'Choose at least one ground.'),
    v.minLength(1, 'Choose at least one ground.'),
    v.maxLength(OBJECTION_GROUNDS.length, 'Choose at least one ground.'),
  ),
  statement: Text('Explain the objection.', 5000, 'At most 5000 characters.'),
  /** What the bidder asks the buyer to do (re-evaluate, withdraw the award, …). */
  remedy: Text('Say what you ask for.', 2000, 'At most 2000 characters.'),
  /** Ids of uploads with purpose `objection-document`. */
  documentIds: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.uuid('Invalid file id'))), v.maxLength(10, 'At most 10 documents.')),
    [],
  ),
});
export type ObjectionBody = v.InferInput<typeof ObjectionBody>;

/**
 * POST /tenders/:id/objections/:objectionId/answer: dismissed with reasons (the award stands), or upheld (the award
 * is withdrawn: the tender returns to the decision stage).
 */
export const ObjectionAnswerBody = v.object({
  outcome: v.picklist(['dismissed', 'upheld'], 'Dismiss or uphold the objection.'),
  reason: Text('Reason is required.', 5000, 'At most 5000 characters.'),
});
export type ObjectionAnswerBody = v.InferInput<typeof ObjectionAnswerBody>;

export const ObjectionStatus = v.picklist(['open', 'dismissed', 'upheld', 'void']);

/** An objection as its bidder, the buyer side and platform administrators see it. */
export const Objection = v.object({
  id: v.number(),
  tenderId: v.number(),
  proposalId: v.number(),
  grounds: v.array(ObjectionGround),
  statement: v.string(),
  remedy: v.string(),
  documents: v.array(v.object({ id: v.string(), originalName: v.string(), url: v.string() })),
  filedBy: Actor,
  filedAt: v.string(),
  status: ObjectionStatus,
  answer: v.nullable(v.string()),
  answeredBy: v.nullable(Actor),
  answeredAt: v.nullable(v.string()),
});
export type Objection = v.InferOutput<typeof Objection>;

export const ObjectionParams = v.object({ id: IntLike, objectionId: IntLike });
