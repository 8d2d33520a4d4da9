import { addWorkingDays } from '@bawaba/shared/calendar';
import type { AwardBody, EvaluationBody } from '@bawaba/shared/contracts';
import { awardRefusal } from '@bawaba/shared/rules';
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { proposals, tenders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { type After, inTx, type NewNotification, notify } from '../../lib/tx.ts';
import { tenderBus } from './bus.ts';
import { announceDebriefs } from './debrief.ts';
import { DECISION_NOTICES } from './decision-notices.ts';
import { needsApproval, requestDecision } from './decision-requests.ts';
import { allow, type By, callerOf, record, take } from './lifecycle.ts';
import { TENDER_NOTICES } from './notifications.ts';
import { voidOpenObjections } from './objection-rows.ts';
import { adminIds, awardedOffer, otherBidders, participants, proposalOf, userName } from './queries.ts';
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
 * unpaid). Above the company's approval threshold it is a request another member approves (four-eyes.ts). The
 * award decision opens the tender's standstill (standstill.ts): bidders are told and may object; it becomes final,
 * and what bidders paid is settled, when the standstill ends with no objection open — at once for a tender without a
 * standstill. Of two racing awards the second finds the tender decided (409).
 */
export function awardTender(ctx: Ctx, a: Auth, tenderId: number, b: Award): Promise<TenderRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    take('award', t, callerOf(a));
    const p = await awardable(tx, t, b.proposalId);
    if (await needsApproval(tx, t))
      return requestDecision(ctx, tx, after, a, t, {
        action: 'award',
        proposalId: p.id,
        note: b.note || null,
      });
    return decideAward(ctx, tx, after, a, t, p, b.note || null);
  });
}

/** The proposal `proposalId` of the tender, if it may win (else the refusal). */
export async function awardable(tx: Tx, t: TenderRow, proposalId: number) {
  const p = await proposalOf(tx, t.id, proposalId);
  if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
  const refused = awardRefusal(p);
  if (refused) throw new AppError(refused);
  return p;
}

type Proposal = NonNullable<Awaited<ReturnType<typeof proposalOf>>>;

/**
 * The award decision itself, by `by` (the buyer, or the approver of their request): a standstill of the tender's
 * working days, or final at once without one.
 */
export async function decideAward(
  ctx: Ctx,
  tx: Tx,
  after: After,
  by: By,
  t: TenderRow,
  p: Proposal,
  note: string | null,
): Promise<TenderRow> {
  const { from } = allow('award', t);
  const now = new Date();
  if (t.standstillDays === 0) {
    const [u] = await tx
      .update(tenders)
      .set({ outcome: 'awarded', outcomeAt: now, outcomeNote: note, awardedProposalId: p.id, updatedAt: now })
      .where(eq(tenders.id, t.id))
      .returning();
    await record(tx, t.id, by, 'awarded', { from, to: 'awarded' }, { proposalId: p.id });
    // The debriefs' notice first: the award's own notice is the newest.
    await announceDebriefs(ctx, tx, after, u!, by.user.id);
    await announceFinalAward(ctx, tx, after, u!, by.user.id);
    return u!;
  }
  const endsAt = addWorkingDays(now, t.standstillDays);
  const [u] = await tx
    .update(tenders)
    .set({ standstillEndsAt: endsAt, outcomeNote: note, awardedProposalId: p.id, updatedAt: now })
    .where(eq(tenders.id, t.id))
    .returning();
  await record(
    tx,
    t.id,
    by,
    'awarded',
    { from, to: 'standstill' },
    { proposalId: p.id, standstillEndsAt: endsAt.toISOString() },
  );
  const bidders = await concerned(tx, await participants(tx, t), 'bidder', by.user.id);
  await announceDebriefs(ctx, tx, after, u!, by.user.id);
  await notify(ctx, tx, after, noticeTo(bidders, DECISION_NOTICES.standstillOpened(u!, endsAt)));
  return u!;
}

