import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { proposals } from '../../db/schema.ts';

/**
 * The proposals domain's reads, in one place. The writes stay in service.ts, inside their transaction next to the
 * rule they carry out, and so does a read that locks a row (`for update`) for a change. The reads that load a
 * proposal's related rows for its answer are in serializers.ts.
 */

/** How many proposals a tender has. */
export async function proposalCount(db: Db | Tx, tenderId: number): Promise<number> {
  const [n] = await db.select({ n: count() }).from(proposals).where(eq(proposals.tenderId, tenderId));
  return n?.n ?? 0;
}

/** The owner's evaluation of each proposal of a tender. */
export function evaluationsOf(db: Db | Tx, tenderId: number) {
  return db
    .select({ id: proposals.id, evaluation: proposals.evaluation, reason: proposals.evaluationReason })
    .from(proposals)
    .where(eq(proposals.tenderId, tenderId));
}
