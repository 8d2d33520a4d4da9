import type { ComparisonQuery, ComparisonRow } from '@bawaba/shared/contracts';
import { awardRefusal } from '@bawaba/shared/rules';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { evaluationResults, panelBlocksReading } from '../../lib/panel.ts';
import { bestAndFinalOffersOpen } from '../../lib/sealing.ts';
import { sideOf } from '../../lib/sides.ts';
import { ownedTender, tenderState } from '../tenders/index.ts';
import { evaluationsOf, proposalCount } from './queries.ts';
import { serializeProposals } from './serializers.ts';

/**
 * The owner's side-by-side comparison of a tender's proposals after bid opening (its CSV: comparison-csv.ts). It
 * belongs to the proposals domain, which builds on the tender domain: the tender domain never reads proposals
 * through this domain, so the two do not depend on each other in a circle.
 */

type Sort = v.InferOutput<typeof ComparisonQuery>;

/**
 * A row's sort key; null for a sealed price, which sorts after every other row whichever the order. The price is the
 * one that counts: the best and final offer where one was made.
 */
const SORTERS: Record<Sort['sort'], (r: ComparisonRow) => number | string | null> = {
  offerPrice: (r) => r.bestAndFinalOffer ?? r.offerPrice,
  period: (r) => r.period,
  submittedAt: (r) => r.submittedAt,
  bidder: (r) => (r.bidder.companyName ?? r.bidder.name).toLocaleLowerCase(),
  milestoneTotal: (r) => r.milestones.total,
};

/**
 * The owner's comparison of the latest version of every proposal, sorted. Before the deadline only the count:
 * the proposals are sealed. An evaluator who has not signed the conflict-of-interest declaration is refused
 * (docs/decisions/0014-evaluation-panel.md). After the technical lock each row carries the evaluation's results.
 */
export async function comparison(ctx: Ctx, a: Auth, tenderId: number, q: Sort, l: Lang) {
  const t = await ownedTender(ctx, a, tenderId);
  const db = ctx.database.db;
  if (await panelBlocksReading(db, t.id, a.user.id)) throw new AppError('DECLARATION_REQUIRED');
  const state = tenderState(t);
  const base = {
    proposalCount: await proposalCount(db, t.id),
    state,
    awardedProposalId: t.awardedProposalId,
  };
  if (state === 'published') return { ...base, sealed: true, rows: [] };
  const ps = await serializeProposals(db, { tenderId: t.id }, sideOf(a), l);
  const evals = await evaluationsOf(db, t.id);
  // Best and final offers count once their round has closed, and only where the financial part is open.
  const bafoOpen = bestAndFinalOffersOpen(t);
  const results = await evaluationResults(db, t, l);
  const rows: ComparisonRow[] = ps.flatMap((p) => {
    const c = p.current;
    if (!c) return [];
    const ev = evals.find((e) => e.id === p.id);
    const result = results?.proposals.find((r) => r.proposalId === p.id);
    const starts = c.milestones.map((m) => m.start_date).sort();
    const ends = c.milestones.map((m) => m.end_date).sort();
    return [
      {
        proposalId: p.id,
        bidder: p.bidder,
        offerPrice: c.offer_price,
        currency: c.currency,
        bestAndFinalOffer: bafoOpen && !p.financialSealed ? (ev?.bafoPrice ?? null) : null,
        period: c.period,
        milestones: {
          count: c.milestones.length,
          total: p.financialSealed ? null : c.milestones.reduce((s, m) => s + (m.amount ?? 0), 0),
          firstStart: starts[0] ?? null,
          lastEnd: ends.at(-1) ?? null,
        },
        paymentTerms: c.payment_terms,
        financialSealed: p.financialSealed,
        paymentStatus: p.paymentStatus,
        documentCount: 1 + new Set(c.milestones.flatMap((m) => m.documents)).size,
        attachment: c.attachment,
        submittedAt: c.submittedAt,
        version: c.version,
        evaluation: (ev?.evaluation ?? null) as ComparisonRow['evaluation'],
        evaluationReason: ev?.reason ?? null,
        predatesAmendment: p.predatesAmendment,
        awardRefusal: awardRefusal({
          evaluation: ev?.evaluation ?? null,
          paymentStatus: p.paymentStatus,
          technicalPassed: result?.technicalPassed ?? null,
        }),
        technicalScore: result?.technicalScore ?? null,
        technicalPassed: result?.technicalPassed ?? null,
        priceScore: result?.priceScore ?? null,
        finalScore: result?.finalScore ?? null,
        rank: result?.rank ?? null,
      },
    ];
  });
  const key = SORTERS[q.sort];
  const dir = q.order === 'desc' ? -1 : 1;
  rows.sort((x, y) => {
    const [kx, ky] = [key(x), key(y)];
    // Nothing is ordered by a sealed price: those rows come last, in the order they came in.
    if (kx === null || ky === null) return kx === ky ? x.proposalId - y.proposalId : kx === null ? 1 : -1;
    return (kx < ky ? -1 : kx > ky ? 1 : x.proposalId - y.proposalId) * dir;
  });
  return { ...base, sealed: false, rows };
}
