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
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.ts';
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
 * Every company's reputation, from contracts only (rating-rules.ts): contracts it delivered (completed as the
 * supplier) and the revealed ratings it received — the buyer side's ratings of the contracts it supplied and the
 * supplier side's of those it bought. Read in three grouped statements over the contracts (few beside the
 * companies) and kept in memory per database like the catalog: dropped on every change to the contracts and their
 * ratings (`followReputationChanges`), and at the next moment a rating is revealed by its window closing.
 */
export type Reputations = Map<number, Reputation>;

const cache = new WeakMap<object, { until: number; value: Promise<Reputations> }>();
/** The databases whose change events may be missed (listening connection down): no cache meanwhile. */
const unwatched = new WeakSet<object>();
const TTL_MS = 60_000;
const TABLES = new Set(['contracts', 'contract_ratings']);
const WINDOW = sql.raw(`interval '${RATING_WINDOW_DAYS} days'`);
const closedAtSql = sql`coalesce(${contracts.completedAt}, ${contracts.terminatedAt})`;
/** rating-rules.ts `ratingsRevealed` in SQL: both sides rated, or the window closed. */
const revealedSql = sql`(${closedAtSql} <= now() - ${WINDOW} or (select count(*) from contract_ratings both_sides where both_sides.contract_id = ${contracts.id}) = 2)`;

/** The sums of the revealed ratings received per company, as one side (`rated`) of the contracts. */
function receivedBy(db: Db | Tx, rated: 'supplier' | 'buyer') {
  const company = rated === 'supplier' ? contracts.supplierCompanyId : contracts.buyerCompanyId;
  const r = contractRatings;
  return db
    .select({
      id: company,
      n: sql<number>`count(*)`.mapWith(Number),
      quality: sql<number>`sum(${r.quality})`.mapWith(Number),
      timeliness: sql<number>`sum(${r.timeliness})`.mapWith(Number),
      communication: sql<number>`sum(${r.communication})`.mapWith(Number),
      payments: sql<number>`count(${r.paymentOnTime})`.mapWith(Number),
      paymentOnTime: sql<number>`coalesce(sum(${r.paymentOnTime}), 0)`.mapWith(Number),
      // Each rating's mean score (three scores, or four with the payment's), summed.
      overall:
        sql<number>`sum((${r.quality} + ${r.timeliness} + ${r.communication} + coalesce(${r.paymentOnTime}, 0))::numeric / (case when ${r.paymentOnTime} is null then 3 else 4 end))`.mapWith(
          Number,
        ),
    })
    .from(r)
    .innerJoin(contracts, eq(contracts.id, r.contractId))
    .where(and(eq(r.raterSide, rated === 'supplier' ? 'buyer' : 'supplier'), isNotNull(company), revealedSql))
    .groupBy(company);
}

/** Rounded to two decimals (averages of 1–5 scores); null without anything to average. */
const mean = (sum: number, n: number): number | null => (n > 0 ? Math.round((sum / n) * 100) / 100 : null);

