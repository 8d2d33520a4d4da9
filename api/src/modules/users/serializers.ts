import {
  type AdminUserDetail,
  type AdminUserSummary,
  type CompanyStatus,
  MEMBER_ROLES,
  type MemberRole,
} from '@bawaba/shared/contracts';
import type { Db, Tx } from '../../db/client.ts';
import type { Lang } from '../../errors.ts';
import { nameFor } from '../../lib/localize.ts';
import type { AdminActor } from '../audit/index.ts';
import { lastSessionsOf, membershipsOf, type UserRow } from './queries.ts';

const isRole = (r: string): r is MemberRole => (MEMBER_ROLES as readonly string[]).includes(r);

/** The people as the admins' list shows them: their companies and roles, and their last sign-in (two queries). */
export async function usersOut(db: Db | Tx, rows: UserRow[], lang: Lang): Promise<AdminUserSummary[]> {
  const ids = rows.map((u) => u.id);
  const [memberships, last] = await Promise.all([membershipsOf(db, ids), lastSessionsOf(db, ids)]);
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    isAdmin: u.isAdmin,
    verified: u.verified,
    suspended: u.suspendedAt !== null,
    createdAt: u.createdAt.toISOString(),
    lastSignInAt: last.get(u.id)?.toISOString() ?? null,
    companies: memberships
      .filter((m) => m.userId === u.id)
      .map((m) => ({
        id: m.id,
        ...nameFor(lang, m),
        status: m.status as CompanyStatus,
        roles: m.roles.filter(isRole),
      })),
  }));
}

/**
 * What the calling admin may do to this person, by the rules of service.ts: suspend someone else who is no
 * platform admin and not suspended; restore a suspended person; mail the verification again to an unverified,
 * unsuspended person.
 */
const adminMay = (admin: AdminActor, u: UserRow): AdminUserDetail['can'] => ({
  suspend: u.id !== admin.user.id && !u.isAdmin && u.suspendedAt === null,
  restore: u.suspendedAt !== null,
  resendVerification: !u.verified && u.suspendedAt === null,
});

/** One person with their suspension and what the caller may do to them. */
export async function userOut(
  db: Db | Tx,
  admin: AdminActor,
  u: UserRow,
  lang: Lang,
): Promise<AdminUserDetail> {
  const [summary] = await usersOut(db, [u], lang);
  return {
    ...summary!,
    suspension: u.suspendedAt ? { at: u.suspendedAt.toISOString(), reason: u.suspensionReason ?? '' } : null,
    can: adminMay(admin, u),
  };
}
