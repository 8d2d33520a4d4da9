import { MEMBER_ROLES, type Member, type MemberRole, type PendingInvitation } from '@bawaba/shared/contracts';
import type { InvitationRow, MemberRow } from './queries.ts';

/** Rows → the contract's member answers (shared/src/contracts/members.ts). */

export const rolesOf = (stored: readonly string[]): MemberRole[] =>
  MEMBER_ROLES.filter((r) => stored.includes(r));

export const memberOut = (m: MemberRow, callerId: number): Member => ({
  userId: m.userId,
  name: m.name,
  email: m.email,
  roles: rolesOf(m.roles),
  joinedAt: m.createdAt.toISOString(),
  isYou: m.userId === callerId,
});

export const invitationOut = (i: InvitationRow, now = Date.now()): PendingInvitation => ({
  id: i.id,
  email: i.email,
  roles: rolesOf(i.roles),
  sentAt: i.sentAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
  isExpired: i.expiresAt.getTime() <= now,
});