/**
 * A final award (the tender has ended): what bidders paid is settled (`tenderEnded`), the winner, every other bidder
 * and the admins are told; `actor` (null: the system) is not.
 */
export async function announceFinalAward(
  ctx: Ctx,
  tx: Tx,
  after: After,
  u: TenderRow,
  actor: number | null,
): Promise<void> {
  await tenderBus.publish('tenderEnded', { ctx, tx, after, tender: u });
  const p = (await proposalOf(tx, u.id, u.awardedProposalId!))!;
  const winners = await concerned(
    tx,
    { companyId: p.companyId, userId: p.bidderId },
    'bidder',
    actor ?? undefined,
  );
  // Someone bidding for two sides hears that one of them won, not also that another lost.
  const others = (
    await concerned(tx, await otherBidders(tx, u.id, p.id), 'bidder', actor ?? undefined)
  ).filter((id) => !winners.includes(id));
  const winner = await userName(tx, p.bidderId);
  const notices: NewNotification[] = [
    ...noticeTo(winners, TENDER_NOTICES.awardedToYou(u, await awardedOffer(tx, p))),
    ...noticeTo(others, TENDER_NOTICES.notAwarded(u)),
    ...(await adminIds(tx)).map((id) => ({ userId: id, ...TENDER_NOTICES.awardedForAdmins(u, winner) })),
  ];
  await notify(ctx, tx, after, notices);
}

/** After bid opening, the owner closes without an award (nothing acceptable came in), with a public reason. */
export function endWithoutAward(ctx: Ctx, a: Auth, tenderId: number, reason: string) {
  return end(ctx, a, tenderId, 'noAward', reason);
}

/** The owner cancels a published tender (before or after bid opening, or during a standstill), with a public reason. */
export function cancelTender(ctx: Ctx, a: Auth, tenderId: number, reason: string) {
  return end(ctx, a, tenderId, 'cancel', reason);
}

function end(ctx: Ctx, a: Auth, tenderId: number, action: 'noAward' | 'cancel', reason: string) {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    take(action, t, callerOf(a));
    if (await needsApproval(tx, t))
      return requestDecision(ctx, tx, after, a, t, {
        action: action === 'cancel' ? 'cancel' : 'no_award',
        proposalId: null,
        note: reason,
      });
    return endTender(ctx, tx, after, a, t, action, reason);
  });
}

/**
 * Closes without award or cancels, by `by` (the buyer, or the approver of their request). A cancellation during a
 * standstill withdraws the award decision and voids the objections still open.
 */
export async function endTender(
  ctx: Ctx,
  tx: Tx,
  after: After,
  by: By,
  t: TenderRow,
  action: 'noAward' | 'cancel',
  reason: string,
): Promise<TenderRow> {
  const move = allow(action === 'cancel' ? 'cancel' : 'no_award', t);
  const [u] = await tx
    .update(tenders)
    .set({
      outcome: move.to,
      outcomeAt: new Date(),
      outcomeNote: reason,
      awardedProposalId: null,
      standstillEndsAt: null,
      openObjections: 0,
      updatedAt: new Date(),
    })
    .where(eq(tenders.id, t.id))
    .returning();
  if (t.openObjections > 0) await voidOpenObjections(tx, t.id);
  await record(tx, t.id, by, action === 'cancel' ? 'cancelled' : 'no_award', move, { reason });
  await tenderBus.publish('tenderEnded', { ctx, tx, after, tender: u! });
  const notice = action === 'cancel' ? TENDER_NOTICES.cancelled(u!) : TENDER_NOTICES.closedWithoutAward(u!);
  const bidders = await concerned(tx, await participants(tx, t), 'bidder', by.user.id);
  await notify(ctx, tx, after, noticeTo([...bidders, ...(await adminIds(tx))], notice));
  return u!;
}
