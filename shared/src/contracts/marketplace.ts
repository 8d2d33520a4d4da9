import * as v from 'valibot';
import { CategoryRef, ServiceRef } from './catalog.ts';
import { IntLike } from './common.ts';
import { InterestStatus } from './tenders.ts';
import { textReference } from './texts.ts';

/**
 * What joins the directory and the tender market: invitations (a tender owner invites a directory company to one
 * of their tenders) and follows (a user follows services or whole categories and hears of new tenders in them).
 */

/** POST /tenders/:id/invitations: invite a directory company (its owner) to the caller's tender. */
export const InvitationBody = v.object({
  company: v.pipe(v.number('Company is required.'), v.integer('Company is required.')),
});
export type InvitationBody = v.InferInput<typeof InvitationBody>;

/**
 * One invitation, as its tender's owner tracks it. `sentAt` is null while the tender is not public yet (an
 * invitation to a draft reaches the company when the tender is approved); `openedAt` is the first time the
 * company's owner opened the tender after that; `interest` the state of their interest (closed tenders: an
 * invitation is an approved interest); `bid` whether they submitted a proposal.
 */
export const Invitation = v.object({
  id: v.number(),
  tender: v.object({ id: v.number(), number: v.string(), ...textReference('title') }),
  company: v.object({ id: v.number(), ...textReference('name') }),
  invitedAt: v.string(),
  sentAt: v.nullable(v.string()),
  openedAt: v.nullable(v.string()),
  interest: v.nullable(InterestStatus),
  bid: v.boolean(),
});
export type Invitation = v.InferOutput<typeof Invitation>;

/** GET /invitations/tenders: the caller's tenders they can invite a company to (drafts and published, before the deadline). */
export const InvitableTender = v.object({
  id: v.number(),
  number: v.string(),
  ...textReference('title'),
  deadline: v.nullable(v.string()),
  /** Companies already invited to it (so a picker can say "already invited"). */
  invitedCompanyIds: v.array(v.number()),
});
export type InvitableTender = v.InferOutput<typeof InvitableTender>;

/**
 * GET /invitations/inviter: what the directory offers the caller. `canInvite`: they have a tender a company can be
 * invited to now (not ended, before its deadline), so the "Invite to tender" selection leads somewhere; `companyId`:
 * their own company (never invitable by them), or null. An admin gets false and null.
 */
export const InviterStatus = v.object({
  canInvite: v.boolean(),
  companyId: v.nullable(v.number()),
});
export type InviterStatus = v.InferOutput<typeof InviterStatus>;

/** POST /follows: exactly one of `service` and `category`. */
export const FollowBody = v.pipe(
  v.object({
    service: v.optional(
      v.pipe(v.number('Service must be a number.'), v.integer('Service must be a number.')),
    ),
    category: v.optional(
      v.pipe(v.number('Category must be a number.'), v.integer('Category must be a number.')),
    ),
  }),
  v.check(
    (x) => (x.service === undefined) !== (x.category === undefined),
    'Choose one service or one category to follow.',
  ),
);
export type FollowBody = v.InferInput<typeof FollowBody>;

/** A followed service or category (one of the two is set). */
export const Follow = v.object({
  id: v.number(),
  service: v.nullable(ServiceRef),
  category: v.nullable(CategoryRef),
  createdAt: v.string(),
});
export type Follow = v.InferOutput<typeof Follow>;

/** GET /follows: what the caller follows, and the services of their own companies they do not follow yet. */
export const Follows = v.object({
  follows: v.array(Follow),
  suggestions: v.array(ServiceRef),
});
export type Follows = v.InferOutput<typeof Follows>;

export const FollowParams = v.object({ id: IntLike });

/** GET /tenders/followed: how many of the newest tenders in the caller's followed services (6 by default). */
export const FollowedTendersQuery = v.object({
  limit: v.optional(v.pipe(IntLike, v.maxValue(20, 'At most 20 tenders.')), 6),
});

/**
 * Why something is rejected, shown to the person rejected: POST /tenders/:id/interests/:interestId/reject,
 * POST /requests/:id/reject, POST /admin/companies/:id/reject and POST /admin/tenders/:id/reject.
 */
export const RejectionBody = v.object({
  reason: v.pipe(
    v.string('Reason is required.'),
    v.trim(),
    v.nonEmpty('Reason is required.'),
    v.maxLength(500, 'At most 500 characters.'),
  ),
});
export type RejectionBody = v.InferInput<typeof RejectionBody>;
