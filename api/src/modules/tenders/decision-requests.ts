import type { DecisionAction } from '@bawaba/shared/contracts';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { companies, companyMembers, tenderDecisionRequests, tenders } from '../../db/schema.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { type After, notify } from '../../lib/tx.ts';
import { DECISION_NOTICES } from './decision-notices.ts';
import { type By, record, tenderState } from './lifecycle.ts';
import type { TenderRow } from './rows.ts';

/**
 * Four eyes (docs/decisions/0013-decision-stage.md): whether ending a tender needs a second member's approval, and
 * the request that waits for it. A company tender needs it once the company has a member with the approver role,
 * when its budget (QAR) is above the company's threshold (0: every tender); a tender without a budget in QAR counts
 * as above any threshold. A personal tender has nobody to approve.
 */
export async function needsApproval(tx: Tx, t: TenderRow): Promise<boolean> {
  if (t.companyId === null) return false;
  const [c] = await tx
    .select({ above: companies.decisionApprovalAbove })
    .from(companies)
    .where(eq(companies.id, t.companyId));
  const [approver] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, t.companyId), arrayContains(companyMembers.roles, ['approver'])))
    .limit(1);
  if (!c || !approver) return false;
  const budget = t.currency === 'QAR' ? t.budget : null;
  return c.above === 0 || budget === null || budget > c.above;
}

/**
 * The buyer's award, no award or cancellation becomes a request: recorded (who, when, what, the chosen proposal and
 * the note or reason), the tender marks it pending (the rulebook refuses another decision meanwhile), and the
 * company's approvers are told. The tender itself does not move.
 */
export async function requestDecision(
  ctx: Ctx,
  tx: Tx,
  after: After,
  by: By,
  t: TenderRow,
  r: { action: DecisionAction; proposalId: number | null; note: string | null },
): Promise<TenderRow> {
  const [req] = await tx
    .insert(tenderDecisionRequests)
    .values({
      tenderId: t.id,
      action: r.action,
      proposalId: r.proposalId,
      note: r.note,
      requestedBy: by.user.id,
      companyId: by.company?.id ?? null,
    })
    .returning();
  const [u] = await tx
    .update(tenders)
    .set({ decisionRequestedBy: by.user.id, updatedAt: new Date() })
    .where(eq(tenders.id, t.id))
    .returning();
  const state = tenderState(t);
  await record(
    tx,
    t.id,
    by,
    'decision_requested',
    { from: state, to: state },
    { requestId: req!.id, request: r.action, proposalId: r.proposalId, note: r.note },
  );
  const approvers = await concerned(tx, { companyId: t.companyId }, 'approver', by.user.id);
  await notify(ctx, tx, after, noticeTo(approvers, DECISION_NOTICES.approvalRequested(t, r.action)));
  return u!;
}
