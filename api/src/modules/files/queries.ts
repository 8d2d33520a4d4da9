import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  companyCredentials,
  contractMilestones,
  contractSubmissions,
  contracts,
  files,
  proposals,
  proposalVersions,
  tenderObjections,
  tenders,
} from '../../db/schema.ts';
import type { Auth } from '../../lib/auth.ts';
import { panelLetsRead } from '../../lib/panel.ts';
import { financialPartSealed } from '../../lib/sealing.ts';
import { ownTenders, sideOf, sideRecords } from '../../lib/sides.ts';
import type { FileRow } from './serializers.ts';

/** The files domain's reads, in one place (the upload's write: service.ts). */

export async function fileById(db: Db, id: string): Promise<FileRow | undefined> {
  const [f] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return f;
}

/** Whether a tender carrying this document is on the caller's buyer side (ownTenders), or public. */
export async function tenderDocumentVisibleTo(db: Db, fileId: string, a: Auth): Promise<boolean> {
  const r = await db
    .select({ id: tenders.id })
    .from(tenders)
    .where(
      and(
        sql`${tenders.documentIds} @> ${JSON.stringify([fileId])}::jsonb`,
        or(ownTenders(a), and(eq(tenders.isPublished, true), eq(tenders.approvalStatus, 'approved'))),
      ),
    )
    .limit(1);
  return r.length > 0;
}

/**
 * Whether the file is the attachment or a milestone document (the technical part) of a proposal version on the caller's bidding side
 * (their company's proposal, any member's, or their own personal one), or of one to a tender on the caller's buyer
 * side (ownTenders) whose deadline has passed.
 */
export async function proposalFileOpenTo(db: Db, fileId: string, a: Auth): Promise<boolean> {
  const r = await db
    .select({ id: proposals.id })
    .from(proposalVersions)
    .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
    .innerJoin(tenders, eq(tenders.id, proposals.tenderId))
    .where(
      and(
        or(
          sideRecords(sideOf(a), proposals.companyId, proposals.bidderId),
          // An evaluator who has not signed the declaration reads none of the tender's proposals.
          and(ownTenders(a), sql`${tenders.deadline} < now()`, panelLetsRead(tenders.id, a.user.id)),
        ),
        sql`(${proposalVersions.attachment} = ${fileId} or ${proposalVersions.milestones} @> ${JSON.stringify([{ documents: [fileId] }])}::jsonb)`,
      ),
    )
    .limit(1);
  return r.length > 0;
}

/**
 * Whether an objection document (upload purpose `objection-document`) is open to the caller: a member of the side
 * that objected (or the person), or of the tender's buyer side. Its uploader and platform admins read it anyway.
 */
export async function objectionFileOpenTo(db: Db, fileId: string, a: Auth): Promise<boolean> {
  const r = await db
    .select({ id: tenderObjections.id })
    .from(tenderObjections)
    .innerJoin(tenders, eq(tenders.id, tenderObjections.tenderId))
    .where(
      and(
        or(sideRecords(sideOf(a), tenderObjections.companyId, tenderObjections.filedBy), ownTenders(a)),
        sql`${tenderObjections.documentIds} @> ${JSON.stringify([fileId])}::jsonb`,
      ),
    )
    .limit(1);
  return r.length > 0;
}

/**
 * Whether a price document (the financial part, docs/decisions/0012-evaluation.md) of a proposal version is open to
 * the caller: always to the proposal's bidding side; to the tender's buyer side and to admins only after the
 * deadline and once the proposal's financial part is no longer sealed (`financialPartSealed`).
 */
export async function priceDocumentOpenTo(db: Db, fileId: string, a: Auth): Promise<boolean> {
  const rows = await db
    .select({
      bidding: sideRecords(sideOf(a), proposals.companyId, proposals.bidderId),
      buying: ownTenders(a),
      // An evaluator who has not signed the declaration reads none of the tender's proposals.
      letsRead: panelLetsRead(tenders.id, a.user.id),
      past: sql<boolean>`${tenders.deadline} < now()`,
      envelopes: tenders.envelopes,
      technicalLockedAt: tenders.technicalLockedAt,
      technicalPassed: proposals.technicalPassed,
    })
    .from(proposalVersions)
    .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
    .innerJoin(tenders, eq(tenders.id, proposals.tenderId))
    .where(sql`${proposalVersions.priceDocuments} @> ${JSON.stringify([fileId])}::jsonb`);
  return rows.some(
    (r) =>
      r.bidding === true ||
      ((r.buying === true || a.user.isAdmin) &&
        r.letsRead === true &&
        r.past === true &&
        !financialPartSealed(r, r)),
  );
}

/**
 * Whether a contract deliverable (upload purpose `contract-deliverable`) is open to the caller: it was submitted for
 * a milestone of a contract the caller's side is a party of, as buyer or supplier. Its uploader and platform admins
 * read it anyway.
 */
export async function deliverableOpenTo(db: Db, fileId: string, a: Auth): Promise<boolean> {
  const side = sideOf(a);
  const r = await db
    .select({ id: contractSubmissions.id })
    .from(contractSubmissions)
    .innerJoin(contractMilestones, eq(contractMilestones.id, contractSubmissions.milestoneId))
    .innerJoin(contracts, eq(contracts.id, contractMilestones.contractId))
    .where(
      and(
        or(
          sideRecords(side, contracts.buyerCompanyId, contracts.buyerUserId),
          sideRecords(side, contracts.supplierCompanyId, contracts.supplierUserId),
        ),
        sql`${contractSubmissions.fileIds} @> ${JSON.stringify([fileId])}::jsonb`,
      ),
    )
    .limit(1);
  return r.length > 0;
}

/**
 * Whether a credential's document (upload purpose `credential-document`) is open to the caller: an administrator of
 * the credential's company, acting for it. Its uploader and platform admins read it anyway.
 */
export async function credentialFileOpenTo(db: Db, fileId: string, a: Auth): Promise<boolean> {
  if (!a.company?.roles.includes('admin')) return false;
  const r = await db
    .select({ id: companyCredentials.id })
    .from(companyCredentials)
    .where(and(eq(companyCredentials.fileId, fileId), eq(companyCredentials.companyId, a.company.id)))
    .limit(1);
  return r.length > 0;
}

/** Stored files by id, in no particular order (none asked: none read). */
export function filesByIds(db: Db | Tx, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(files).where(inArray(files.id, ids));
}
