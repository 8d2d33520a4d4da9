import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payments, proposals, tenderAmendments, tenders } from '../../db/schema.ts';

/**
 * The payments domain's reads, in one place. The writes stay in service.ts, inside their transaction next to the
 * rule they carry out, and so does a read that locks a row (`for update`) for a change.
 */

/** A payment with the tender it pays for (undefined: no payment with that id). */
export async function paymentWithTender(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ p: payments, t: tenders })
    .from(payments)
    .innerJoin(proposals, eq(proposals.id, payments.proposalId))
    .innerJoin(tenders, eq(tenders.id, proposals.tenderId))
    .where(eq(payments.id, id));
  return row;
}

export async function paymentByReference(db: Db | Tx, reference: string) {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

/** The tender a payment is for (undefined: no payment with that id). */
export async function tenderIdOfPayment(db: Db | Tx, id: string): Promise<number | undefined> {
  const [found] = await db
    .select({ tenderId: proposals.tenderId })
    .from(payments)
    .innerJoin(proposals, eq(proposals.id, payments.proposalId))
    .where(eq(payments.id, id));
  return found?.tenderId;
}

export function proposalsOfTender(db: Db | Tx, tenderId: number) {
  return db.select().from(proposals).where(eq(proposals.tenderId, tenderId));
}

/** The tender's amendments, oldest first. */
export function amendmentsOldestFirst(db: Db | Tx, tenderId: number) {
  return db
    .select()
    .from(tenderAmendments)
    .where(eq(tenderAmendments.tenderId, tenderId))
    .orderBy(asc(tenderAmendments.number));
}
