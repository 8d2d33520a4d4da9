import type { AwardBody, EvaluationBody } from '@bawaba/shared/contracts';
import { awardRefusal } from '@bawaba/shared/rules';
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { proposals, tenders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { inTx, type NewNotification, notify } from '../../lib/tx.ts';
import { tenderBus } from './bus.ts';
import { callerOf, record, take } from './lifecycle.ts';
import { TENDER_NOTICES } from './notifications.ts';
import { adminIds, currentOffer, otherBidders, participants, proposalOf, userName } from './queries.ts';
import type { TenderRow } from './rows.ts';
import { lockOwnTender } from './service.ts';

/**
 * How a tender ends after bid opening: the owner evaluates the proposals, then awards one, closes without an
 * award, or cancels (also before bid opening). Each end is published (`tenderEnded`) in its transaction: what
 * bidders paid is settled by the payments domain's subscriber (modules/index.ts) before the change commits.
 */

type Evaluation = v.InferOutput<typeof EvaluationBody>;
type Award = v.InferOutput<typeof AwardBody>;

/** The owner marks a proposal shortlisted or not responsive (with a reason) after bid opening. */
export function evaluateProposal(ctx: Ctx, a: Auth, tenderId: number, proposalId: number, b: Evaluation) {
  return inTx(ctx, async (tx) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const [p] = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.id, proposalId), eq(proposals.tenderId, t.id)))
      .for('update');
    if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
    const move = take('evaluate', t, callerOf(a));
    const reason = b.evaluation === 'not_responsive' ? (b.reason ?? null) : null;
    await tx
      .update(proposals)
      .set({ evaluation: b.evaluation, evaluationReason: reason })
      .where(eq(proposals.id, p.id));
    await record(tx, t.id, a, b.evaluation, move, {
      proposalId: p.id,
      ...(reason ? { reason } : {}),
    });
  });
}

/**
 * The owner awards one proposal after bid opening (not one marked not responsive, nor one whose fee and bond are
 * unpaid). What bidders paid is settled (`tenderEnded`). The winner, every other bidder and the admins
 * are told. Of two racing awards the second finds the tender awarded (409).
 */
export function awardTender(ctx: Ctx, a: Auth, tenderId: number, b: Award): Promise<TenderRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const move = take('award', t, callerOf(a));
    const p = await proposalOf(tx, t.id, b.proposalId);
    if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
    const refused = awardRefusal(p);
    if (refused) throw new AppError(refused);
    const [u] = await tx
      .update(tenders)
      .set({
        outcome: 'awarded',
        outcomeAt: new Date(),
        outcomeNote: b.note || null,
        awardedProposalId: p.id,
        updatedAt: new Date(),
      })
      .where(eq(tenders.id, t.id))
      .returning();
    await record(tx, t.id, a, 'awarded', move, { proposalId: p.id });
    await tenderBus.publish('tenderEnded', { ctx, tx, after, tender: u! });
    const winners = await concerned(tx, { companyId: p.companyId, userId: p.bidderId }, 'bidder', a.user.id);
    // Someone bidding for two sides hears that one of them won, not also that another lost.
    const others = (await concerned(tx, await otherBidders(tx, t.id, p.id), 'bidder', a.user.id)).filter(
      (id) => !winners.includes(id),
    );
    const winner = await userName(tx, p.bidderId);
    const notices: NewNotification[] = [
      ...noticeTo(winners, TENDER_NOTICES.awardedToYou(u!, await currentOffer(tx, p))),
      ...noticeTo(others, TENDER_NOTICES.notAwarded(u!)),
      ...(await adminIds(tx)).map((id) => ({
        userId: id,
        ...TENDER_NOTICES.awardedForAdmins(u!, winner),
      })),
    ];
    await notify(ctx, tx, after, notices);
    return u!;
  });
}

/** After bid opening, the owner closes without an award (nothing acceptable came in), with a public reason. */
export function endWithoutAward(ctx: Ctx, a: Auth, tenderId: number, reason: string) {
  return end(ctx, a, tenderId, 'noAward', reason);
}

/** The owner cancels a published tender (before or after bid opening), with a public reason. */
export function cancelTender(ctx: Ctx, a: Auth, tenderId: number, reason: string) {
  return end(ctx, a, tenderId, 'cancel', reason);
}

function end(ctx: Ctx, a: Auth, tenderId: number, action: 'noAward' | 'cancel', reason: string) {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const move = take(action, t, callerOf(a));
    const [u] = await tx
      .update(tenders)
      .set({ outcome: move.to, outcomeAt: new Date(), outcomeNote: reason, updatedAt: new Date() })
      .where(eq(tenders.id, t.id))
      .returning();
    await record(tx, t.id, a, action === 'cancel' ? 'cancelled' : 'no_award', move, { reason });
    await tenderBus.publish('tenderEnded', { ctx, tx, after, tender: u! });
    const notice = action === 'cancel' ? TENDER_NOTICES.cancelled(u!) : TENDER_NOTICES.closedWithoutAward(u!);
    const bidders = await concerned(tx, await participants(tx, t), 'bidder', a.user.id);
    await notify(ctx, tx, after, noticeTo([...bidders, ...(await adminIds(tx))], notice));
    return u!;
  });
}
