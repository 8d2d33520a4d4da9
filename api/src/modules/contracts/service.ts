import type { ContractRefusal, ContractSide } from '@bawaba/shared/contracts';
import {
  type ContractFacts,
  type ContractViewer,
  contractRefusal,
  contractSide,
  milestoneAmounts,
  SIDE_ROLES,
} from '@bawaba/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { contractEvents, contractMilestones, contracts, contractVariations } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { type After, inTx, type NewNotification, type Notice, notify } from '../../lib/tx.ts';
import type { TenderBusEvents } from '../tenders/index.ts';
import { contractBus } from './bus.ts';
import { CONTRACT_NOTICES } from './notifications.ts';
import { awardedVersion, type ContractRow, contractById } from './queries.ts';

/**
 * Contracts after an award: made in the transaction in which the award becomes final, accepted by both sides, then
 * delivered milestone by milestone (milestones.ts), changed by accepted variations (variations.ts), completed or
 * terminated. Every write locks the contract's row first, asks the rulebook (shared/src/rules/contract-rules.ts)
 * and records one history line (`contract_events`) in its transaction.
 */

export const viewerOf = (a: Auth): NonNullable<ContractViewer> => ({
  id: a.user.id,
  isAdmin: a.user.isAdmin,
  companyId: a.company?.id ?? null,
  roles: a.company?.roles ?? [],
});

export const factsOf = (c: ContractRow): ContractFacts => ({
  status: c.status as ContractFacts['status'],
  buyer: { companyId: c.buyerCompanyId, userId: c.buyerUserId },
  supplier: { companyId: c.supplierCompanyId, userId: c.supplierUserId },
  buyerAcceptedAt: c.buyerAcceptedAt,
  supplierAcceptedAt: c.supplierAcceptedAt,
});

/** Throws the rulebook's refusal, if any. */
export function refuse(refusal: ContractRefusal | null): void {
  if (refusal) throw new AppError(refusal);
}

/** A side's party, as the recipients helper reads it. */
const partyOf = (c: ContractRow, side: ContractSide) =>
  side === 'buyer'
    ? { companyId: c.buyerCompanyId, userId: c.buyerUserId }
    : { companyId: c.supplierCompanyId, userId: c.supplierUserId };

export const otherSide = (side: ContractSide): ContractSide => (side === 'buyer' ? 'supplier' : 'buyer');

/** A notice for a side's members: the email group of their side (buyers: their tenders; suppliers: their proposals). */
const toSide = (side: ContractSide, n: Notice): Notice => ({
  ...n,
  group: side === 'buyer' ? 'my_tenders' : 'my_proposals',
});

/**
 * Tells the members who act for `sides` (their company's roles in SIDE_ROLES, or the person), never the actor:
 * `notice` is built per side.
 */
export async function tellSides(
  ctx: Ctx,
  tx: Tx,
  after: After,
  c: ContractRow,
  sides: readonly ContractSide[],
  notice: Notice,
  actor?: number,
): Promise<void> {
  const out: NewNotification[] = [];
  const told = new Set<number>();
  for (const side of sides) {
    const ids = (await concerned(tx, partyOf(c, side), SIDE_ROLES[side], actor)).filter(
      (id) => !told.has(id),
    );
    for (const id of ids) told.add(id);
    out.push(...noticeTo(ids, toSide(side, notice)));
  }
  await notify(ctx, tx, after, out);
}

/** What a notice says the contract is. */
export const aboutOf = (c: ContractRow) => ({ id: c.id, number: c.number, tenderId: c.tenderId });

/** One line of the contract's history, by `by` (null: the system). */
export async function record(
  tx: Tx,
  contractId: number,
  by: Auth | null,
  action: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(contractEvents).values({
    contractId,
    actorId: by?.user.id ?? null,
    companyId: by?.company?.id ?? null,
    action,
    details,
  });
  await contractBus.publish('contractRecorded', { tx, contractId, action, details });
}

/**
 * The contract `id` as the caller may read it: a party's member (any role) or a platform administrator; anyone else
 * is answered as if it did not exist.
 */
export async function readableContract(ctx: Ctx, a: Auth, id: number): Promise<ContractRow> {
  const c = await contractById(ctx.database.db, id);
  if (!c || (!a.user.isAdmin && !contractSide(factsOf(c), viewerOf(a))))
    throw new AppError('CONTRACT_NOT_FOUND');
  return c;
}

/** The contract `id` locked for a change by a party (anyone else: CONTRACT_NOT_FOUND, before anything is read). */
export async function lockContract(tx: Tx, a: Auth, id: number): Promise<ContractRow> {
  const [c] = await tx.select().from(contracts).where(eq(contracts.id, id)).for('update');
  if (!c || (!a.user.isAdmin && !contractSide(factsOf(c), viewerOf(a))))
    throw new AppError('CONTRACT_NOT_FOUND');
  return c;
}

/** The caller's side of a contract they are a party of (checked by the rulebook before). */
export const sideIn = (c: ContractRow, a: Auth): ContractSide => contractSide(factsOf(c), viewerOf(a))!;

