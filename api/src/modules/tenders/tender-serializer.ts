import type { Tender } from '@bawaba/shared/contracts';
import { clarificationCutoff, inLanguage, ownsTender, tenderPermissions } from '@bawaba/shared/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, files, interests, proposals, services, users } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { iso, named, nameFor } from '../../lib/localize.ts';
import { sideRecords } from '../../lib/sides.ts';
import { fileOut } from '../files/index.ts';
import { tenderState } from './lifecycle.ts';
import { isPast, type TenderRow } from './rows.ts';

/**
 * Who a tender is serialized for (null: a visitor): its `is*` flags and its `can` are theirs; `companyId` is the
 * company their session acts for (null or absent: themselves), `roles` theirs in it.
 */
export type Viewer = { id: number; isAdmin: boolean; companyId?: number | null; roles?: readonly string[] };

/** The viewer of a signed-in caller (null: a visitor). */
export const viewerOf = (
  a: {
    user: { id: number; isAdmin: boolean };
    company: { id: number; roles: readonly string[] } | null;
  } | null,
): Viewer | null =>
  a
    ? {
        id: a.user.id,
        isAdmin: a.user.isAdmin,
        companyId: a.company?.id ?? null,
        roles: a.company?.roles ?? [],
      }
    : null;

export async function serializeTenders(
  db: Db | Tx,
  rows: TenderRow[],
  l: Lang,
  viewer: Viewer | null,
  apiUrl: (p: string) => string,
): Promise<Tender[]> {
  if (rows.length === 0) return [];
  const userId = viewer?.id ?? null;
  const side = viewer ? { userId: viewer.id, companyId: viewer.companyId ?? null } : null;
  const ids = rows.map((r) => r.id);
  const svcIds = [...new Set(rows.flatMap((r) => r.serviceIds))];
  const docIds = [...new Set(rows.flatMap((r) => r.documentIds))];
  const ownerIds = [...new Set(rows.map((r) => r.ownerId))];
  const awardedIds = rows.flatMap((r) => (r.awardedProposalId ? [r.awardedProposalId] : []));
  const [svcs, docs, owners, myProps, myInts, winners] = await Promise.all([
    svcIds.length ? db.select().from(services).where(inArray(services.id, svcIds)) : Promise.resolve([]),
    docIds.length ? db.select().from(files).where(inArray(files.id, docIds)) : Promise.resolve([]),
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ownerIds)),
    userId
      ? db
          .select({ tenderId: proposals.tenderId })
          .from(proposals)
          .where(
            and(
              sideRecords(side!, proposals.companyId, proposals.bidderId),
              inArray(proposals.tenderId, ids),
            ),
          )
      : Promise.resolve([]),
    userId
      ? db
          .select({ tenderId: interests.tenderId, status: interests.status })
          .from(interests)
          .where(
            and(sideRecords(side!, interests.companyId, interests.userId), inArray(interests.tenderId, ids)),
          )
      : Promise.resolve([]),
    awardedIds.length ? winnersOf(db, awardedIds, l) : Promise.resolve([]),
  ]);
  const now = Date.now();
  return rows.map((t) => {
    const int = myInts.find((i) => i.tenderId === t.id);
    const hasProposal = myProps.some((p) => p.tenderId === t.id);
    const title = inLanguage(l, t.titleEn, t.titleAr);
    const description = inLanguage(l, t.descriptionEn, t.descriptionAr);
    return {
      id: t.id,
      number: t.number,
      title: title.text,
      titleLang: title.lang,
      titleEn: t.titleEn,
      titleAr: t.titleAr,
      description: description.text,
      descriptionLang: description.lang,
      descriptionEn: t.descriptionEn,
      descriptionAr: t.descriptionAr,
      status: t.status as 'open' | 'closed',
      approvalStatus: {
        status: t.approvalStatus as 'draft' | 'pending' | 'approved' | 'rejected',
        // Shown while rejected (only its owner and the admins see a rejected tender).
        reason: t.approvalStatus === 'rejected' ? t.rejectionReason : null,
      },
      isPublished: t.isPublished,
      start_date: iso(t.startDate),
      end_date: iso(t.endDate),
      publish_date: iso(t.publishDate),
      deadline: iso(t.deadline),
      createdAt: t.createdAt.toISOString(),
      user: owners.find((u) => u.id === t.ownerId) ?? { id: t.ownerId, name: '' },
      ownerId: t.ownerId,
      services: t.serviceIds
        .map((id) => svcs.find((s) => s.id === id))
        .filter((s) => s !== undefined)
        .map((s) => ({ id: s.id, slug: s.slug, ...named(l, s) })),
      bond: t.bond,
      participationFee: t.participationFee,
      budget: t.budget,
      currency: t.currency as 'QAR' | 'USD' | 'EUR',
      documents: t.documentIds
        .map((id) => docs.find((d) => d.id === id))
        .filter((d) => d !== undefined)
        .map((d) => fileOut(apiUrl, d)),
      isPastDeadline: isPast(t, now),
      isOwner: ownsTender(t, viewer),
      isProposalSubmitted: hasProposal,
      isInterestSubmitted: int !== undefined,
      isInterestApproved: int?.status === 'approved',
      state: tenderState(t, now),
      clarificationCutoff: iso(clarificationCutoff(t.deadline, t.clarificationCutoff)),
      amendmentCount: t.amendmentCount,
      outcome:
        t.outcome && t.outcomeAt
          ? {
              status: t.outcome as 'awarded' | 'no_award' | 'cancelled',
              at: t.outcomeAt.toISOString(),
              // The award note is between the owner and the winner; a cancellation's reason is public.
              note: t.outcome !== 'awarded' || ownsTender(t, viewer) ? t.outcomeNote : null,
              winner: winnerOf(t, winners),
            }
          : null,
      // The same rules the routes apply when an action is attempted (shared/src/rules/tender-rules.ts).
      ...tenderPermissions(t, { viewer, interest: int?.status ?? null, hasProposal }, now),
    };
  });
}

const winnerOf = (t: TenderRow, winners: Awaited<ReturnType<typeof winnersOf>>) => {
  const w = t.outcome === 'awarded' ? winners.find((x) => x.proposalId === t.awardedProposalId) : undefined;
  return w ? { name: w.name, nameLang: w.nameLang } : null;
};

/** The public name of each awarded proposal's bidder: their company's name, or their own without a company. */
async function winnersOf(db: Db | Tx, proposalIds: number[], l: Lang) {
  const rows = await db
    .select({
      proposalId: proposals.id,
      name: users.name,
      nameEn: companies.nameEn,
      nameAr: companies.nameAr,
    })
    .from(proposals)
    .innerJoin(users, eq(users.id, proposals.bidderId))
    .leftJoin(companies, eq(companies.ownerId, proposals.bidderId))
    .where(inArray(proposals.id, proposalIds));
  return rows.map((r) => {
    const company = r.nameEn !== null || r.nameAr !== null ? nameFor(l, r) : null;
    return company
      ? { proposalId: r.proposalId, name: company.name, nameLang: company.nameLang }
      : { proposalId: r.proposalId, name: r.name, nameLang: null };
  });
}
