import * as v from 'valibot';
import { RATING_REFUSALS } from './rating-actions.ts';
import { TextLang } from './texts.ts';

export {
  RATING_ACTIONS,
  RATING_REFUSALS,
  RATING_SCORES,
  type RatingAction,
  type RatingRefusal,
  type RatingScore,
} from './rating-actions.ts';

/**
 * Two-way ratings from contracts (the rulebook: shared/src/rules/rating-rules.ts): after a contract is completed or
 * terminated each side rates the other within 30 days; the ratings are revealed when both have rated or the window
 * closes; the rated side may reply once. A company's reputation is made of the revealed ratings it received.
 */

const SCORE = 'Give a score from 1 to 5.';
const Score = v.pipe(v.number(SCORE), v.integer(SCORE), v.minValue(1, SCORE), v.maxValue(5, SCORE));
const RATING_SIDES = ['buyer', 'supplier'] as const;

/**
 * PUT /contracts/:id/rating: the caller's side's rating of the other side (again: changes it, until the ratings
 * are revealed). `paymentOnTime` is given when the supplier side rates the buyer side, and only then.
 */
export const RatingBody = v.object({
  quality: Score,
  timeliness: Score,
  communication: Score,
  paymentOnTime: v.optional(v.nullable(Score), null),
  /** In either language; the answer says which it is written in. */
  comment: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'At most 2000 characters.')), ''),
});
export type RatingBody = v.InferInput<typeof RatingBody>;

/** POST /contracts/:id/rating/reply: the rated side's one reply to the rating it received. */
export const RatingReplyBody = v.object({
  reply: v.pipe(
    v.string('Write your reply.'),
    v.trim(),
    v.nonEmpty('Write your reply.'),
    v.maxLength(2000, 'At most 2000 characters.'),
  ),
});
export type RatingReplyBody = v.InferInput<typeof RatingReplyBody>;

/** One side's rating of the other, as a reader may see it. */
export const ContractRating = v.object({
  /** The side that gave it (it rates the other side). */
  by: v.picklist(RATING_SIDES),
  quality: v.number(),
  timeliness: v.number(),
  communication: v.number(),
  /** The buyer's payment on time (only in the supplier side's rating). */
  paymentOnTime: v.nullable(v.number()),
  comment: v.string(),
  /** The language the comment is written in (shown with its own direction). */
  commentLang: TextLang,
  at: v.string(),
  /** The rated side's reply (null: none yet). */
  reply: v.nullable(v.object({ text: v.string(), lang: TextLang, at: v.string() })),
});
export type ContractRating = v.InferOutput<typeof ContractRating>;

const RatingRefusalSchema = v.picklist(RATING_REFUSALS);

/**
 * A contract's ratings as the caller may read them (GET /contracts/:id `ratings`, and the answer of each rating
 * write): each side's rating, shown to both sides (and administrators) once revealed; before that a side reads only
 * its own, and nobody else any.
 */
export const ContractRatings = v.object({
  /** Both ratings are shown: both sides rated, or the window closed. */
  revealed: v.boolean(),
  /** When the rating window closes (null: the contract is not completed or terminated yet). */
  windowEndsAt: v.nullable(v.string()),
  byBuyer: v.nullable(ContractRating),
  bySupplier: v.nullable(ContractRating),
  can: v.object({ rate: v.boolean(), reply: v.boolean() }),
  refusals: v.object({ rate: v.optional(RatingRefusalSchema), reply: v.optional(RatingRefusalSchema) }),
});
export type ContractRatings = v.InferOutput<typeof ContractRatings>;

/**
 * A company's reputation on Bawaba, from contracts only: how many contracts it delivered (completed as the supplier)
 * and the averages of the revealed ratings it received (null: none yet). `paymentOnTime`: as a buyer.
 */
export const Reputation = v.object({
  contractsDelivered: v.number(),
  averages: v.object({
    quality: v.nullable(v.number()),
    timeliness: v.nullable(v.number()),
    communication: v.nullable(v.number()),
    paymentOnTime: v.nullable(v.number()),
  }),
  /** The mean of a rating's scores, averaged over the ratings (what the directory sorts and filters by). */
  overall: v.nullable(v.number()),
  ratingsCount: v.number(),
});
export type Reputation = v.InferOutput<typeof Reputation>;

/**
 * A buyer's payment record, shown to bidders on its tenders (docs/product-decisions.md "Payment record"): of its
 * contracts' milestones whose payment is due, how many were paid on time.
 */
export const PaymentRecord = v.object({
  milestonesDue: v.number(),
  paidOnTime: v.number(),
  /** paidOnTime / milestonesDue (null: nothing due yet). */
  share: v.nullable(v.number()),
});
export type PaymentRecord = v.InferOutput<typeof PaymentRecord>;
