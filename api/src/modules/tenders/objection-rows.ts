import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenderObjections } from '../../db/schema.ts';

/** The objections of a tender still waiting for an answer become void (the tender was cancelled). */
export async function voidOpenObjections(tx: Tx, tenderId: number): Promise<void> {
  await tx
    .update(tenderObjections)
    .set({ status: 'void' })
    .where(and(eq(tenderObjections.tenderId, tenderId), eq(tenderObjections.status, 'open')));
}
