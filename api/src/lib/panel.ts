import type { EvaluationResults, PanelBidder, ProposalResult } from '@bawaba/shared/contracts';
import { and, type Column, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { currentProposalVersion } from '../db/joins.ts';
import {
  companies,
  proposals,
  proposalVersions,
  tenderEvaluators,
  tenderScores,
  type tenders,
  users,
} from '../db/schema.ts';
import type { Lang } from '../errors.ts';
import { actorFor, companyNameFor } from './localize.ts';
import { bestAndFinalOffersOpen } from './sealing.ts';

/**
 * The evaluation panel's two rules that other domains ask (docs/decisions/0014-evaluation-panel.md): whether the
 * panel keeps someone from reading a tender's proposals (the proposals, files and live-stream routes ask it), and the
 * results derived from the scores and prices (the panel, the comparison and its CSV read them). They live here, not
 * in the tenders domain, because the proposals and files domains ask them too and the results read proposals.
 */

type TenderRow = typeof tenders.$inferSelect;

/**
 * Whether `userId` is an evaluator of the tender who has not signed the conflict-of-interest declaration (pending or
 * declined): they read none of its proposals by any route, whatever their company role would allow.
 */
export async function panelBlocksReading(db: Db | Tx, tenderId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tenderEvaluators.id })
    .from(tenderEvaluators)
    .where(
      and(
        eq(tenderEvaluators.tenderId, tenderId),
        eq(tenderEvaluators.userId, userId),
        ne(tenderEvaluators.declaration, 'signed'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** `panelBlocksReading` as a condition of a query over tenders: true where the panel lets `userId` read. */
export const panelLetsRead = (tenderId: Column, userId: number): SQL<boolean> =>
  sql<boolean>`not exists (select 1 from tender_evaluators pe where pe.tender_id = ${tenderId} and pe.user_id = ${userId} and pe.declaration <> 'signed')`;

/** What the results are computed from: the tender's method and each proposal's facts. */
export type ResultInput = {
  method: string;
  currency: string;
  criteria: readonly { weight: number }[];
  technicalWeight: number | null;
  financialWeight: number | null;
  passMark: number | null;
  proposals: readonly {
    proposalId: number;
    notResponsive: boolean;
    /** Recorded at the lock (null: not yet, the results then say whether it would pass). */
    technicalPassed: boolean | null;
    /** The price that counts (the current version's, or the best and final offer once its round closed) and its currency. */
    price: number;
    priceCurrency: string;
    /** Every signed evaluator's scores of it. */
    scores: readonly { criterion: number; score: number }[];
  }[];
};

export type ComputedResult = Omit<ProposalResult, 'bidder'>;

const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;

/** Competition ranking ("1, 1, 3"): `key` sorted best first by `better`; equal keys share a rank. */
function ranks(
  keys: readonly { id: number; key: number }[],
  better: (a: number, b: number) => number,
): Map<number, number> {
  const sorted = [...keys].sort((a, b) => better(a.key, b.key) || a.id - b.id);
  const out = new Map<number, number>();
  sorted.forEach((k, i) => {
    const prev = sorted[i - 1];
    out.set(k.id, prev && prev.key === k.key ? out.get(prev.id)! : i + 1);
  });
  return out;
}

/**
 * The results (docs/decisions/0014-evaluation-panel.md), derived, never stored. Weighted: technical score = Σ over
 * criteria (mean of the evaluators' scores ÷ 10 × weight), 0–100 (a criterion nobody scored counts 0); it passes at
 * the pass mark or above (a not-responsive proposal never does); price score = lowest price among the passed
 * proposals priced in the tender's currency ÷ its price (a best and final offer, once its round closed, is the price) × financial weight (none for a failed proposal or another
 * currency: prices in two currencies are not compared); final = technical × technical weight ÷ 100 + price score;
 * rank by final score, ties sharing a rank; a proposal without a final score is not ranked. Lowest price: a proposal
 * passes unless marked not responsive; rank by price among the passed ones in the tender's currency. Two decimals,
 * ranks from the rounded scores (what the reader sees is what is ranked). Best first, the unranked after them.
 */
export function computeResults(x: ResultInput): ComputedResult[] {
  const weighted = x.method === 'weighted';
  const base = x.proposals.map((p) => {
    const criteria = x.criteria.map((_, criterion) => {
      const given = p.scores.filter((s) => s.criterion === criterion);
      return {
        criterion,
        mean: given.length === 0 ? null : given.reduce((s, g) => s + g.score, 0) / given.length,
      };
    });
    const technical =
      weighted && !p.notResponsive
        ? criteria.reduce((s, c, i) => s + ((c.mean ?? 0) / 10) * x.criteria[i]!.weight, 0)
        : null;
    // Marked not responsive never passes, even after the lock recorded a pass.
    const passes =
      !p.notResponsive &&
      (p.technicalPassed ?? (!weighted || (technical !== null && round2(technical) >= (x.passMark ?? 0))));
    return { p, criteria, technical, passes };
  });
  const inCurrency = base.filter((b) => b.passes && b.p.priceCurrency === x.currency && b.p.price > 0);
  const lowest = inCurrency.length ? Math.min(...inCurrency.map((b) => b.p.price)) : null;
  const rows = base.map((b): ComputedResult => {
    const priceScore =
      weighted && lowest !== null && inCurrency.includes(b)
        ? round2((lowest / b.p.price) * (x.financialWeight ?? 0))
        : null;
    const finalScore =
      priceScore !== null && b.technical !== null
        ? round2(
            (b.technical * (x.technicalWeight ?? 0)) / 100 + (lowest! / b.p.price) * (x.financialWeight ?? 0),
          )
        : null;
    return {
      proposalId: b.p.proposalId,
      criteria: weighted
        ? b.criteria.map((c) => ({ ...c, mean: c.mean === null ? null : round2(c.mean) }))
        : [],
      technicalScore: b.technical === null ? null : round2(b.technical),
      technicalPassed: b.passes,
      priceScore,
      finalScore,
      rank: null,
    };
  });
  const order = weighted
    ? ranks(
        rows.flatMap((r) => (r.finalScore === null ? [] : [{ id: r.proposalId, key: r.finalScore }])),
        (a, b) => b - a,
      )
    : ranks(
        inCurrency.map((b) => ({ id: b.p.proposalId, key: b.p.price })),
        (a, b) => a - b,
      );
  for (const r of rows) r.rank = order.get(r.proposalId) ?? null;
  return rows.sort(
    (a, b) =>
      (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY) ||
      a.proposalId - b.proposalId,
  );
}

/** The facts `computeResults` needs, read from the tender's rows, and each proposal's bidder as the panel names it. */
export async function resultInput(
  db: Db | Tx,
  t: TenderRow,
  l: Lang,
): Promise<{ input: ResultInput; bidders: Map<number, PanelBidder> }> {
  const rows = await db
    .select({
      id: proposals.id,
      evaluation: proposals.evaluation,
      technicalPassed: proposals.technicalPassed,
      price: proposalVersions.offerPrice,
      bafoPrice: proposals.bafoPrice,
      currency: proposalVersions.currency,
      bidderName: users.name,
      companyId: proposals.companyId,
      nameEn: companies.nameEn,
      nameAr: companies.nameAr,
    })
    .from(proposals)
    .innerJoin(proposalVersions, currentProposalVersion)
    .innerJoin(users, eq(users.id, proposals.bidderId))
    .leftJoin(companies, eq(companies.id, proposals.companyId))
    .where(eq(proposals.tenderId, t.id))
    .orderBy(proposals.id);
  // Only the scores of evaluators who signed count (a dropped evaluator's are deleted with them).
  const scores = await db
    .select({
      proposalId: tenderScores.proposalId,
      criterion: tenderScores.criterion,
      score: tenderScores.score,
    })
    .from(tenderScores)
    .innerJoin(
      tenderEvaluators,
      and(
        eq(tenderEvaluators.tenderId, tenderScores.tenderId),
        eq(tenderEvaluators.userId, tenderScores.evaluatorId),
      ),
    )
    .where(and(eq(tenderScores.tenderId, t.id), eq(tenderEvaluators.declaration, 'signed')));
  // A best and final offer replaces the price once its round has closed (docs/decisions/0015-best-and-final-offer.md).
  const bafoClosed = bestAndFinalOffersOpen(t);
  const bidders = new Map<number, PanelBidder>(
    rows.map((r) => [
      r.id,
      {
        proposalId: r.id,
        name: r.bidderName,
        ...companyNameFor(l, r.companyId === null ? undefined : { nameEn: r.nameEn, nameAr: r.nameAr }),
        scored: r.evaluation !== 'not_responsive',
      },
    ]),
  );
  return {
    bidders,
    input: {
      method: t.evaluationMethod,
      currency: t.currency,
      criteria: t.evaluationCriteria,
      technicalWeight: t.technicalWeight,
      financialWeight: t.financialWeight,
      passMark: t.passMark,
      proposals: rows.map((r) => ({
        proposalId: r.id,
        notResponsive: r.evaluation === 'not_responsive',
        technicalPassed: r.technicalPassed,
        price: bafoClosed && r.bafoPrice !== null ? r.bafoPrice : r.price,
        priceCurrency: r.currency,
        scores: scores.filter((s) => s.proposalId === r.id),
      })),
    },
  };
}

/**
 * The results of a tender once its technical stage is locked (null before): what the panel answers after the lock,
 * the comparison's score columns and its CSV. Derived from the rows each time, never stored.
 */
export async function evaluationResults(
  db: Db | Tx,
  t: TenderRow,
  l: Lang,
): Promise<EvaluationResults | null> {
  if (!t.technicalLockedAt) return null;
  const { input, bidders } = await resultInput(db, t, l);
  const [locker] = t.technicalLockedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, t.technicalLockedBy))
    : [];
  const company =
    t.companyId === null
      ? null
      : ((
          await db
            .select({ id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr })
            .from(companies)
            .where(eq(companies.id, t.companyId))
        )[0] ?? null);
  return {
    lockedAt: t.technicalLockedAt.toISOString(),
    lockedBy: t.technicalLockedBy ? actorFor(l, t.technicalLockedBy, locker ?? null, company) : null,
    passMark: t.passMark,
    proposals: computeResults(input).map((r) => ({ ...r, bidder: bidders.get(r.proposalId)! })),
  };
}
