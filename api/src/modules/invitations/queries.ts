import { and, desc, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, companyMembers, tenderInvitations, tenders, users } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { textIn } from '../../lib/localize.ts';
import { LIST_SCOPES, type TenderRow } from '../tenders/index.ts';
import type { Inviter } from './notifications.ts';
import type { InvitationRow } from './serializers.ts';

/**
 * The invitations domain's reads (the writes stay in service.ts and delivery.ts, in their transaction; a read that
 * locks a row for a change stays beside the change).
 */

/**
 * The member a company's granted interest names (the invitation records the inviter as the one who acted): the
 * person who registered it while still a member, else its longest-standing member; null without members.
 */
const representative = sql<number | null>`(
  select cm.user_id from ${companyMembers} cm where cm.company_id = ${companies.id}
  order by (cm.user_id is not distinct from ${companies.ownerId}) desc, cm.created_at, cm.user_id limit 1)`;

/** Whether the company has a member (nobody could answer an invitation otherwise). */
const hasMembers = sql<boolean>`exists (select 1 from ${companyMembers} cm where cm.company_id = ${companies.id})`;

/** Not the tender's own company (a personal tender has none). */
const notTheTendersCompany = (t: TenderRow) =>
  t.companyId === null ? undefined : ne(tenderInvitations.companyId, t.companyId);

/** The company, with the member its granted interest names (null: it has no members). */
export async function companyById(db: Db | Tx, id: number) {
  const [c] = await db
    .select({ company: companies, representative })
    .from(companies)
    .where(eq(companies.id, id));
  return c && { ...c.company, representative: c.representative };
}

/** The invitations of a tender, newest first. */
export function invitationsOfTender(db: Db | Tx, tenderId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(tenderInvitations)
    .where(eq(tenderInvitations.tenderId, tenderId))
    .orderBy(desc(tenderInvitations.id));
}

/** The invitations sent to the company, newest first (held ones are not shown until sent). */
export function invitationsReceivedBy(db: Db | Tx, companyId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(tenderInvitations)
    .where(and(eq(tenderInvitations.companyId, companyId), isNotNull(tenderInvitations.sentAt)))
    .orderBy(desc(tenderInvitations.sentAt), desc(tenderInvitations.id));
}

/** The caller's side's tenders (LIST_SCOPES.mine) a company can be invited to: not ended, before the deadline. */
const invitableBy = (a: Auth) =>
  and(
    LIST_SCOPES.mine(a),
    isNull(tenders.outcome),
    or(isNull(tenders.deadline), gt(tenders.deadline, new Date())),
  );

/** The user's tenders a company can be invited to, newest first. */
export function invitableTendersOf(db: Db | Tx, a: Auth): Promise<TenderRow[]> {
  return db.select().from(tenders).where(invitableBy(a)).orderBy(desc(tenders.createdAt), desc(tenders.id));
}

export async function hasInvitableTender(db: Db | Tx, a: Auth): Promise<boolean> {
  const [open] = await db.select({ id: tenders.id }).from(tenders).where(invitableBy(a)).limit(1);
  return open !== undefined;
}

/**
 * "Name (Company)" of the tender's creator and the tender's company (just the name for a personal tender) in each
 * language, as the invitation names them.
 */
export async function inviterName(tx: Tx, t: TenderRow): Promise<Inviter> {
  const [u] = await tx
    .select({ name: users.name, companyEn: companies.nameEn, companyAr: companies.nameAr })
    .from(users)
    .leftJoin(companies, t.companyId === null ? sql`false` : eq(companies.id, t.companyId))
    .where(eq(users.id, t.ownerId));
  if (!u) return { en: '', ar: '' };
  const named = (l: Lang) => {
    const company = textIn(l, u.companyEn, u.companyAr);
    return company ? `${u.name} (${company})` : u.name;
  };
  return { en: named('en'), ar: named('ar') };
}

/** The tender's invitations not sent yet, to companies that can be invited now (approved, with members). */
export function heldInvitations(tx: Tx, t: TenderRow) {
  return tx
    .select({
      id: tenderInvitations.id,
      representative,
      companyId: tenderInvitations.companyId,
      invitedBy: tenderInvitations.invitedBy,
      nameEn: companies.nameEn,
      nameAr: companies.nameAr,
    })
    .from(tenderInvitations)
    .innerJoin(companies, eq(companies.id, tenderInvitations.companyId))
    .where(
      and(
        eq(tenderInvitations.tenderId, t.id),
        isNull(tenderInvitations.sentAt),
        // Checked again now: a company that lost its approval (or its members) meanwhile is not invited; its
        // invitation stays held, and inviting it again once it is approved sends it (service.ts).
        eq(companies.status, 'approved'),
        hasMembers,
        notTheTendersCompany(t),
      ),
    );
}

/** The companies a sent invitation of the tender went to (never the tender's own), with members. */
export async function sentInvitees(
  tx: Tx,
  t: TenderRow,
): Promise<{ representative: number; companyId: number; invitedBy: number }[]> {
  const rows = await tx
    .select({
      representative,
      companyId: tenderInvitations.companyId,
      invitedBy: tenderInvitations.invitedBy,
    })
    .from(tenderInvitations)
    .innerJoin(companies, eq(companies.id, tenderInvitations.companyId))
    .where(
      and(
        eq(tenderInvitations.tenderId, t.id),
        isNotNull(tenderInvitations.sentAt),
        hasMembers,
        notTheTendersCompany(t),
      ),
    );
  return rows.map((r) => ({ ...r, representative: r.representative! }));
}
