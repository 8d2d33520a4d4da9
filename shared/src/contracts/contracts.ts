import * as v from 'valibot';
import { Actor } from './actors.ts';
import { IntLike, IsoDate } from './common.ts';
import {
  CONTRACT_ACTIONS,
  CONTRACT_REFUSALS,
  CONTRACT_SIDES,
  CONTRACT_STATUSES,
  MILESTONE_ACTIONS,
  MILESTONE_STATUSES,
  VARIATION_ACTIONS,
  VARIATION_STATUSES,
} from './contract-actions.ts';
import { UploadedFile } from './files.ts';
import { ContractRatings } from './ratings.ts';
import { textReference } from './texts.ts';

export {
  CONTRACT_ACTIONS,
  CONTRACT_SIDES,
  CONTRACT_STATUSES,
  type ContractAction,
  type ContractRefusal,
  type ContractSide,
  type ContractStatus,
  MILESTONE_ACTIONS,
  MILESTONE_STATUSES,
  type MilestoneAction,
  type MilestoneStatus,
  VARIATION_ACTIONS,
  VARIATION_STATUSES,
  type VariationAction,
  type VariationStatus,
} from './contract-actions.ts';

/**
 * Contracts after an award (the rulebook: shared/src/rules/contract-rules.ts): a contract made from the winning
 * proposal when the award becomes final, accepted by both sides, its milestones delivered by the supplier and
 * accepted (then paid) by the buyer, changed only by a variation the other side accepts, completed or terminated.
 */

const Text = (required: string, max: number, tooLong: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong));

export const ContractStatusSchema = v.picklist(CONTRACT_STATUSES);
export const ContractSideSchema = v.picklist(CONTRACT_SIDES);
export const ContractRefusalSchema = v.picklist(CONTRACT_REFUSALS);

const flags = <A extends string>(actions: readonly A[]) => {
  const can = v.object(
    Object.fromEntries(actions.map((a) => [a, v.boolean()])) as Record<A, v.BooleanSchema<undefined>>,
  );
  const refusals = v.object(
    Object.fromEntries(actions.map((a) => [a, v.optional(ContractRefusalSchema)])) as Record<
      A,
      v.OptionalSchema<typeof ContractRefusalSchema, undefined>
    >,
  );
  return { can, refusals };
};
const contractFlags = flags(CONTRACT_ACTIONS);
const milestoneFlags = flags(MILESTONE_ACTIONS);
const variationFlags = flags(VARIATION_ACTIONS);

/** Path parameters of a milestone's routes. */
export const MilestoneParams = v.object({ id: IntLike, milestoneId: IntLike });
/** Path parameters of a variation's routes. */
export const VariationParams = v.object({ id: IntLike, variationId: IntLike });

/** PUT /contracts/:id/milestones/:milestoneId/submission: the supplier's deliverables (uploads of purpose `deliverable`). */
export const MilestoneSubmissionBody = v.object({
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(5000, 'At most 5000 characters.')), ''),
  fileIds: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.uuid('Invalid file id'))), v.maxLength(20, 'At most 20 documents.')),
    [],
  ),
});
export type MilestoneSubmissionBody = v.InferInput<typeof MilestoneSubmissionBody>;

/** POST …/changes and POST /contracts/:id/terminate: the reason, required. */
export const ContractReasonBody = v.object({
  reason: Text('Reason is required.', 2000, 'At most 2000 characters.'),
});
export type ContractReasonBody = v.InferInput<typeof ContractReasonBody>;

const AMOUNT = 'The amount is greater than 0.';

/**
 * POST /contracts/:id/variations: a milestone's new due date and/or amount, or a new scope text (or both), with the
 * reason. It changes nothing until the other side accepts it.
 */
export const VariationBody = v.pipe(
  v.object({
    milestoneId: v.optional(
      v.nullable(v.pipe(v.number('Choose a milestone.'), v.integer('Choose a milestone.'))),
    ),
    dueDate: v.optional(v.nullable(IsoDate())),
    amount: v.optional(
      v.nullable(v.pipe(v.number(AMOUNT), v.minValue(0.01, AMOUNT), v.maxValue(1_000_000_000, AMOUNT))),
    ),
    scope: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(10000, 'At most 10000 characters.'))),
    ),
    reason: Text('Reason is required.', 2000, 'At most 2000 characters.'),
  }),
  v.check(
    (b) => Boolean(b.scope) || (b.milestoneId != null && (b.dueDate != null || b.amount != null)),
    'Propose a new due date or amount for a milestone, or a new scope.',
  ),
);
export type VariationBody = v.InferInput<typeof VariationBody>;

/** GET /contracts/:id/document: the document's language. */
export const ContractDocumentQuery = v.object({
  lang: v.optional(v.picklist(['en', 'ar'], 'The language is en or ar.'), 'en'),
});

