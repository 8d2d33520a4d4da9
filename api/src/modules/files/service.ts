import { and, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { proposals, proposalVersions, tenders } from '../../db/schema.ts';
import type { FileRow } from './serializers.ts';

/**
 * Who may read a private file: its owner and admins; a tender document, whoever may see the tender; a proposal's
 * attachment or milestone document, the tender's owner once the deadline has passed (proposals are sealed until
 * then). Anyone else is answered as if the file did not exist.
 */
export async function canRead(ctx: Ctx, userId: number, isAdmin: boolean, f: FileRow): Promise<boolean> {
  const db = ctx.database.db;
  if (isAdmin || f.ownerId === userId) return true;
  if (f.purpose === 'tender-document') {
    const r = await db
      .select({ id: tenders.id })
      .from(tenders)
      .where(
        and(
          sql`${tenders.documentIds} @> ${JSON.stringify([f.id])}::jsonb`,
          sql`(${tenders.ownerId} = ${userId} or (${tenders.isPublished} and ${tenders.approvalStatus} = 'approved'))`,
        ),
      )
      .limit(1);
    return r.length > 0;
  }
  if (f.purpose === 'proposal-attachment' || f.purpose === 'milestone-document') {
    // The tender owner, once the tender's deadline has passed (proposals are sealed until then).
    const r = await db
      .select({ id: proposals.id })
      .from(proposalVersions)
      .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
      .innerJoin(tenders, eq(tenders.id, proposals.tenderId))
      .where(
        and(
          eq(tenders.ownerId, userId),
          sql`${tenders.deadline} < now()`,
          sql`(${proposalVersions.attachment} = ${f.id} or ${proposalVersions.milestones} @> ${JSON.stringify([{ documents: [f.id] }])}::jsonb)`,
        ),
      )
      .limit(1);
    return r.length > 0;
  }
  return false;
}
