import type { DecisionRequest } from '@bawaba/shared/contracts';
import { ownsTender } from '@bawaba/shared/rules';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { companies, tenderDecisionRequests, tenders, users } from '../../db/schema.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { actorFor } from '../../lib/localize.ts';
import { noticeTo } from '../../lib/recipients.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { DECISION_NOTICES } from './decision-notices.ts';
import { callerOf, lockTender, record, refuseUnless, tenderState } from './lifecycle.ts';
import { awardable, decideAward, endTender } from './outcome.ts';
import type { TenderRow } from './rows.ts';
import { visibleTender } from './service.ts';
import { viewerOf } from './tender-serializer.ts';

/**
 * Four eyes, answered (docs/decisions/0013-decision-stage.md): a member with the approver role of the tender's
 * company — never the requester — approves the pending request (the action then happens, as that approval: the
 * history names the approver) or refuses it with a reason; the requester learns the answer.
 */

type Pending = typeof tenderDecisionRequests.$inferSelect;

async function pendingRequest(tx: Tx, tenderId: number): Promise<Pending> {
  const [r] = await tx
    .select()
    .from(tenderDecisionRequests)
    .where(and(eq(tenderDecisionRequests.tenderId, tenderId), eq(tenderDecisionRequests.status, 'pending')))
    .for('update');
  if (!r) throw new AppError('DECISION_NOT_PENDING');
  return r;
}

async function answer(tx: Tx, a: Auth, t: TenderRow, r: Pending, refusal: string | null) {
  await tx
    .update(tenderDecisionRequests)
    .set({
      status: refusal === null ? 'approved' : 'refused',
      answeredBy: a.user.id,
      answeredAt: new Date(),
      refusalReason: refusal,
    })
    .where(eq(tenderDecisionRequests.id, r.id));
  await tx.update(tenders).set({ decisionRequestedBy: null }).where(eq(tenders.id, t.id));
  const state = tenderState(t);
  const request = r.action as Pending['action'] & DecisionRequest['action'];
  if (refusal === null)
    await record(tx, t.id, a, 'decision_approved', { from: state, to: state }, { requestId: r.id, request });
  else
    await record(
      tx,
      t.id,
      a,
      'decision_refused',
      { from: state, to: state },
      { requestId: r.id, request, reason: refusal },
    );
  return { ...t, decisionRequestedBy: null };
}

/** The approver approves: the request is answered, then its action happens now (or is refused as it would be). */
export function approveDecision(ctx: Ctx, a: Auth, tenderId: number): Promise<TenderRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockTender(tx, tenderId);
    refuseUnless('approveDecision', t, callerOf(a));
    const r = await pendingRequest(tx, t.id);
    const cleared = await answer(tx, a, t, r, null);
    const action = r.action as DecisionRequest['action'];
    const u =
      action === 'award'
        ? await decideAward(ctx, tx, after, a, cleared, await awardable(tx, cleared, r.proposalId!), r.note)
        : await endTender(
            ctx,
            tx,
            after,
            a,
            cleared,
            action === 'cancel' ? 'cancel' : 'noAward',
            r.note ?? '',
          );
    await notify(ctx, tx, after, noticeTo([r.requestedBy], DECISION_NOTICES.requestApproved(t, action)));
    return u;
  });
}

/** The approver refuses, with a reason: nothing else changes; the requester is told why. */
export function refuseDecision(ctx: Ctx, a: Auth, tenderId: number, reason: string): Promise<TenderRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockTender(tx, tenderId);
    refuseUnless('refuseDecision', t, callerOf(a));
    const r = await pendingRequest(tx, t.id);
    const u = await answer(tx, a, t, r, reason);
    const action = r.action as DecisionRequest['action'];
    await notify(
      ctx,
      tx,
      after,
      noticeTo([r.requestedBy], DECISION_NOTICES.requestRefused(t, action, reason)),
    );
    return u;
  });
}

/** The tender's requests, newest first: its buyer side and platform admins. */
export async function decisionRequests(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  l: Lang,
): Promise<DecisionRequest[]> {
  const t = await visibleTender(ctx, a, tenderId);
  if (!ownsTender(t, viewerOf(a)) && !a.user.isAdmin) throw new AppError('NOT_TENDER_OWNER');
  const requester = alias(users, 'requester');
  const approver = alias(users, 'approver');
  const rows = await ctx.database.db
    .select({
      r: tenderDecisionRequests,
      requester: { name: requester.name },
      approver: { name: approver.name },
      company: { id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr },
    })
    .from(tenderDecisionRequests)
    .innerJoin(requester, eq(requester.id, tenderDecisionRequests.requestedBy))
    .leftJoin(approver, eq(approver.id, tenderDecisionRequests.answeredBy))
    .leftJoin(companies, eq(companies.id, tenderDecisionRequests.companyId))
    .where(eq(tenderDecisionRequests.tenderId, t.id))
    .orderBy(desc(tenderDecisionRequests.id));
  return rows.map(({ r, requester, approver, company }) => ({
    id: r.id,
    action: r.action as DecisionRequest['action'],
    proposalId: r.proposalId,
    note: r.note,
    status: r.status as DecisionRequest['status'],
    requestedBy: actorFor(l, r.requestedBy, requester, company),
    requestedAt: r.requestedAt.toISOString(),
    answeredBy: r.answeredBy === null ? null : actorFor(l, r.answeredBy, approver, company),
    answeredAt: r.answeredAt?.toISOString() ?? null,
    refusalReason: r.refusalReason,
  }));
}
