import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, tenderInvitations, tenders, users } from '../../db/schema.ts';
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

/** The companies the user owns (one at most), as a subquery. */
export const ownedCompanies = (db: Db | Tx, userId: number) =>
  db.select({ id: companies.id }).from(companies).where(eq(companies.ownerId, userId));

export async function ownCompanyId(db: Db | Tx, userId: number): Promise<number | null> {
  const [own] = await ownedCompanies(db, userId).limit(1);
  return own?.id ?? null;
}

export async function companyById(db: Db | Tx, id: number) {
  const [c] = await db.select().from(companies).where(eq(companies.id, id));
  return c;
}

/** The invitations of a tender, newest first. */
export function invitationsOfTender(db: Db | Tx, tenderId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(tenderInvitations)
    .where(eq(tenderInvitations.tenderId, tenderId))
    .orderBy(desc(tenderInvitations.id));
}

/** The invitations sent to the user's company, newest first (held ones are not shown until sent). */
export function invitationsReceivedBy(db: Db | Tx, userId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(tenderInvitations)
    .where(
      and(
        inArray(tenderInvitations.companyId, ownedCompanies(db, userId)),
        isNotNull(tenderInvitations.sentAt),
      ),
    )
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

/** "Name (Company)" of the tender's owner in each language, as the invitation names them. */
export async function inviterName(tx: Tx, userId: number): Promise<Inviter> {
  const [u] = await tx
    .select({ name: users.name, companyEn: companies.nameEn, companyAr: companies.nameAr })
    .from(users)
    .leftJoin(companies, eq(companies.ownerId, users.id))
    .where(eq(users.id, userId));
  if (!u) return { en: '', ar: '' };
  const named = (l: Lang) => {
    const company = textIn(l, u.companyEn, u.companyAr);
    return company ? `${u.name} (${company})` : u.name;
  };
  return { en: named('en'), ar: named('ar') };
}

/** The tender's invitations not sent yet, to companies that can be invited now (approved, with an owner). */
export function heldInvitations(tx: Tx, t: TenderRow) {
  return tx
    .select({
      id: tenderInvitations.id,
      ownerId: companies.ownerId,
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
        // Checked again now: a company that lost its approval (or its owner) meanwhile is not invited; its
        // invitation stays held, and inviting it again once it is approved sends it (service.ts).
        eq(companies.status, 'approved'),
        isNotNull(companies.ownerId),
        ne(companies.ownerId, t.ownerId),
      ),
    );
}

/** The owners of the companies a sent invitation of the tender went to (never the tender's owner). */
export async function sentInvitees(
  tx: Tx,
  t: TenderRow,
): Promise<{ ownerId: number; companyId: number; invitedBy: number }[]> {
  const rows = await tx
    .select({
      ownerId: companies.ownerId,
      companyId: tenderInvitations.companyId,
      invitedBy: tenderInvitations.invitedBy,
    })
    .from(tenderInvitations)
    .innerJoin(companies, eq(companies.id, tenderInvitations.companyId))
    .where(
      and(
        eq(tenderInvitations.tenderId, t.id),
        isNotNull(tenderInvitations.sentAt),
        isNotNull(companies.ownerId),
        ne(companies.ownerId, t.ownerId),
      ),
    );
  return rows.map((r) => ({ ...r, ownerId: r.ownerId! }));
}
