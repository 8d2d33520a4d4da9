import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { companyMembers } from '../db/schema.ts';

/**
 * Whether a person is a member of a company, whatever company their session acts for. A member of two companies is
 * on both sides of anything between them, so the rules that keep a company from dealing with itself (a service
 * request, an invitation) ask this, not only the company the session acts for.
 */
export async function belongsTo(db: Db | Tx, userId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}
