import * as v from 'valibot';
import { Actor } from './actors.ts';
import { IsoDate } from './common.ts';
import { optionalTextReference } from './texts.ts';

/**
 * The best-and-final-offer round (docs/decisions/0015-best-and-final-offer.md): where the tender announced it
 * (`evaluation.bestAndFinalOffer`), the buyer side may, once, invite the proposals still in the running to improve
 * their price by a deadline; each invited bidder may send one lower price, sealed to everyone but them until that
 * deadline, which then replaces their offer in the comparison and the ranking.
 */

const PRICE = 'The best and final offer is an amount greater than 0.';

/** POST /tenders/:id/bafo: who is invited, until when, and what the buyer asks them. */
export const StartBafoBody = v.object({
  proposalIds: v.pipe(
    v.array(v.number('Choose the proposals to invite.'), 'Choose the proposals to invite.'),
    v.minLength(1, 'Choose the proposals to invite.'),
    v.maxLength(100, 'At most 100 proposals.'),
  ),
  /** When the round closes: at least an hour and at most 30 days from now (checked by the API). */
  deadline: IsoDate('The deadline of the best and final offers is required.'),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'At most 2000 characters.')), ''),
});
export type StartBafoBody = v.InferInput<typeof StartBafoBody>;

/** PUT /tenders/:id/bafo/offer: an invited bidder's price (in its proposal's currency), not above its offer. */
export const BafoOfferBody = v.object({
  offerPrice: v.pipe(v.number(PRICE), v.minValue(0.01, PRICE), v.maxValue(1_000_000_000, PRICE)),
});
export type BafoOfferBody = v.InferInput<typeof BafoOfferBody>;

/**
 * An invited proposal in the round. `price` is the best and final offer: null when none was sent, and — until the
 * round's deadline — for everyone but the proposal's bidding side (sealed like a bid).
 */
export const BafoInvitee = v.object({
  proposalId: v.number(),
  /** The bidder's name, and its company's in the reader's language (null: a personal bid). */
  bidderName: v.string(),
  ...optionalTextReference('companyName'),
  /** The price the proposal offered before the round (null while the financial part is sealed to the reader). */
  previousPrice: v.nullable(v.number()),
  currency: v.nullable(v.string()),
  submitted: v.boolean(),
  submittedAt: v.nullable(v.string()),
  price: v.nullable(v.number()),
});
export type BafoInvitee = v.InferOutput<typeof BafoInvitee>;

/**
 * GET /tenders/:id/bafo: the tender's round (null: none held). The buyer side and admins see every invitee; a
 * bidder sees the round only if invited, and only its own line.
 */
export const BafoRound = v.nullable(
  v.object({
    deadline: v.string(),
    /** The deadline has passed: the offers are open and count. */
    closed: v.boolean(),
    note: v.string(),
    startedBy: Actor,
    startedAt: v.string(),
    invitees: v.array(BafoInvitee),
  }),
);
export type BafoRound = v.InferOutput<typeof BafoRound>;
