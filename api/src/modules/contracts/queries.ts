import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { currentProposalVersion } from '../../db/joins.ts';
import {
  companies,
  contractEvents,
  contractMilestones,
  contractPayments,
  contractSubmissions,
  contracts,
  contractVariations,
  files,
  proposals,
  proposalVersions,
  tenders,
  users,
} from '../../db/schema.ts';
import type { Side } from '../../lib/sides.ts';

/**
 * The contracts domain's reads, in one place. The writes stay in service.ts, inside their transaction next to the
 * rule they carry out, and so does a read that locks a row (`for update`) for a change.
 */

export type ContractRow = typeof contracts.$inferSelect;
export type MilestoneRow = typeof contractMilestones.$inferSelect;
export type VariationRow = typeof contractVariations.$inferSelect;

export async function contractById(db: Db | Tx, id: number): Promise<ContractRow | undefined> {
  const [c] = await db.select().from(contracts).where(eq(contracts.id, id));
  return c;
}

/** The contracts a side is a party of, as buyer or supplier (its company's, or the person's personal ones). */
function ofSide(s: Side): SQL {
  const party = (company: AnyPgColumn, user: AnyPgColumn) =>
    s.companyId !== null ? eq(company, s.companyId) : (and(isNull(company), eq(user, s.userId)) as SQL);
  return or(
    party(contracts.buyerCompanyId, contracts.buyerUserId),
    party(contracts.supplierCompanyId, contracts.supplierUserId),
  ) as SQL;
}

/** The side's contracts (every contract: `side` null, an administrator), newest first, with their tender. */
export function contractList(db: Db | Tx, side: Side | null) {
  return db
    .select({
      c: contracts,
      t: { id: tenders.id, number: tenders.number, titleEn: tenders.titleEn, titleAr: tenders.titleAr },
    })
    .from(contracts)
    .innerJoin(tenders, eq(tenders.id, contracts.tenderId))
    .where(side ? ofSide(side) : undefined)
    .orderBy(desc(contracts.createdAt), desc(contracts.id));
}

/** The tender a contract was made from (its number, titles, description — the terms — and documents). */
export async function tenderOf(db: Db | Tx, tenderId: number) {
  const [t] = await db
    .select({
      id: tenders.id,
      number: tenders.number,
      titleEn: tenders.titleEn,
      titleAr: tenders.titleAr,
      descriptionEn: tenders.descriptionEn,
      descriptionAr: tenders.descriptionAr,
      documentIds: tenders.documentIds,
    })
    .from(tenders)
    .where(eq(tenders.id, tenderId));
  return t!;
}

/** The winning proposal's current version: its title, description, milestones and price. */
export async function awardedVersion(db: Db | Tx, proposalId: number) {
  const [row] = await db
    .select({ p: proposals, v: proposalVersions })
    .from(proposals)
    .innerJoin(proposalVersions, currentProposalVersion)
    .where(eq(proposals.id, proposalId));
  return row;
}

/** Milestones of the contracts, in their order. */
export function milestonesOf(db: Db | Tx, contractIds: number[]) {
  if (contractIds.length === 0) return Promise.resolve([] as MilestoneRow[]);
  return db
    .select()
    .from(contractMilestones)
    .where(inArray(contractMilestones.contractId, contractIds))
    .orderBy(asc(contractMilestones.contractId), asc(contractMilestones.position));
}

/** Every submission of the contract's milestones, newest first. */
export function submissionsOf(db: Db | Tx, contractId: number) {
  return db
    .select({ s: contractSubmissions })
    .from(contractSubmissions)
    .innerJoin(contractMilestones, eq(contractMilestones.id, contractSubmissions.milestoneId))
    .where(eq(contractMilestones.contractId, contractId))
    .orderBy(desc(contractSubmissions.id));
}

export function paymentsOf(db: Db | Tx, contractId: number) {
  return db.select().from(contractPayments).where(eq(contractPayments.contractId, contractId));
}

/** The contract's variations, oldest first. */
export function variationsOf(db: Db | Tx, contractId: number) {
  return db
    .select()
    .from(contractVariations)
    .where(eq(contractVariations.contractId, contractId))
    .orderBy(asc(contractVariations.id));
}

/** The contract's history, oldest first. */
export function eventsOf(db: Db | Tx, contractId: number) {
  return db
    .select()
    .from(contractEvents)
    .where(eq(contractEvents.contractId, contractId))
    .orderBy(asc(contractEvents.createdAt), asc(contractEvents.id));
}

/** People's names by id. */
export async function namesOf(db: Db | Tx, ids: Iterable<number>): Promise<Map<number, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, list));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type CompanyNames = { id: number; nameEn: string | null; nameAr: string | null };

/** Companies' names by id. */
export async function companiesOf(db: Db | Tx, ids: Iterable<number>): Promise<Map<number, CompanyNames>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr })
    .from(companies)
    .where(inArray(companies.id, list));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Of `ids`, the deliverables the caller may attach to a milestone: their own uploads of purpose
 * `contract-deliverable`, or files already submitted for that milestone (a colleague's, kept on a new submission).
 */
export async function attachableDeliverables(
  db: Db | Tx,
  userId: number,
  milestoneId: number,
  ids: string[],
) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        or(
          and(eq(files.ownerId, userId), eq(files.purpose, 'contract-deliverable')),
          sql`exists (select 1 from ${contractSubmissions} s where s.milestone_id = ${milestoneId} and s.file_ids @> jsonb_build_array(${files.id}))`,
        ),
      ),
    );
  return rows.map((r) => r.id);
}
