import * as v from 'valibot';
import { IntLike } from './common.ts';
import { MEMBER_ROLES } from './member-roles.ts';
import { TextLang } from './texts.ts';

/**
 * Platform admins' view of the people with an account: searched, one person's companies and roles, suspended and
 * restored with a reason, sent the verification mail again. What an admin may do to a person is the server's
 * answer (`can`), so the page offers only what the API would accept.
 */

const Reason = v.pipe(
  v.string('Reason is required.'),
  v.trim(),
  v.nonEmpty('Reason is required.'),
  v.maxLength(500, 'At most 500 characters.'),
);

/** GET /admin/users: each word of `q` in the name, the email or a company's name (either language). */
export const AdminUserListQuery = v.object({
  q: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text must be at most 100 characters.')),
  ),
  page: v.optional(IntLike, 1),
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 20),
});
export type AdminUserListQuery = v.InferInput<typeof AdminUserListQuery>;

/** A company the person belongs to, with their roles in it. `name`: the caller's language version, else the other. */
const AdminUserCompany = v.object({
  id: v.number(),
  name: v.string(),
  nameLang: TextLang,
  status: v.picklist(['pending', 'approved', 'rejected']),
  roles: v.array(v.picklist(MEMBER_ROLES)),
});

/** A person as the admins' list shows them. */
export const AdminUserSummary = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  isAdmin: v.boolean(),
  verified: v.boolean(),
  suspended: v.boolean(),
  createdAt: v.string(),
  /** When their newest session started (null: never signed in). */
  lastSignInAt: v.nullable(v.string()),
  companies: v.array(AdminUserCompany),
});
export type AdminUserSummary = v.InferOutput<typeof AdminUserSummary>;

/** One person, with their suspension and what the calling admin may do to them. */
export const AdminUserDetail = v.object({
  ...AdminUserSummary.entries,
  suspension: v.nullable(v.object({ at: v.string(), reason: v.string() })),
  can: v.object({ suspend: v.boolean(), restore: v.boolean(), resendVerification: v.boolean() }),
});
export type AdminUserDetail = v.InferOutput<typeof AdminUserDetail>;

/** POST /admin/users/:id/suspend: why (kept in the audit log and shown on the person's detail). */
export const SuspendUserBody = v.object({ reason: Reason });
export type SuspendUserBody = v.InferInput<typeof SuspendUserBody>;

/** POST /admin/users/:id/restore: why, when the admin says (optional: restoring undoes a suspension). */
export const RestoreUserBody = v.object({
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'At most 500 characters.'))),
});
export type RestoreUserBody = v.InferInput<typeof RestoreUserBody>;