/** A party: its company (named in the reader's language) or, for a personal tender or bid, the person. */
export const ContractParty = v.object({
  companyId: v.nullable(v.number()),
  /** The company's name, or the person's when there is no company. */
  name: v.string(),
  /** The language of a company's name (null: a person's name). */
  nameLang: v.nullable(v.picklist(['en', 'ar'])),
});
export type ContractParty = v.InferOutput<typeof ContractParty>;

/** A side's acceptance: the member who accepted and when (null: not accepted yet). */
export const ContractAcceptance = v.nullable(v.object({ name: v.string(), at: v.string() }));

/** The supplier's latest deliverables for a milestone. */
export const MilestoneSubmission = v.object({
  note: v.string(),
  files: v.array(UploadedFile),
  by: Actor,
  at: v.string(),
});

export const ContractMilestone = v.object({
  id: v.number(),
  position: v.number(),
  title: v.string(),
  description: v.string(),
  /** YYYY-MM-DD. */
  dueDate: v.string(),
  amount: v.number(),
  status: v.picklist(MILESTONE_STATUSES),
  submission: v.nullable(MilestoneSubmission),
  /** The buyer's reason when it asked for changes (null otherwise). */
  changesReason: v.nullable(v.string()),
  acceptedAt: v.nullable(v.string()),
  acceptedBy: v.nullable(Actor),
  /** The payment recorded through the payment provider (null: not paid). */
  payment: v.nullable(v.object({ reference: v.string(), amount: v.number(), paidAt: v.string(), by: Actor })),
  can: milestoneFlags.can,
  refusals: milestoneFlags.refusals,
});
export type ContractMilestone = v.InferOutput<typeof ContractMilestone>;

export const ContractVariation = v.object({
  id: v.number(),
  /** The milestone it changes (null: only the scope). */
  milestoneId: v.nullable(v.number()),
  /** The new due date (YYYY-MM-DD) and amount proposed (null: unchanged), and the values they replace. */
  dueDate: v.nullable(v.string()),
  amount: v.nullable(v.number()),
  previousDueDate: v.nullable(v.string()),
  previousAmount: v.nullable(v.number()),
  scope: v.nullable(v.string()),
  reason: v.string(),
  status: v.picklist(VARIATION_STATUSES),
  proposedBy: Actor,
  proposedSide: ContractSideSchema,
  proposedAt: v.string(),
  decidedBy: v.nullable(Actor),
  decidedAt: v.nullable(v.string()),
  can: variationFlags.can,
  refusals: variationFlags.refusals,
});
export type ContractVariation = v.InferOutput<typeof ContractVariation>;

/** One line of the contract's history. `details` holds what the action changed (ids, amounts, dates, a reason). */
export const ContractEvent = v.object({
  id: v.number(),
  action: v.string(),
  /** null: the system (the contract made at the award). */
  actor: v.nullable(Actor),
  details: v.record(v.string(), v.unknown()),
  at: v.string(),
});
export type ContractEvent = v.InferOutput<typeof ContractEvent>;

/** A contract in a list (GET /contracts). */
export const ContractSummary = v.object({
  id: v.number(),
  number: v.string(),
  status: ContractStatusSchema,
  tender: v.object({ id: v.number(), number: v.string(), ...textReference('title') }),
  buyer: ContractParty,
  supplier: ContractParty,
  /** The caller's side (null: an administrator reading). */
  side: v.nullable(ContractSideSchema),
  value: v.number(),
  currency: v.string(),
  /** How many milestones it has, how many the buyer accepted and how many are paid. */
  progress: v.object({ total: v.number(), accepted: v.number(), paid: v.number() }),
  createdAt: v.string(),
});
export type ContractSummary = v.InferOutput<typeof ContractSummary>;

export const ContractList = v.array(ContractSummary);
export type ContractList = v.InferOutput<typeof ContractList>;

/** A contract (GET /contracts/:id and every write's answer), with what the caller may do to it. */
export const Contract = v.object({
  ...ContractSummary.entries,
  /** The agreed scope once a variation changed it (null: the tender's description and the winning proposal). */
  scope: v.nullable(v.string()),
  /** The winning proposal's title and description (the supplier's words). */
  proposal: v.object({ id: v.number(), title: v.string(), description: v.string() }),
  /**
   * What both sides agreed to besides the text: the tender's documents, and the winning proposal's (its attachment,
   * its milestones' documents, its price documents).
   */
  documents: v.object({ tender: v.array(UploadedFile), proposal: v.array(UploadedFile) }),
  acceptances: v.object({ buyer: ContractAcceptance, supplier: ContractAcceptance }),
  milestones: v.array(ContractMilestone),
  variations: v.array(ContractVariation),
  history: v.array(ContractEvent),
  completedAt: v.nullable(v.string()),
  termination: v.nullable(v.object({ reason: v.string(), at: v.string(), by: Actor })),
  can: contractFlags.can,
  refusals: contractFlags.refusals,
  /**
   * Each side's rating of the other once it is completed or terminated, as the caller may read them (ratings.ts).
   * The API always sends it; optional so that pages and fixtures made before it still type-check.
   */
  ratings: v.optional(ContractRatings),
});
export type Contract = v.InferOutput<typeof Contract>;