async function readReputations(db: Db | Tx): Promise<{ value: Reputations; until: number }> {
  const [delivered, asSupplier, asBuyer, [next]] = await Promise.all([
    db
      .select({ id: contracts.supplierCompanyId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(contracts)
      .where(and(eq(contracts.status, 'completed'), isNotNull(contracts.supplierCompanyId)))
      .groupBy(contracts.supplierCompanyId),
    receivedBy(db, 'supplier'),
    receivedBy(db, 'buyer'),
    // When a window closes next on a contract rated by one side only: its rating is revealed then.
    db
      .select({
        at: sql<Date | null>`min(${closedAtSql} + ${WINDOW})`.mapWith((v) => (v ? new Date(v) : null)),
      })
      .from(contracts)
      .where(
        and(
          sql`${closedAtSql} + ${WINDOW} > now()`,
          sql`(select count(*) from contract_ratings one where one.contract_id = ${contracts.id}) = 1`,
        ),
      ),
  ]);
  const sums = new Map<
    number,
    { delivered: number; n: number; q: number; t: number; c: number; pn: number; p: number; o: number }
  >();
  const of = (id: number) => {
    let x = sums.get(id);
    if (!x) {
      x = { delivered: 0, n: 0, q: 0, t: 0, c: 0, pn: 0, p: 0, o: 0 };
      sums.set(id, x);
    }
    return x;
  };
  for (const d of delivered) if (d.id !== null) of(d.id).delivered = d.n;
  for (const r of [...asSupplier, ...asBuyer]) {
    if (r.id === null) continue;
    const x = of(r.id);
    x.n += r.n;
    x.q += r.quality;
    x.t += r.timeliness;
    x.c += r.communication;
    x.pn += r.payments;
    x.p += r.paymentOnTime;
    x.o += r.overall;
  }
  const value: Reputations = new Map();
  for (const [id, x] of sums)
    value.set(id, {
      contractsDelivered: x.delivered,
      averages: {
        quality: mean(x.q, x.n),
        timeliness: mean(x.t, x.n),
        communication: mean(x.c, x.n),
        paymentOnTime: mean(x.p, x.pn),
      },
      overall: mean(x.o, x.n),
      ratingsCount: x.n,
    });
  return { value, until: Math.min(Date.now() + TTL_MS, next?.at?.getTime() ?? Number.POSITIVE_INFINITY) };
}

/** Every company's reputation (a company with no contract has none in the map: `NO_REPUTATION`). */
export function reputationsOf(db: Db | Tx): Promise<Reputations> {
  const hit = cache.get(db);
  if (hit && Date.now() < hit.until && !unwatched.has(db)) return hit.value;
  const entry = { until: Date.now() + TTL_MS, value: Promise.resolve(new Map() as Reputations) };
  entry.value = readReputations(db).then((r) => {
    entry.until = Math.min(entry.until, r.until);
    return r.value;
  });
  entry.value.catch(() => cache.delete(db));
  cache.set(db, entry);
  return entry.value;
}

/** Drops the reputations of `database` on the change events of the contracts and their ratings; the unsubscribe. */
export function followReputationChanges(database: Database): () => void {
  return database.changes.on((e) => {
    if ((e.type === 'table' || e.type === 'write') && !TABLES.has(e.table)) return;
    if (e.type === 'down') unwatched.add(database.db);
    else if (e.type === 'up') unwatched.delete(database.db);
    cache.delete(database.db);
  });
}

/** The reputation of a company with no contract: what a caller gets before the first one. */
export const NO_REPUTATION: Reputation = {
  contractsDelivered: 0,
  averages: { quality: null, timeliness: null, communication: null, paymentOnTime: null },
  overall: null,
  ratingsCount: 0,
};

/**
 * The directory's reputation filters and sort on a list of company ids: at least one contract delivered, a minimum
 * mean rating, the best rated first (unrated last; otherwise the list's order).
 */
export async function byReputation(
  db: Db | Tx,
  ids: Int32Array,
  q: { delivered?: boolean; minRating?: number; byRating?: boolean },
): Promise<Int32Array> {
  if (!q.delivered && q.minRating === undefined && !q.byRating) return ids;
  const all = await reputationsOf(db);
  const of = (id: number) => all.get(id) ?? NO_REPUTATION;
  let kept = Array.from(ids).filter(
    (id) =>
      (!q.delivered || of(id).contractsDelivered >= 1) &&
      (q.minRating === undefined || (of(id).overall ?? 0) >= q.minRating),
  );
  // Array sort is stable: equal ratings keep the list's order (a keyword's rank, then id).
  if (q.byRating) kept = kept.sort((a, b) => (of(b).overall ?? 0) - (of(a).overall ?? 0));
  return Int32Array.from(kept);
}

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
