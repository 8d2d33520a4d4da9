import type { InvitableTender, Invitation } from '@bawaba/shared/contracts';
import { and, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { companies, interests, proposals, tenderInvitations, tenders } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { iso, nameFor, titleFor } from '../../lib/localize.ts';
import type { TenderRow } from '../tenders/index.ts';

export type InvitationRow = typeof tenderInvitations.$inferSelect;
type Db = Ctx['database']['db'] | Tx;

const unique = <T>(xs: T[]) => [...new Set(xs)];

/**
 * Invitations as the contract's `Invitation`: the tender, the company, and what the company did with it (its
 * interest's status in the tender, whether it submitted a proposal: any member's, as the company's records).
 */
export async function serializeInvitations(db: Db, rows: InvitationRow[], l: Lang): Promise<Invitation[]> {
  if (rows.length === 0) return [];
  const tenderIds = unique(rows.map((r) => r.tenderId));
  const companyIds = unique(rows.map((r) => r.companyId));
  const [ts, cs, is, ps] = await Promise.all([
    db
      .select({ id: tenders.id, number: tenders.number, titleEn: tenders.titleEn, titleAr: tenders.titleAr })
      .from(tenders)
      .where(inArray(tenders.id, tenderIds)),
    db
      .select({ id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr })
      .from(companies)
      .where(inArray(companies.id, companyIds)),
    db
      .select({ tenderId: interests.tenderId, companyId: interests.companyId, status: interests.status })
      .from(interests)
      .where(and(inArray(interests.tenderId, tenderIds), inArray(interests.companyId, companyIds))),
    db
      .select({ tenderId: proposals.tenderId, companyId: proposals.companyId })
      .from(proposals)
      .where(and(inArray(proposals.tenderId, tenderIds), inArray(proposals.companyId, companyIds))),
  ]);
  return rows.map((r) => {
    const c = cs.find((x) => x.id === r.companyId);
    const ofInvitation = (x: { tenderId: number; companyId: number | null }) =>
      x.tenderId === r.tenderId && x.companyId === r.companyId;
    const interest = is.find(ofInvitation);
    const t = ts.find((x) => x.id === r.tenderId);
    return {
      id: r.id,
      tender: {
        id: r.tenderId,
        number: t?.number ?? '',
        ...titleFor(l, t ?? { titleEn: null, titleAr: null }),
      },
      company: { id: r.companyId, ...nameFor(l, c ?? { nameEn: null, nameAr: null }) },
      invitedAt: r.createdAt.toISOString(),
      sentAt: iso(r.sentAt),
      openedAt: iso(r.openedAt),
      interest: (interest?.status ?? null) as Invitation['interest'],
      bid: ps.some(ofInvitation),
    };
  });
}

/** The caller's invitable tenders with the companies already invited to each. */
export async function serializeInvitableTenders(
  db: Db,
  rows: TenderRow[],
  l: Lang,
): Promise<InvitableTender[]> {
  if (rows.length === 0) return [];
  const invited = await db
    .select({ tenderId: tenderInvitations.tenderId, companyId: tenderInvitations.companyId })
    .from(tenderInvitations)
    .where(
      inArray(
        tenderInvitations.tenderId,
        rows.map((t) => t.id),
      ),
    );
  return rows.map((t) => ({
    id: t.id,
    number: t.number,
    ...titleFor(l, t),
    deadline: iso(t.deadline),
    invitedCompanyIds: invited.filter((i) => i.tenderId === t.id).map((i) => i.companyId),
  }));
}
