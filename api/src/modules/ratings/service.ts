import type { ContractSide, RatingBody } from '@bawaba/shared/contracts';
import { type ContractViewer, contractSide, ratingRefusal, SIDE_ROLES } from '@bawaba/shared/rules';
import { eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { contractEvents, contractRatings, contracts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { ratingFactsOf, ratingRowsOf } from '../../lib/reputation.ts';
import { type After, inTx, type Notice, notify } from '../../lib/tx.ts';
import { RATING_NOTICES } from './notifications.ts';

/**
 * Ratings of contracts (the rulebook: shared/src/rules/rating-rules.ts): each write locks the contract's row, asks
 * the rulebook, writes the rating and one line of the contract's history, and tells the members concerned — in one
 * transaction. The database refuses a rating of a contract that is not completed or terminated by itself
 * (contract_ratings' foreign key to the contract's id and status).
 */

type RatingIn = v.InferOutput<typeof RatingBody>;
type ContractRow = typeof contracts.$inferSelect;

/** The caller as the rulebooks read them. */
export const viewerOf = (a: Auth): NonNullable<ContractViewer> => ({
  id: a.user.id,
  isAdmin: a.user.isAdmin,
  companyId: a.company?.id ?? null,
  roles: a.company?.roles ?? [],
});

const other = (side: ContractSide): ContractSide => (side === 'buyer' ? 'supplier' : 'buyer');

const partyOf = (c: ContractRow, side: ContractSide) =>
  side === 'buyer'
    ? { companyId: c.buyerCompanyId, userId: c.buyerUserId }
    : { companyId: c.supplierCompanyId, userId: c.supplierUserId };

/** Tells a side's members who act for it (not the actor); the supplier side's notices in its email group. */
async function tell(
  ctx: Ctx,
  tx: Tx,
  after: After,
  c: ContractRow,
  sides: ContractSide[],
  n: Notice,
  actor: number,
) {
  const out = [];
  for (const side of sides) {
    const ids = await concerned(tx, partyOf(c, side), SIDE_ROLES[side], actor);
    out.push(...noticeTo(ids, { ...n, group: side === 'buyer' ? 'my_tenders' : 'my_proposals' }));
  }
  await notify(ctx, tx, after, out);
}

/** The contract locked for a rating write by a party; anyone else: CONTRACT_NOT_FOUND (an admin: the rulebook's 403). */
async function lockContract(tx: Tx, a: Auth, id: number): Promise<ContractRow> {
  const [c] = await tx.select().from(contracts).where(eq(contracts.id, id)).for('update');
  if (!c) throw new AppError('CONTRACT_NOT_FOUND');
  const side = contractSide({ buyer: partyOf(c, 'buyer'), supplier: partyOf(c, 'supplier') }, viewerOf(a));
  if (!side && !a.user.isAdmin) throw new AppError('CONTRACT_NOT_FOUND');
  return c;
}

const about = (c: ContractRow) => ({ id: c.id, number: c.number, tenderId: c.tenderId });

/**
 * The caller's side rates the other side: a new rating, or a change of its own until the ratings are revealed.
 * The payment-on-time score is the supplier side's rating of the buyer, given then and only then.
 */
export function rateContract(ctx: Ctx, a: Auth, id: number, body: RatingIn): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const c = await lockContract(tx, a, id);
    const rows = await ratingRowsOf(tx, id);
    const facts = ratingFactsOf(c, rows);
    const refusal = ratingRefusal(facts, viewerOf(a), 'rate');
    if (refusal) throw new AppError(refusal);
    const side = contractSide(facts, viewerOf(a))!;
    if ((side === 'supplier') !== (body.paymentOnTime !== null))
      throw new AppError(side === 'supplier' ? 'RATING_PAYMENT_REQUIRED' : 'RATING_PAYMENT_SUPPLIER_ONLY');
    const first = !rows.some((r) => r.raterSide === side);
    const values = {
      quality: body.quality,
      timeliness: body.timeliness,
      communication: body.communication,
      paymentOnTime: body.paymentOnTime,
      comment: body.comment,
      raterUserId: a.user.id,
      raterCompanyId: partyOf(c, side).companyId,
    };
    await tx
      .insert(contractRatings)
      .values({ contractId: c.id, contractStatus: c.status, raterSide: side, ...values })
      .onConflictDoUpdate({
        target: [contractRatings.contractId, contractRatings.raterSide],
        set: { ...values, updatedAt: sql`now()` },
      });
    await tx.insert(contractEvents).values({
      contractId: c.id,
      actorId: a.user.id,
      companyId: a.company?.id ?? null,
      action: first ? 'rated' : 'ratingChanged',
      // The scores stay out of the history: the other side reads it before the ratings are revealed.
      details: { side },
    });
    if (!first) return;
    // The other side rated already (inside the window, or the rulebook refused): both ratings are shown from now.
    if (rows.some((r) => r.raterSide === other(side)))
      await tell(ctx, tx, after, c, ['buyer', 'supplier'], RATING_NOTICES.revealed(about(c)), a.user.id);
    else await tell(ctx, tx, after, c, [other(side)], RATING_NOTICES.ratedByOther(about(c)), a.user.id);
  });
}

/** The rated side replies, once, to the other side's rating of it, once the ratings are revealed. */
export function replyToRating(ctx: Ctx, a: Auth, id: number, reply: string): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const c = await lockContract(tx, a, id);
    const facts = ratingFactsOf(c, await ratingRowsOf(tx, id));
    const refusal = ratingRefusal(facts, viewerOf(a), 'reply');
    if (refusal) throw new AppError(refusal);
    const side = contractSide(facts, viewerOf(a))!;
    const [done] = await tx
      .update(contractRatings)
      .set({ reply, repliedAt: sql`now()`, repliedBy: a.user.id })
      .where(
        sql`${contractRatings.contractId} = ${c.id} and ${contractRatings.raterSide} = ${other(side)} and ${contractRatings.reply} is null`,
      )
      .returning({ id: contractRatings.id });
    if (!done) throw new AppError('RATING_ALREADY_REPLIED');
    await tx.insert(contractEvents).values({
      contractId: c.id,
      actorId: a.user.id,
      companyId: a.company?.id ?? null,
      action: 'ratingReplied',
      details: { side },
    });
    await tell(ctx, tx, after, c, [other(side)], RATING_NOTICES.replied(about(c)), a.user.id);
  });
}
