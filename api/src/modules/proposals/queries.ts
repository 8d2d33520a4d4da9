import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { files, interests, proposals, proposalVersions, tenders } from '../../db/schema.ts';
import { type Side, sideRecords } from '../../lib/sides.ts';

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
    .select({
      id: proposals.id,
      evaluation: proposals.evaluation,
      reason: proposals.evaluationReason,
      bafoPrice: proposals.bafoPrice,
    })
    .from(proposals)
    .where(eq(proposals.tenderId, tenderId));
}

/** A proposal's tender and bidder (undefined: no proposal with that id). */
export async function proposalParties(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      tenderId: proposals.tenderId,
      bidderId: proposals.bidderId,
      bidderCompanyId: proposals.companyId,
      ownerId: tenders.ownerId,
      companyId: tenders.companyId,
    })
    .from(proposals)
    .innerJoin(tenders, eq(tenders.id, proposals.tenderId))
    .where(eq(proposals.id, id));
  return row;
}

/** The user's interest in the tender (its status) and their proposal to it (its id), each undefined when none. */
export async function bidderStanding(db: Db | Tx, tenderId: number, side: Side) {
  const [[interest], [proposal]] = await Promise.all([
    db
      .select({ status: interests.status })
      .from(interests)
      .where(and(eq(interests.tenderId, tenderId), sideRecords(side, interests.companyId, interests.userId))),
    db
      .select({ id: proposals.id })
      .from(proposals)
      .where(
        and(eq(proposals.tenderId, tenderId), sideRecords(side, proposals.companyId, proposals.bidderId)),
      ),
  ]);
  return { interest: interest?.status, proposalId: proposal?.id };
}

/** One version of a proposal (undefined: none). */
export async function versionOf(db: Db | Tx, proposalId: number, version: number) {
  const [row] = await db
    .select()
    .from(proposalVersions)
    .where(and(eq(proposalVersions.proposalId, proposalId), eq(proposalVersions.version, version)));
  return row;
}

/** Which of these files are the user's uploads for one of these purposes (their ids). */
/** Every file any version of the proposal carries: its attachments and its milestones' documents. */
export async function filesOfProposal(db: Db | Tx, proposalId: number): Promise<Set<string>> {
  const versions = await db
    .select({
      attachment: proposalVersions.attachment,
      milestones: proposalVersions.milestones,
      priceDocuments: proposalVersions.priceDocuments,
    })
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, proposalId));
  return new Set(
    versions.flatMap((v) => [
      ...(v.attachment ? [v.attachment] : []),
      ...(v.milestones ?? []).flatMap((m) => m.documents ?? []),
      ...v.priceDocuments,
    ]),
  );
}

export async function ownFiles(
  db: Db | Tx,
  userId: number,
  ids: string[],
  purposes: (typeof files.$inferSelect)['purpose'][],
): Promise<string[]> {
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.ownerId, userId), inArray(files.purpose, purposes)));
  return found.map((f) => f.id);
}
