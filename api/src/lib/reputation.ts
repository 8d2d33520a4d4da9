import type { ContractRating, ContractRatings, PaymentRecord, Reputation } from '@bawaba/shared/contracts';
import {
  type ContractViewer,
  contractSide,
  RATING_WINDOW_DAYS,
  type RatingFacts,
  ratingPermissions,
  ratingsRevealed,
  ratingWindowEnd,
  textLanguage,
  visibleRatingSides,
} from '@bawaba/shared/rules';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { contractMilestones, contractRatings, contracts } from '../db/schema.ts';
import type { Party } from './recipients.ts';

/**
 * Ratings and reputation from contracts (the rulebook: shared/src/rules/rating-rules.ts), as every domain that
 * shows them reads them: a contract's ratings as a caller may see them (the contracts domain's answer), a company's
 * reputation from the revealed ratings it received (the companies domain's directory and company page), a buyer's
 * payment record (the tenders domain's answer to bidders). The ratings domain (modules/ratings) writes them.
 */

type ContractRow = typeof contracts.$inferSelect;
export type RatingRow = typeof contractRatings.$inferSelect;

/** When a contract was completed or terminated (null: still open). */
const closedAtOf = (c: ContractRow): Date | null => c.completedAt ?? c.terminatedAt ?? null;

/** A contract and its ratings as the rating rulebook reads them. */
export const ratingFactsOf = (c: ContractRow, rows: readonly RatingRow[]): RatingFacts => ({
  status: c.status as RatingFacts['status'],
  buyer: { companyId: c.buyerCompanyId, userId: c.buyerUserId },
  supplier: { companyId: c.supplierCompanyId, userId: c.supplierUserId },
  closedAt: closedAtOf(c),
  ratings: Object.fromEntries(rows.map((r) => [r.raterSide, { replied: r.reply !== null }])),
});

/** A contract's ratings (at most one per side), the buyer side's first. */
export function ratingRowsOf(db: Db | Tx, contractId: number): Promise<RatingRow[]> {
  return db
    .select()
    .from(contractRatings)
    .where(eq(contractRatings.contractId, contractId))
    .orderBy(asc(contractRatings.raterSide));
}

const ratingOut = (r: RatingRow): ContractRating => ({
  by: r.raterSide as ContractRating['by'],
  quality: r.quality,
  timeliness: r.timeliness,
  communication: r.communication,
  paymentOnTime: r.paymentOnTime,
  comment: r.comment,
  commentLang: textLanguage(r.comment),
  at: r.updatedAt.toISOString(),
  reply:
    r.reply !== null && r.repliedAt !== null
      ? { text: r.reply, lang: textLanguage(r.reply), at: r.repliedAt.toISOString() }
      : null,
});

/**
 * A contract's ratings as `viewer` may read them: both once revealed (to both sides and to administrators); before
 * that a side reads only its own and nobody else any. With what the viewer may do about them.
 */
function ratingsOut(
  c: ContractRow,
  rows: readonly RatingRow[],
  viewer: ContractViewer,
  now: Date = new Date(),
): ContractRatings {
  const facts = ratingFactsOf(c, rows);
  const visible = visibleRatingSides(facts, contractSide(facts, viewer), now);
  const by = (side: 'buyer' | 'supplier') => {
    const row = rows.find((r) => r.raterSide === side);
    return row && visible.includes(side) ? ratingOut(row) : null;
  };
  const { can, refusals } = ratingPermissions(facts, viewer, now);
  return {
    revealed: ratingsRevealed(facts, now),
    windowEndsAt: ratingWindowEnd(facts.closedAt)?.toISOString() ?? null,
    byBuyer: by('buyer'),
    bySupplier: by('supplier'),
    can,
    refusals,
  };
}

/** A contract's ratings as `viewer` reads them (the contract's answer, and each rating write's). */
export async function contractRatingsOf(
  db: Db | Tx,
  c: ContractRow,
  viewer: ContractViewer,
  now: Date = new Date(),
): Promise<ContractRatings> {
  return ratingsOut(c, await ratingRowsOf(db, c.id), viewer, now);
}

/**
 * The revealed ratings a company received, as a subquery (`quality`, `timeliness`, `communication`,
 * `payment_on_time`, `overall`: the mean of the rating's scores): the buyer side's ratings of the contracts it
 * supplied and the supplier side's of those it bought, whose contract has both ratings or closed 30 days ago or more
 * (rating-rules.ts `ratingsRevealed`).
 */
