import * as v from 'valibot';

/**
 * A company's members, their roles and the invitations to join it (docs/decisions/0011-organisations.md).
 * Roles combine: `admin` runs the company's profile and members, `buyer` its tenders, `bidder` its proposals,
 * `viewer` reads them.
 */
export const MEMBER_ROLES = ['admin', 'buyer', 'bidder', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A company the user belongs to, with their roles in it (the header's company switcher). */
export const MemberCompany = v.object({
  id: v.number(),
  name: v.string(),
  roles: v.array(v.picklist(MEMBER_ROLES)),
});
export type MemberCompany = v.InferOutput<typeof MemberCompany>;
