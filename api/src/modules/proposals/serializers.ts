import type { Proposal, ProposalVersion } from '@bawaba/shared/contracts';
import { and, asc, desc, eq, inArray, max, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, proposals, proposalVersions, tenderAmendments, tenders, users } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { actorFor, companyNameFor, iso, titleFor } from '../../lib/localize.ts';
import { financialPartSealed, withoutFinancialPart } from '../../lib/sealing.ts';
import { onSide, type Side, sideRecords } from '../../lib/sides.ts';
import { payNowRefusal } from '../payments/index.ts';
import { callerOf, isPast, mayTake } from '../tenders/index.ts';

type VersionRow = typeof proposalVersions.$inferSelect;

/** A version as its readers see it, naming who sent it and the proposal's company (`company`), named in `l`. */
const versionOut = (
  { v: x, senderName }: { v: VersionRow; senderName: string | null },
  company: { id: number | null; nameEn: string | null; nameAr: string | null },
  l: Lang,
): ProposalVersion => ({
  version: x.version,
  submittedAt: x.submittedAt.toISOString(),
  actedBy: x.actedByUserId === null ? null : actorFor(l, x.actedByUserId, { name: senderName }, company),
  attachment: x.attachment,
  offer_price: x.offerPrice,
  title: x.title,
  description: x.description,
  period: x.period,
  currency: x.currency as ProposalVersion['currency'],
  payment_terms: x.paymentTerms as ProposalVersion['payment_terms'],
  milestones: x.milestones,
  breakdown: x.breakdown,
  priceDocuments: x.priceDocuments,
});

/** A personal proposal's company: none. */
const NO_COMPANY = { id: null, nameEn: null, nameAr: null };

/** The bidder of a sealed proposal as anyone but its bidder sees it: nobody in particular. */
const SEALED_BIDDER: Proposal['bidder'] = { id: 0, name: '', companyName: null, companyNameLang: null };

/**
 * Proposals as the viewer may see them: anyone but the bidder (the tender owner, an admin) gets them sealed until
 * the deadline, without contents and without the bidder's name; after it, a two-envelope tender's proposals come
 * with their financial part blanked until it opens (`financialPartSealed`). This is the one place that blanks it:
 * every answer, export and event that carries a proposal version is built from what this returns.
 */
export async function serializeProposals(
  db: Db | Tx,
  where: { tenderId?: number; side?: Side; id?: number },
  viewer: Side,
  l: Lang,
): Promise<Proposal[]> {
  const conds: SQL[] = [];
  if (where.tenderId) conds.push(eq(proposals.tenderId, where.tenderId));
  if (where.side) conds.push(sideRecords(where.side, proposals.companyId, proposals.bidderId));
  if (where.id) conds.push(eq(proposals.id, where.id));
  const rows = await db
    .select({ p: proposals, t: tenders })
    .from(proposals)
    .innerJoin(tenders, eq(tenders.id, proposals.tenderId))
    .where(and(...conds))
    .orderBy(desc(proposals.updatedAt), desc(proposals.id));
  if (rows.length === 0) return [];
  const proposalIds = rows.map((r) => r.p.id);
  const bidderIds = [...new Set(rows.map((r) => r.p.bidderId))];
  const tenderIds = [...new Set(rows.map((r) => r.t.id))];
  const companyIds = [...new Set(rows.flatMap((r) => (r.p.companyId === null ? [] : [r.p.companyId])))];
  const [versions, bidders, owningCompanies, amended] = await Promise.all([
    db
      .select({ v: proposalVersions, senderName: users.name })
      .from(proposalVersions)
      .leftJoin(users, eq(users.id, proposalVersions.actedByUserId))
      .where(inArray(proposalVersions.proposalId, proposalIds))
      .orderBy(asc(proposalVersions.version)),
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, bidderIds)),
    db
      .select({ id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr })
      .from(companies)
      .where(inArray(companies.id, companyIds)),
    db
      .select({ tenderId: tenderAmendments.tenderId, at: max(tenderAmendments.createdAt) })
      .from(tenderAmendments)
      .where(inArray(tenderAmendments.tenderId, tenderIds))
      .groupBy(tenderAmendments.tenderId),
  ]);
  const now = Date.now();
  return rows.map(({ p, t }) => {
    const mine = onSide({ companyId: p.companyId, userId: p.bidderId }, viewer);
    const sealed = !mine && !isPast(t, now);
    const financialSealed = !mine && financialPartSealed(t, p);
    // Paying and resubmitting are a bidder's (a member acting for the company needs the role).
    const mayBid = viewer.companyId === null || (viewer.roles ?? []).includes('bidder');
    const owner = owningCompanies.find((c) => c.id === p.companyId) ?? NO_COMPANY;
    const vs = versions
      .filter((x) => x.v.proposalId === p.id)
      .map((x) => versionOut(x, owner, l))
      .map((x) => (financialSealed ? withoutFinancialPart(x) : x));
    const latestAmendment = amended.find((x) => x.tenderId === t.id)?.at;
    const latestVersion = versions.filter((x) => x.v.proposalId === p.id).at(-1)?.v;
    return {
      id: p.id,
      tender: {
        id: t.id,
        ...titleFor(l, t),
        number: t.number,
        deadline: iso(t.deadline),
        currency: t.currency as Proposal['tender']['currency'],
      },
      // Sealed means the owner learns how many proposals came in, not who sent them.
      bidder: sealed
        ? SEALED_BIDDER
        : {
            id: p.bidderId,
            name: bidders.find((b) => b.id === p.bidderId)?.name ?? '',
            // The company the bid is for (none for a person's own bid), not one the bidder registered.
            ...companyNameFor(l, p.companyId === null ? undefined : owner),
          },
      status: p.status as Proposal['status'],
      paymentStatus: p.paymentStatus as Proposal['paymentStatus'],
      amountDue: p.amountDue,
      canPay: mayBid && payNowRefusal(p, t, mine, now) === null,
      // Bidders are never admins: the rulebook reads the proposal's own bidder.
      canResubmit:
        mine &&
        mayBid &&
        mayTake(
          'resubmitProposal',
          t,
          callerOf({ user: { id: viewer.userId, isAdmin: false }, company: null }, { hasProposal: true }),
          now,
        ),
      currentVersion: p.currentVersion,
      sealed,
      financialSealed,
      current: sealed ? null : (vs.at(-1) ?? null),
      versions: sealed ? null : vs,
      evaluation: mine ? null : (p.evaluation as Proposal['evaluation']),
      outcome: outcomeOf(t, p.id),
      predatesAmendment:
        latestAmendment != null &&
        latestVersion != null &&
        new Date(latestAmendment) > latestVersion.submittedAt,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  });
}

/** What the bidder of `proposalId` learns once the tender ended. */
function outcomeOf(t: typeof tenders.$inferSelect, proposalId: number): Proposal['outcome'] {
  if (t.outcome === 'awarded') return t.awardedProposalId === proposalId ? 'awarded' : 'unsuccessful';
  if (t.outcome === 'no_award' || t.outcome === 'cancelled') return t.outcome;
  return null;
}

/** One proposal as `viewerId` may see it (the caller checked it exists and may be seen). */
export async function proposalOut(db: Db | Tx, id: number, viewer: Side, l: Lang): Promise<Proposal> {
  const [out] = await serializeProposals(db, { id }, viewer, l);
  return out!;
}
