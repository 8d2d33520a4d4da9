import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, companyInvitations, companyMembers, users } from '../../db/schema.ts';

/**
 * The members domain's reads (a read that locks a row for a change stays beside the change, in service.ts).
 */

export type MemberRow = { userId: number; name: string; email: string; roles: string[]; createdAt: Date };
export type InvitationRow = typeof companyInvitations.$inferSelect;

/** The company's members, oldest first. */
export function membersOf(db: Db | Tx, companyId: number): Promise<MemberRow[]> {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      roles: companyMembers.roles,
      createdAt: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.createdAt), asc(users.id));
}

export async function memberOf(
  db: Db | Tx,
  companyId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const [m] = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      roles: companyMembers.roles,
      createdAt: companyMembers.createdAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return m;
}

/** How many administrators the company has. */
export async function adminCount(db: Db | Tx, companyId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), sql`'admin' = any(${companyMembers.roles})`));
  return r?.n ?? 0;
}

/** The company's invitations not yet accepted nor cancelled (expired ones included), newest first. */
export function pendingInvitationsOf(db: Db | Tx, companyId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
        isNull(companyInvitations.cancelledAt),
      ),
    )
    .orderBy(sql`${companyInvitations.id} desc`);
}

export async function pendingInvitation(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.id, id),
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
        isNull(companyInvitations.cancelledAt),
      ),
    );
  return row;
}

export async function userByEmail(db: Db | Tx, email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email));
  return u;
}

export async function companyNames(db: Db | Tx, id: number) {
  const [c] = await db
    .select({ nameEn: companies.nameEn, nameAr: companies.nameAr })
    .from(companies)
    .where(eq(companies.id, id));
  return c;
}
