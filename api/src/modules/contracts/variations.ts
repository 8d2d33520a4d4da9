import type { MilestoneStatus, VariationAction, VariationBody } from '@bawaba/shared/contracts';
import { contractRefusal, variationRefusal } from '@bawaba/shared/rules';
import { and, eq, sum } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { contractMilestones, contracts, contractVariations } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { inTx } from '../../lib/tx.ts';
import { CONTRACT_NOTICES } from './notifications.ts';
import type { ContractRow, VariationRow } from './queries.ts';
import {
  aboutOf,
  factsOf,
  lockContract,
  otherSide,
  qatarDate,
  record,
  refuse,
  sideIn,
  tellSides,
  viewerOf,
} from './service.ts';

/**
 * Variations: either side proposes a change — a milestone's due date and/or amount, or the scope — with a reason;
 * it changes nothing until the other side accepts it, which applies it under the contract's row lock (a milestone's
 * new amount changes the contract's value: the milestones' sum). The other side may reject it, its proposer
 * withdraw it; variations still open when the contract ends lapse.
 */

type Body = v.InferOutput<typeof VariationBody>;

/** A calendar date as the contract keeps it: YYYY-MM-DD as sent, a timestamp read in Qatar's time. */
const dayOf = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? d : qatarDate(d));

/** The milestone `id` of the contract, locked (MILESTONE_NOT_FOUND: none in it). */
async function lockMilestoneOf(tx: Tx, c: ContractRow, id: number) {
  const [m] = await tx
    .select()
    .from(contractMilestones)
    .where(and(eq(contractMilestones.id, id), eq(contractMilestones.contractId, c.id)))
    .for('update');
  if (!m) throw new AppError('MILESTONE_NOT_FOUND');
  return m;
}

/** A party proposes a variation of an active contract; the other side is told. A settled milestone cannot vary. */
export function proposeVariation(ctx: Ctx, a: Auth, id: number, b: Body): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const c = await lockContract(tx, a, id);
    refuse(contractRefusal('proposeVariation', factsOf(c), viewerOf(a)));
    const side = sideIn(c, a);
    const milestoneId = b.dueDate != null || b.amount != null ? (b.milestoneId ?? null) : null;
    if (milestoneId !== null) {
      const m = await lockMilestoneOf(tx, c, milestoneId);
      if (m.status === 'accepted') throw new AppError('MILESTONE_ACCEPTED');
    }
    const [x] = await tx
      .insert(contractVariations)
      .values({
        contractId: c.id,
        milestoneId,
        dueDate: milestoneId !== null && b.dueDate ? dayOf(b.dueDate) : null,
        amount: milestoneId !== null ? (b.amount ?? null) : null,
        scope: b.scope || null,
        reason: b.reason,
        proposedSide: side,
        proposedBy: a.user.id,
        proposedCompanyId: a.company?.id ?? null,
      })
      .returning();
    await record(tx, c.id, a, 'variationProposed', {
      variationId: x!.id,
      side,
      ...(milestoneId !== null ? { milestoneId } : {}),
      ...(x!.dueDate ? { dueDate: x!.dueDate } : {}),
      ...(x!.amount !== null ? { amount: x!.amount } : {}),
      ...(x!.scope ? { scope: true } : {}),
      reason: b.reason,
    });
    await tellSides(
      ctx,
      tx,
      after,
      c,
      [otherSide(side)],
      CONTRACT_NOTICES.variationProposed(aboutOf(c), b.reason),
    );
  });
}

/** The contract (locked) and its variation `variationId` (locked), checked by `action`'s rule. */
async function lockVariation(tx: Tx, a: Auth, id: number, variationId: number, action: VariationAction) {
  const c = await lockContract(tx, a, id);
  const [x] = await tx
    .select()
    .from(contractVariations)
    .where(and(eq(contractVariations.id, variationId), eq(contractVariations.contractId, c.id)))
    .for('update');
  if (!x) throw new AppError('VARIATION_NOT_FOUND');
  const m = x.milestoneId !== null ? await lockMilestoneOf(tx, c, x.milestoneId) : null;
  refuse(
    variationRefusal(
      action,
      factsOf(c),
      {
        status: x.status as 'proposed',
        proposedBy: x.proposedSide as 'buyer' | 'supplier',
        milestoneStatus: (m?.status ?? null) as MilestoneStatus | null,
      },
      viewerOf(a),
    ),
  );
  return { c, x, m };
}

const decided = (a: Auth, status: VariationRow['status']) => ({
  status,
  decidedBy: a.user.id,
  decidedCompanyId: a.company?.id ?? null,
  decidedAt: new Date(),
});

/**
 * The other side accepts a variation: it takes effect now — the milestone's due date and amount (the replaced values
 * kept on the variation), the contract's value (the milestones' sum), the scope. The proposing side is told.
 */
export function acceptVariation(ctx: Ctx, a: Auth, id: number, variationId: number): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const { c, x, m } = await lockVariation(tx, a, id, variationId, 'accept');
    const now = new Date();
    if (m) {
      await tx
        .update(contractMilestones)
        .set({
          ...(x.dueDate ? { dueDate: x.dueDate } : {}),
          ...(x.amount !== null ? { amount: x.amount } : {}),
        })
        .where(eq(contractMilestones.id, m.id));
    }
    const [total] = await tx
      .select({ value: sum(contractMilestones.amount).mapWith(Number) })
      .from(contractMilestones)
      .where(eq(contractMilestones.contractId, c.id));
    await tx
      .update(contracts)
      .set({
        ...(x.amount !== null && total ? { value: total.value } : {}),
        ...(x.scope ? { scope: x.scope } : {}),
        updatedAt: now,
      })
      .where(eq(contracts.id, c.id));
    await tx
      .update(contractVariations)
      .set({
        ...decided(a, 'accepted'),
        previousDueDate: x.dueDate && m ? m.dueDate : null,
        previousAmount: x.amount !== null && m ? m.amount : null,
      })
      .where(eq(contractVariations.id, x.id));
    await record(tx, c.id, a, 'variationAccepted', {
      variationId: x.id,
      ...(x.amount !== null && total ? { value: total.value } : {}),
    });
    await tellSides(
      ctx,
      tx,
      after,
      c,
      [x.proposedSide as 'buyer'],
      CONTRACT_NOTICES.variationAccepted(aboutOf(c)),
    );
  });
}

/** The other side rejects a variation: nothing changes; the proposing side is told. */
export function rejectVariation(ctx: Ctx, a: Auth, id: number, variationId: number): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const { c, x } = await lockVariation(tx, a, id, variationId, 'reject');
    await tx.update(contractVariations).set(decided(a, 'rejected')).where(eq(contractVariations.id, x.id));
    await record(tx, c.id, a, 'variationRejected', { variationId: x.id });
    await tellSides(
      ctx,
      tx,
      after,
      c,
      [x.proposedSide as 'buyer'],
      CONTRACT_NOTICES.variationRejected(aboutOf(c)),
    );
  });
}

/** The proposing side withdraws its variation before it is answered; the other side is told. */
export function withdrawVariation(ctx: Ctx, a: Auth, id: number, variationId: number): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const { c, x } = await lockVariation(tx, a, id, variationId, 'withdraw');
    await tx.update(contractVariations).set(decided(a, 'withdrawn')).where(eq(contractVariations.id, x.id));
    await record(tx, c.id, a, 'variationWithdrawn', { variationId: x.id });
    await tellSides(
      ctx,
      tx,
      after,
      c,
      [otherSide(x.proposedSide as 'buyer')],
      CONTRACT_NOTICES.variationWithdrawn(aboutOf(c)),
    );
  });
}
