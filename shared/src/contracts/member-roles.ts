import * as v from 'valibot';

/**
 * A company's members, their roles and the invitations to join it (docs/decisions/0011-organisations.md).
 * Roles combine: `admin` runs the company's profile and members, `buyer` its tenders, `bidder` its proposals,
 * `viewer` reads them, `approver` approves the award, no-award or cancellation another member asked for (four eyes,
 * docs/decisions/0013-decision-stage.md).
 */
export const MEMBER_ROLES = ['admin', 'buyer', 'bidder', 'viewer', 'approver'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
/**
 * The roles of the person who registers a company: every role but `approver`, which an administrator grants on
 * purpose (it turns four eyes on for the company's tenders).
 */
export const FOUNDER_ROLES: readonly MemberRole[] = ['admin', 'buyer', 'bidder', 'viewer'];

/** A company the user belongs to, with their roles in it (the header's company switcher). */
export const MemberCompany = v.object({
  id: v.number(),
  name: v.string(),
  roles: v.array(v.picklist(MEMBER_ROLES)),
});
export type MemberCompany = v.InferOutput<typeof MemberCompany>;
