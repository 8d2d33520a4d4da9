import { ownsTender } from '@bawaba/shared/rules';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { tenderInvitations } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import type { Once } from '../../lib/idempotency.ts';
import { belongsTo } from '../../lib/memberships.ts';
import { inTx } from '../../lib/tx.ts';
import {
  callerOf,
  isPublic,
  lockOwnTender,
  ownedTender,
  refuseUnless,
  type TenderBusEvents,
  type TenderRow,
  viewerOf,
} from '../tenders/index.ts';
import { deliverInvitations } from './delivery.ts';
import {
  companyById,
  hasInvitableTender,
  invitableTendersOf,
  invitationsOfTender,
  invitationsReceivedBy,
} from './queries.ts';
import type { InvitationRow } from './serializers.ts';

/**
 * Invitations (docs: api/README.md "Invitations"): a tender's buyer side invites an approved directory company — its
 * members — to one of their tenders while it is a draft, pending, rejected or published, before the
 * deadline. A public tender's invitation is sent at once; one to a tender not public yet is held until an admin
 * approves it (delivery.ts). In a closed tender a sent invitation is an approved interest, so the invitee can bid.
 */

export function invite(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  companyId: number,
  key?: Once<InvitationRow>,
): Promise<InvitationRow> {
  return inTx(
    ctx,
    async (tx, after) => {
      const t = await lockOwnTender(tx, a, tenderId);
      // A draft's state ignores its deadline: the rulebook also refuses a tender nobody can bid on any more.
      refuseUnless('invite', t, callerOf(a));
      const c = await companyById(tx, companyId);
      if (!c) throw new AppError('COMPANY_NOT_FOUND');
      // The tender's own company, or one the caller belongs to (whichever company their session acts for), is not
      // invited to it.
      if (c.id === t.companyId || (await belongsTo(tx, a.user.id, c.id))) {
        throw new AppError('OWN_COMPANY_INVITATION');
      }
      if (c.status !== 'approved') throw new AppError('COMPANY_NOT_APPROVED');
      // Nobody could answer for a company without members.
      const representative = c.representative;
      if (representative === null) throw new AppError('COMPANY_WITHOUT_OWNER');
      const send = isPublic(t);
      // The unique (tender, company) index decides between two racing invitations.
      const [row] = await tx
        .insert(tenderInvitations)
        .values({
          tenderId: t.id,
          companyId: c.id,
          invitedBy: a.user.id,
          inviterCompanyId: a.company?.id ?? null,
          actedByUserId: a.user.id,
          sentAt: send ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        // A held invitation that was not sent when the tender went public (the company was not approved then)
        // is sent now; any other repeat is refused.
        const [held] = send
          ? await tx
              .update(tenderInvitations)
              .set({ sentAt: new Date() })
              .where(
                and(
                  eq(tenderInvitations.tenderId, t.id),
                  eq(tenderInvitations.companyId, c.id),
                  isNull(tenderInvitations.sentAt),
                ),
              )
              .returning()
          : [];
        if (!held) throw new AppError('ALREADY_INVITED');
        await deliverInvitations(ctx, tx, after, t, [
          { representative, companyId: c.id, invitedBy: a.user.id, company: c },
        ]);
        return held;
      }
      if (send)
        await deliverInvitations(ctx, tx, after, t, [
          { representative, companyId: c.id, invitedBy: a.user.id, company: c },
        ]);
      return row;
    },
    key,
  );
}

/** The invitations of the caller's own tender, newest first. */
export async function invitationsTo(ctx: Ctx, a: Auth, tenderId: number): Promise<InvitationRow[]> {
  await ownedTender(ctx, a, tenderId);
  return invitationsOfTender(ctx.database.db, tenderId);
}

/**
 * The invitations sent to the company the caller's session acts for (any member reads them), newest first; held
 * ones are not shown until sent. A person acting as themselves is invited to nothing.
 */
export async function receivedInvitations(ctx: Ctx, a: Auth): Promise<InvitationRow[]> {
  return a.company ? invitationsReceivedBy(ctx.database.db, a.company.id) : [];
}

/** The caller's tenders a company can be invited to (not ended, before the deadline), newest first. */
export function invitableTenders(ctx: Ctx, a: Auth): Promise<TenderRow[]> {
  return invitableTendersOf(ctx.database.db, a);
}

/**
 * What the directory offers the caller: whether they have a tender to invite to, and the company their session acts
 * for (which they can never invite). Admins invite nobody and belong to no company.
 */
export async function inviterStatus(
  ctx: Ctx,
  a: Auth,
): Promise<{ canInvite: boolean; companyId: number | null }> {
  if (a.user.isAdmin) return { canInvite: false, companyId: null };
  return { canInvite: await hasInvitableTender(ctx.database.db, a), companyId: a.company?.id ?? null };
}

/**
 * A member of an invited company opened the tender, acting for it: the company's sent, unopened invitation to it is
 * opened now.
 */
export async function markOpened({ ctx, viewer: a, tender: t }: TenderBusEvents['tenderOpened']) {
  if (ownsTender(t, viewerOf(a)) || a.user.isAdmin || !isPublic(t) || !a.company) return;
  await ctx.database.db
    .update(tenderInvitations)
    .set({ openedAt: new Date() })
    .where(
      and(
        eq(tenderInvitations.tenderId, t.id),
        isNull(tenderInvitations.openedAt),
        isNotNull(tenderInvitations.sentAt),
        eq(tenderInvitations.companyId, a.company.id),
      ),
    );
}