const WINDOW = sql.raw(`interval '${RATING_WINDOW_DAYS} days'`);
const receivedRatings = (company: AnyPgColumn | SQL) => sql`
  select r.quality, r.timeliness, r.communication, r.payment_on_time,
    (r.quality + r.timeliness + r.communication + coalesce(r.payment_on_time, 0))::numeric
      / (case when r.payment_on_time is null then 3 else 4 end) as overall
  from contract_ratings r join contracts c on c.id = r.contract_id
  where ((r.rater_side = 'buyer' and c.supplier_company_id = ${company})
      or (r.rater_side = 'supplier' and c.buyer_company_id = ${company}))
    and (coalesce(c.completed_at, c.terminated_at) <= now() - ${WINDOW}
      or (select count(*) from contract_ratings both_sides where both_sides.contract_id = c.id) = 2)`;

/** The contracts a company delivered: completed with it as the supplier. */
const delivered = (company: AnyPgColumn | SQL) =>
  sql`select 1 from contracts d where d.supplier_company_id = ${company} and d.status = 'completed'`;

/** A company's mean rating (the directory's sort and its minimum-rating filter); null without revealed ratings. */
export const overallRatingOf = (company: AnyPgColumn) =>
  sql<number | null>`(select avg(x.overall) from (${receivedRatings(company)}) x)`;

/** Whether a company delivered at least one contract (the directory's filter). */
export const deliveredAContract = (company: AnyPgColumn) => sql`exists (${delivered(company)})`;

/** Rounded to two decimals (averages of 1–5 scores); null stays null. */
const round = (n: unknown): number | null =>
  n === null || n === undefined ? null : Math.round(Number(n) * 100) / 100;

/**
 * A company's reputation as a column of a select from `companies` (`company`: its id column): one JSON object per
 * row, read with a page of companies in the same query.
 */
export const reputationOf = (company: AnyPgColumn) =>
  sql<Reputation>`(select json_build_object(
    'delivered', (select count(*) from (${delivered(company)}) d),
    'count', count(*), 'quality', avg(x.quality), 'timeliness', avg(x.timeliness),
    'communication', avg(x.communication), 'paymentOnTime', avg(x.payment_on_time), 'overall', avg(x.overall))
    from (${receivedRatings(company)}) x)`.mapWith((value: unknown): Reputation => {
    const o = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
    return {
      contractsDelivered: Number(o.delivered ?? 0),
      averages: {
        quality: round(o.quality),
        timeliness: round(o.timeliness),
        communication: round(o.communication),
        paymentOnTime: round(o.paymentOnTime),
      },
      overall: round(o.overall),
      ratingsCount: Number(o.count ?? 0),
    };
  });

/** The reputation of a company with no contract: what a caller gets before the first one. */
export const NO_REPUTATION: Reputation = {
  contractsDelivered: 0,
  averages: { quality: null, timeliness: null, communication: null, paymentOnTime: null },
  overall: null,
  ratingsCount: 0,
};

/**
 * How many days after its acceptance a milestone's payment counts as on time (docs/product-decisions.md "Payment
 * record"): accepted work is owed, and 30 days is the common term for paying an invoice.
 */
const PAYMENT_DUE_DAYS = 30;

/**
 * A buyer side's payment record (its company, or the person for personal tenders): of its contracts' accepted
 * milestones whose payment is due — paid, or accepted PAYMENT_DUE_DAYS ago or more without being paid — how many
 * were paid within PAYMENT_DUE_DAYS of their acceptance.
 */
export async function paymentRecordOf(db: Db | Tx, buyer: Party): Promise<PaymentRecord> {
  const term = sql.raw(`interval '${PAYMENT_DUE_DAYS} days'`);
  const side =
    buyer.companyId !== null
      ? eq(contracts.buyerCompanyId, buyer.companyId)
      : and(isNull(contracts.buyerCompanyId), eq(contracts.buyerUserId, buyer.userId ?? -1));
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${contractMilestones.paidAt} is not null or ${contractMilestones.acceptedAt} <= now() - ${term})`.mapWith(
        Number,
      ),
      onTime:
        sql<number>`count(*) filter (where ${contractMilestones.paidAt} <= ${contractMilestones.acceptedAt} + ${term})`.mapWith(
          Number,
        ),
    })
    .from(contractMilestones)
    .innerJoin(contracts, eq(contracts.id, contractMilestones.contractId))
    .where(and(eq(contractMilestones.status, 'accepted'), side));
  const due = row?.due ?? 0;
  const onTime = row?.onTime ?? 0;
  return {
    milestonesDue: due,
    paidOnTime: onTime,
    share: due ? Math.round((onTime / due) * 1000) / 1000 : null,
  };
}
