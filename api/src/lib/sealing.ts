import type { ProposalVersion } from '@bawaba/shared/contracts';

/**
 * The sealing of a proposal's financial part (docs/decisions/0012-evaluation.md, "The parts of a proposal"): the
 * rule that says when it is sealed, and the one step that blanks it. It lives here, not in a domain, because three
 * domains ask it — the proposals' answers, the files' downloads and the tenders' evaluation — and none of them may
 * import another's.
 */

/**
 * Whether a proposal's financial part is still sealed to the buyer's side: in a two-envelope tender, until the
 * technical stage is locked, and for ever for a proposal that did not pass it. The bidding side always reads its
 * own proposal whole; every answer, export, file and live event that carries a proposal asks this before showing
 * its financial part.
 */
export function financialPartSealed(
  t: { envelopes: number; technicalLockedAt: Date | null },
  p: { technicalPassed: boolean | null },
): boolean {
  return t.envelopes === 2 && (t.technicalLockedAt === null || p.technicalPassed !== true);
}

/**
 * A version with its financial part blanked: the offer price, currency, payment terms, breakdown, milestone
 * amounts and price documents become null; the technical part is left whole.
 */
export function withoutFinancialPart(v: ProposalVersion): ProposalVersion {
  return {
    ...v,
    offer_price: null,
    currency: null,
    payment_terms: null,
    breakdown: null,
    priceDocuments: null,
    milestones: v.milestones.map((m) => ({ ...m, amount: null })),
  };
}

/**
 * Whether a tender's best-and-final-offer round has closed, so its offers count and open to the buyer side
 * (docs/decisions/0015-best-and-final-offer.md): sealed like a bid until the round's deadline.
 */
export function bestAndFinalOffersOpen(t: { bafoDeadline: Date | null }, now = Date.now()): boolean {
  return t.bafoDeadline !== null && t.bafoDeadline.getTime() <= now;
}
