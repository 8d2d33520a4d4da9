import { and, asc, count, eq, gt, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { currentProposalVersion } from '../../db/joins.ts';
import {
  clarifications,
  companies,
  contractMilestones,
  contractPayments,
  contracts,
  ocdsReleases,
  proposals,
  proposalVersions,
  services,
  tenderAmendments,
  tenderEvents,
} from '../../db/schema.ts';
import type { TenderRow } from '../tenders/index.ts';

/** The open-data module's reads, in one place. */

type Reader = Db | Tx;

/** What a snapshot needs besides the tender's row and its visitor view (build.ts). */
export type SnapshotFacts = Awaited<ReturnType<typeof snapshotFacts>>;

export async function snapshotFacts(db: Reader, t: TenderRow) {
  const [svcs, amendments, enquiries, [bidCount], events, winner, made] = await Promise.all([
    t.serviceIds.length
      ? db
          .select({ id: services.id, nameEn: services.nameEn, nameAr: services.nameAr })
          .from(services)
          .where(inArray(services.id, t.serviceIds))
      : Promise.resolve([]),
    db
      .select({
        number: tenderAmendments.number,
        reasonEn: tenderAmendments.reasonEn,
        reasonAr: tenderAmendments.reasonAr,
        changes: tenderAmendments.changes,
        createdAt: tenderAmendments.createdAt,
      })
      .from(tenderAmendments)
      .where(eq(tenderAmendments.tenderId, t.id))
      .orderBy(asc(tenderAmendments.number)),
    // Answered questions only (what every reader of the tender sees); never who asked.
    db
      .select({
        id: clarifications.id,
        question: clarifications.question,
        answer: clarifications.answer,
        answeredAt: clarifications.answeredAt,
        createdAt: clarifications.createdAt,
      })
      .from(clarifications)
      .where(and(eq(clarifications.tenderId, t.id), isNotNull(clarifications.answer)))
      .orderBy(asc(clarifications.id)),
    db.select({ n: count() }).from(proposals).where(eq(proposals.tenderId, t.id)),
    db
      .select({
        action: tenderEvents.action,
        details: tenderEvents.details,
        createdAt: tenderEvents.createdAt,
      })
      .from(tenderEvents)
      .where(
        and(eq(tenderEvents.tenderId, t.id), inArray(tenderEvents.action, ['awarded', 'award_withdrawn'])),
      )
      .orderBy(asc(tenderEvents.id)),
    t.outcome === 'awarded' && t.awardedProposalId !== null ? winnerOf(db, t.awardedProposalId) : null,
    db.select().from(contracts).where(eq(contracts.tenderId, t.id)).orderBy(asc(contracts.id)),
  ]);
  const ids = made.map((c) => c.id);
  const [milestones, payments] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(contractMilestones)
          .where(inArray(contractMilestones.contractId, ids))
          .orderBy(asc(contractMilestones.position)),
        db
          .select({
            contractId: contractPayments.contractId,
            amount: contractPayments.amount,
            currency: contractPayments.currency,
            paidAt: contractPayments.createdAt,
            position: contractMilestones.position,
          })
          .from(contractPayments)
          .innerJoin(contractMilestones, eq(contractMilestones.id, contractPayments.milestoneId))
          .where(inArray(contractPayments.contractId, ids))
          .orderBy(asc(contractMilestones.position)),
      ])
    : [[], []];
  return {
    services: t.serviceIds.flatMap((id) => svcs.filter((s) => s.id === id)),
    amendments: amendments.map((a) => ({ ...a, fields: a.changes.map((c) => c.field) })),
    enquiries,
    bids: bidCount?.n ?? 0,
    tenderers: bidCount?.n ?? 0,
    awards: awardsOf(t, events),
    winner: winner
      ? { companyId: winner.companyId, userId: winner.userId, nameEn: winner.nameEn, nameAr: winner.nameAr }
      : null,
    awardedValue: winner ? { amount: winner.amount, currency: winner.currency } : null,
    contracts: made.map((c) => ({
      ...c,
      milestones: milestones.filter((m) => m.contractId === c.id),
      payments: payments.filter((p) => p.contractId === c.id),
    })),
    terminatedContracts: made.filter((c) => c.status === 'terminated').map((c) => c.number),
  };
}

type AwardStatus = 'pending' | 'active' | 'cancelled' | 'unsuccessful';

/**
 * The tender's award decisions in order, from its history: each `awarded` is one award, pending (its standstill
 * runs), cancelled once withdrawn (an upheld objection) or when the tender ends otherwise, active once final.
 */
