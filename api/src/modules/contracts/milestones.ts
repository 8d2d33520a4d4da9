import type { MilestoneStatus } from '@bawaba/shared/contracts';
import { milestoneRefusal } from '@bawaba/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { contractMilestones, contractPayments, contractSubmissions, contracts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { inTx } from '../../lib/tx.ts';
import { type PaymentProvider, sandboxProvider } from '../payments/index.ts';
import { CONTRACT_NOTICES } from './notifications.ts';
import { attachableDeliverables, type ContractRow, type MilestoneRow } from './queries.ts';
import {
  aboutOf,
  factsOf,
  lapseOpenVariations,
  lockContract,
  record,
  refuse,
  tellSides,
  viewerOf,
} from './service.ts';

/**
 * A contract's milestones: the supplier submits the deliverables, the buyer accepts them or asks for changes with a
 * reason, an accepted milestone is paid once through the payment provider, and the contract completes when every
 * milestone is accepted. Each write locks the contract's row, then the milestone's: of two acceptances of one
 * milestone at the same time, the second waits for the first and is then refused by the rulebook.
 */

type Target = { c: ContractRow; m: MilestoneRow };

/** The contract (locked, the caller a party) and its milestone `milestoneId` (locked), checked by `action`'s rule. */
async function lockMilestone(
  tx: Tx,
  a: Auth,
  id: number,
  milestoneId: number,
  action: 'submit' | 'accept' | 'requestChanges' | 'pay',
): Promise<Target> {
  const c = await lockContract(tx, a, id);
  const [m] = await tx
    .select()
    .from(contractMilestones)
    .where(and(eq(contractMilestones.id, milestoneId), eq(contractMilestones.contractId, c.id)))
    .for('update');
  if (!m) throw new AppError('MILESTONE_NOT_FOUND');
  refuse(
    milestoneRefusal(
      action,
      factsOf(c),
      { status: m.status as MilestoneStatus, paid: m.paidAt !== null },
      viewerOf(a),
    ),
  );
  return { c, m };
}

/**
 * The supplier side submits a milestone's deliverables (a note and its uploads of purpose `contract-deliverable`, or
 * files of an earlier submission of this milestone), while it waits for them (pending, or changes requested). The
 * buyer side is told.
 */
export function submitMilestone(
  ctx: Ctx,
  a: Auth,
  id: number,
  milestoneId: number,
  b: { note: string; fileIds: string[] },
): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const { c, m } = await lockMilestone(tx, a, id, milestoneId, 'submit');
    const fileIds = [...new Set(b.fileIds)];
    const ok = await attachableDeliverables(tx, a.user.id, m.id, fileIds);
    if (ok.length !== fileIds.length) throw new AppError('INVALID_FILE_REFERENCE', 'fileIds');
    await tx.insert(contractSubmissions).values({
      milestoneId: m.id,
      note: b.note,
      fileIds,
      companyId: a.company?.id ?? null,
      actedByUserId: a.user.id,
    });
    await tx
      .update(contractMilestones)
      .set({ status: 'submitted', changesReason: null })
      .where(eq(contractMilestones.id, m.id));
    await record(tx, c.id, a, 'milestoneSubmitted', { milestoneId: m.id, files: fileIds.length });
    await tellSides(ctx, tx, after, c, ['buyer'], CONTRACT_NOTICES.submitted(aboutOf(c), m));
  });
}

/** The buyer side asks for changes to a submitted milestone, with the reason; the supplier side is told. */
export function requestChanges(
  ctx: Ctx,
  a: Auth,
  id: number,
  milestoneId: number,
  reason: string,
): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const { c, m } = await lockMilestone(tx, a, id, milestoneId, 'requestChanges');
    await tx
      .update(contractMilestones)
      .set({ status: 'changesRequested', changesReason: reason })
      .where(eq(contractMilestones.id, m.id));
    await record(tx, c.id, a, 'changesRequested', { milestoneId: m.id, reason });
    await tellSides(
      ctx,
      tx,
      after,
      c,
      ['supplier'],
      CONTRACT_NOTICES.changesRequested(aboutOf(c), m, reason),
    );
  });
}

/**
 * The buyer side accepts a submitted milestone: it becomes payable, the supplier side is told, and when it was the
 * last one not accepted the contract completes (open variations lapse; both sides told).
 */
export function acceptMilestone(ctx: Ctx, a: Auth, id: number, milestoneId: number): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const { c, m } = await lockMilestone(tx, a, id, milestoneId, 'accept');
    const now = new Date();
    await tx
      .update(contractMilestones)
      .set({
        status: 'accepted',
        acceptedAt: now,
        acceptedBy: a.user.id,
        acceptedCompanyId: a.company?.id ?? null,
      })
      .where(eq(contractMilestones.id, m.id));
    await record(tx, c.id, a, 'milestoneAccepted', { milestoneId: m.id });
    await tellSides(ctx, tx, after, c, ['supplier'], CONTRACT_NOTICES.milestoneAccepted(aboutOf(c), m));
    const left = await tx
      .select({ id: contractMilestones.id })
      .from(contractMilestones)
      .where(and(eq(contractMilestones.contractId, c.id), eq(contractMilestones.status, 'accepted')));
    const all = await tx
      .select({ id: contractMilestones.id })
      .from(contractMilestones)
      .where(eq(contractMilestones.contractId, c.id));
    if (left.length < all.length) return;
    await tx
      .update(contracts)
      .set({ status: 'completed', completedAt: now, updatedAt: now })
      .where(eq(contracts.id, c.id));
    await lapseOpenVariations(tx, c.id);
    await record(tx, c.id, null, 'completed');
    await tellSides(ctx, tx, after, c, ['buyer', 'supplier'], CONTRACT_NOTICES.completed(aboutOf(c)));
  });
}

/**
 * The buyer side pays an accepted milestone through the payment provider (the sandbox grants it at once): one
 * payment row per milestone (a unique index keeps it to one whatever races), its reference kept; the supplier side
 * is told.
 */
export function payMilestone(
  ctx: Ctx,
  a: Auth,
  id: number,
  milestoneId: number,
  provider: PaymentProvider = sandboxProvider(ctx),
): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const { c, m } = await lockMilestone(tx, a, id, milestoneId, 'pay');
    const paid = await provider.payMilestone({
      contractId: c.id,
      milestoneId: m.id,
      amount: m.amount,
      currency: c.currency,
    });
    await tx.insert(contractPayments).values({
      contractId: c.id,
      milestoneId: m.id,
      amount: m.amount,
      currency: c.currency,
      provider: provider.name,
      reference: paid.reference,
      companyId: a.company?.id ?? null,
      actedByUserId: a.user.id,
    });
    await tx.update(contractMilestones).set({ paidAt: new Date() }).where(eq(contractMilestones.id, m.id));
    await record(tx, c.id, a, 'milestonePaid', {
      milestoneId: m.id,
      amount: m.amount,
      currency: c.currency,
      reference: paid.reference,
    });
    await tellSides(
      ctx,
      tx,
      after,
      c,
      ['supplier'],
      CONTRACT_NOTICES.paid(aboutOf(c), m, m.amount, c.currency, paid.reference),
    );
  });
}