/** A date as the contract keeps it (YYYY-MM-DD), read in Qatar's time (UTC+3): a date picked there stays that date. */
export const qatarDate = (iso: string): string =>
  new Date(new Date(iso).getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * A tender's award became final (wired in modules/index.ts, both paths: an award without a standstill, the end of
 * a standstill): the contract is made from the winning proposal in the same transaction — the parties, the
 * awarded value (the best-and-final price where there was one) and its currency, the proposal's milestones (title,
 * due date, amount scaled to the value: `milestoneAmounts`). Both sides are told. Made once per tender.
 */
export async function contractFromAward({
  ctx,
  tx,
  after,
  tender,
}: TenderBusEvents['tenderEnded']): Promise<void> {
  if (tender.outcome !== 'awarded' || tender.awardedProposalId === null) return;
  const won = await awardedVersion(tx, tender.awardedProposalId);
  if (!won) return;
  const { p, v } = won;
  const value = p.bafoPrice ?? v.offerPrice;
  const [c] = await tx
    .insert(contracts)
    .values({
      number: `${tender.number}-C`,
      tenderId: tender.id,
      proposalId: p.id,
      buyerCompanyId: tender.companyId,
      buyerUserId: tender.ownerId,
      supplierCompanyId: p.companyId,
      supplierUserId: p.bidderId,
      value,
      currency: v.currency,
    })
    .onConflictDoNothing()
    .returning();
  if (!c) return;
  const given = v.milestones.length > 0 ? v.milestones : null;
  const amounts = milestoneAmounts(given ? given.map((m) => m.amount) : [value], value);
  await tx.insert(contractMilestones).values(
    given
      ? given.map((m, i) => ({
          contractId: c.id,
          position: i + 1,
          title: m.title,
          description: m.description,
          dueDate: qatarDate(m.expected_completion_date || m.end_date),
          amount: amounts[i]!,
        }))
      : [
          {
            contractId: c.id,
            position: 1,
            title: v.title,
            description: v.description,
            dueDate: qatarDate(new Date(Date.now() + v.period * 86_400_000).toISOString()),
            amount: value,
          },
        ],
  );
  await record(tx, c.id, null, 'created', { value, currency: v.currency, proposalId: p.id });
  await tellSides(ctx, tx, after, c, ['buyer', 'supplier'], CONTRACT_NOTICES.created(aboutOf(c)));
}

/**
 * A party's member accepts the contract for their side (the member and the time are recorded); once both sides
 * accepted it is in effect (`active`). Of two members of one side accepting at once, the second is told it is done.
 */
export function acceptContract(ctx: Ctx, a: Auth, id: number): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const c = await lockContract(tx, a, id);
    refuse(contractRefusal('accept', factsOf(c), viewerOf(a)));
    const side = sideIn(c, a);
    const now = new Date();
    const accepted =
      side === 'buyer'
        ? { buyerAcceptedAt: now, buyerAcceptedBy: a.user.id }
        : { supplierAcceptedAt: now, supplierAcceptedBy: a.user.id };
    const both = side === 'buyer' ? c.supplierAcceptedAt !== null : c.buyerAcceptedAt !== null;
    const [u] = await tx
      .update(contracts)
      .set({ ...accepted, ...(both ? { status: 'active' } : {}), updatedAt: now })
      .where(eq(contracts.id, c.id))
      .returning();
    await record(tx, c.id, a, 'accepted', { side });
    if (both) {
      await record(tx, c.id, null, 'activated');
      await tellSides(
        ctx,
        tx,
        after,
        u!,
        ['buyer', 'supplier'],
        CONTRACT_NOTICES.active(aboutOf(c)),
        a.user.id,
      );
    } else {
      await tellSides(
        ctx,
        tx,
        after,
        u!,
        [otherSide(side)],
        CONTRACT_NOTICES.acceptedByOther(aboutOf(c), a.user.name),
      );
    }
  });
}

/** Variations still open when a contract ends lapse: nobody can answer them any more. */
export async function lapseOpenVariations(tx: Tx, contractId: number): Promise<void> {
  await tx
    .update(contractVariations)
    .set({ status: 'lapsed', decidedAt: new Date() })
    .where(and(eq(contractVariations.contractId, contractId), eq(contractVariations.status, 'proposed')));
}

/**
 * Either side ends the contract early, with a reason, while it is pending or active; open variations lapse and the
 * other side is told. Accepted milestones not paid yet stay payable.
 */
export function terminateContract(ctx: Ctx, a: Auth, id: number, reason: string): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const c = await lockContract(tx, a, id);
    refuse(contractRefusal('terminate', factsOf(c), viewerOf(a)));
    const side = sideIn(c, a);
    const now = new Date();
    const [u] = await tx
      .update(contracts)
      .set({
        status: 'terminated',
        terminatedAt: now,
        terminatedBy: a.user.id,
        terminationReason: reason,
        updatedAt: now,
      })
      .where(eq(contracts.id, c.id))
      .returning();
    await lapseOpenVariations(tx, c.id);
    await record(tx, c.id, a, 'terminated', { side, reason });
    await tellSides(ctx, tx, after, u!, [otherSide(side)], CONTRACT_NOTICES.terminated(aboutOf(c), reason));
  });
}