function awardsOf(
  t: TenderRow,
  events: { action: string; details: Record<string, unknown>; createdAt: Date }[],
) {
  const list: { proposalId: number; status: AwardStatus; date: Date }[] = [];
  const lastLive = (pid: number | null) =>
    list.findLast((a) => a.proposalId === pid && a.status !== 'cancelled') ?? null;
  for (const e of events) {
    const pid = Number(e.details.proposalId);
    if (e.action === 'awarded') list.push({ proposalId: pid, status: 'pending', date: e.createdAt });
    else {
      const a = lastLive(pid);
      if (a) a.status = 'cancelled';
    }
  }
  if (t.outcome === 'awarded' && t.awardedProposalId !== null) {
    const date = t.outcomeAt ?? new Date(0);
    const a = lastLive(t.awardedProposalId);
    if (a) Object.assign(a, { status: 'active', date });
    else list.push({ proposalId: t.awardedProposalId, status: 'active', date });
  } else if (t.outcome !== null) {
    for (const a of list) if (a.status === 'pending') a.status = 'cancelled';
  }
  return list.map(({ status, date }) => ({ status, date }));
}

/** The awarded proposal's side and the value awarded (the best-and-final price where there was one). */
async function winnerOf(db: Reader, proposalId: number) {
  const [w] = await db
    .select({
      companyId: proposals.companyId,
      userId: proposals.bidderId,
      nameEn: companies.nameEn,
      nameAr: companies.nameAr,
      amount: sql<number>`coalesce(${proposals.bafoPrice}, ${proposalVersions.offerPrice})`.mapWith(Number),
      currency: proposalVersions.currency,
    })
    .from(proposals)
    .innerJoin(proposalVersions, currentProposalVersion)
    .leftJoin(companies, eq(companies.id, proposals.companyId))
    .where(eq(proposals.id, proposalId));
  return w ?? null;
}

/** The newest release of a tender (null: none yet). */
export async function lastRelease(db: Reader, tenderId: number) {
  const [r] = await db
    .select()
    .from(ocdsReleases)
    .where(eq(ocdsReleases.tenderId, tenderId))
    .orderBy(sql`${ocdsReleases.seq} desc`)
    .limit(1);
  return r ?? null;
}

/** Every release of a tender, oldest first. */
export const releasesOf = (db: Reader, tenderId: number) =>
  db.select().from(ocdsReleases).where(eq(ocdsReleases.tenderId, tenderId)).orderBy(asc(ocdsReleases.seq));

/** The feed's page: up to `limit` releases after the cursor `after`, in seq order. */
export const feedPage = (db: Reader, after: number, limit: number) =>
  db
    .select()
    .from(ocdsReleases)
    .where(gt(ocdsReleases.seq, after))
    .orderBy(asc(ocdsReleases.seq))
    .limit(limit);

/** The months with releases (UTC, `YYYY-MM`), oldest first, with how many and the newest seq of each. */
export async function releaseMonths(db: Reader) {
  const rows = await db
    .select({
      month: sql<string>`to_char(${ocdsReleases.publishedAt} at time zone 'UTC', 'YYYY-MM')`,
      n: count(),
      last: sql<number>`max(${ocdsReleases.seq})`.mapWith(Number),
    })
    .from(ocdsReleases)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows;
}

/** A month's scope: its releases' count and newest seq (the bulk file's ETag). */
export async function monthScope(db: Reader, from: Date, to: Date) {
  const [r] = await db
    .select({ n: count(), last: sql<number | null>`max(${ocdsReleases.seq})`.mapWith(Number) })
    .from(ocdsReleases)
    .where(and(gte(ocdsReleases.publishedAt, from), lt(ocdsReleases.publishedAt, to)));
  return { n: r?.n ?? 0, last: r?.last ?? 0 };
}

/** One batch of a month's releases after `afterSeq`, in seq order (the bulk file reads a month in batches). */
export const monthBatch = (db: Reader, from: Date, to: Date, afterSeq: number, size: number) =>
  db
    .select({ seq: ocdsReleases.seq, release: ocdsReleases.release })
    .from(ocdsReleases)
    .where(
      and(
        gte(ocdsReleases.publishedAt, from),
        lt(ocdsReleases.publishedAt, to),
        gt(ocdsReleases.seq, afterSeq),
      ),
    )
    .orderBy(asc(ocdsReleases.seq))
    .limit(size);

/** The tender a contract was made from (null: no such contract). */
export async function tenderOfContract(db: Reader, contractId: number): Promise<number | null> {
  const [c] = await db
    .select({ tenderId: contracts.tenderId })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  return c?.tenderId ?? null;
}
