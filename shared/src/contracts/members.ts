import * as v from 'valibot';
import { ConfirmPassword, Email, NewPassword, passwordsMatch, UserLanguage } from './auth.ts';
import { IntLike } from './common.ts';
import { MEMBER_ROLES } from './member-roles.ts';

/** A company's members and the invitations to join it (docs/decisions/0011-organisations.md). */
export const MemberRoles = v.pipe(
  v.array(v.picklist(MEMBER_ROLES, 'A role is admin, buyer, bidder or viewer.'), 'Choose at least one role.'),
  v.minLength(1, 'Choose at least one role.'),
  v.transform((roles) => MEMBER_ROLES.filter((r) => roles.includes(r))),
);

/** A member as the company's members see them; `isYou`: the caller. */
export const Member = v.object({
  userId: v.number(),
  name: v.string(),
  email: v.string(),
  roles: v.array(v.picklist(MEMBER_ROLES)),
  joinedAt: v.string(),
  isYou: v.boolean(),
});
export type Member = v.InferOutput<typeof Member>;

/** What GET /members answers: the members, and the caller's own roles (what the page may offer). */
export const MemberList = v.object({
  members: v.array(Member),
  yourRoles: v.array(v.picklist(MEMBER_ROLES)),
});
export type MemberList = v.InferOutput<typeof MemberList>;

/** A pending invitation (an administrator's view). */
export const PendingInvitation = v.object({
  id: v.number(),
  email: v.string(),
  roles: v.array(v.picklist(MEMBER_ROLES)),
  sentAt: v.string(),
  expiresAt: v.string(),
  isExpired: v.boolean(),
});
export type PendingInvitation = v.InferOutput<typeof PendingInvitation>;

/** POST /members/invitations. `language`: the mail's when the address has no account (the account's otherwise). */
export const InviteMemberBody = v.object({
  email: Email(),
  roles: MemberRoles,
  language: v.optional(UserLanguage),
});
export type InviteMemberBody = v.InferInput<typeof InviteMemberBody>;

/** PUT /members/:id */
export const MemberRolesBody = v.object({ roles: MemberRoles });
export type MemberRolesBody = v.InferInput<typeof MemberRolesBody>;

const InvitationToken = v.pipe(
  v.string('Invalid or missing invitation link.'),
  v.nonEmpty('Invalid or missing invitation link.'),
  v.maxLength(200, 'Invalid or missing invitation link.'),
);

/** POST /members/invitation: what the accept page shows before joining. */
export const InvitationTokenBody = v.object({ token: InvitationToken });
export type InvitationTokenBody = v.InferInput<typeof InvitationTokenBody>;

/** The invitation behind a link: `hasAccount`: the address has an account (sign in to accept). */
export const InvitationPreview = v.object({
  companyName: v.string(),
  email: v.string(),
  roles: v.array(v.picklist(MEMBER_ROLES)),
  hasAccount: v.boolean(),
});
export type InvitationPreview = v.InferOutput<typeof InvitationPreview>;

/**
 * POST /members/join: a signed-in user with the invited address joins; a new person also sends a name and a
 * password (an account is made for the invited address).
 */
export const JoinCompanyBody = v.object({
  token: InvitationToken,
  name: v.optional(
    v.pipe(
      v.string('Name is required.'),
      v.trim(),
      v.nonEmpty('Name is required.'),
      v.maxLength(120, 'Name must be at most 120 characters.'),
    ),
  ),
  password: v.optional(NewPassword),
});
export type JoinCompanyBody = v.InferInput<typeof JoinCompanyBody>;

/** The accept page's form for a new person: a name and a password typed twice (the token comes from the link). */
export const JoinCompanyForm = v.pipe(
  v.object({
    name: v.pipe(
      v.string('Name is required.'),
      v.trim(),
      v.nonEmpty('Name is required.'),
      v.maxLength(120, 'Name must be at most 120 characters.'),
    ),
    newPassword: NewPassword,
    confirmPassword: ConfirmPassword,
  }),
  passwordsMatch(),
);
export type JoinCompanyForm = v.InferInput<typeof JoinCompanyForm>;

/** POST /auth/switch-company */
export const SwitchCompanyBody = v.object({ companyId: IntLike });
export type SwitchCompanyBody = v.InferInput<typeof SwitchCompanyBody>;
