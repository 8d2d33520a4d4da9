import type { AdminUserListQuery } from '@bawaba/shared/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { inTx } from '../../lib/tx.ts';
import { type AdminActor, recordAdminAction } from '../audit/index.ts';
import { mailVerificationAgain } from '../auth/index.ts';
import { lockUser, type UserRow, userById, userPage } from './queries.ts';

/**
 * Platform admins manage people (docs/product-decisions.md "Operating the site"): a suspension needs a reason,
 * ends every session of the person at once (open pages lose access: their live stream ends and the next call is
 * refused) and refuses every new one until an admin restores the account; an admin suspends neither themselves nor
 * another platform admin. Each action is written to the admin audit log with its reason, in its transaction.
 */

export function listUsers(ctx: Ctx, q: v.InferOutput<typeof AdminUserListQuery>) {
  return userPage(ctx.database.db, q);
}

export async function findUser(ctx: Ctx, id: number): Promise<UserRow> {
  const u = await userById(ctx.database.db, id);
  if (!u) throw new AppError('USER_NOT_FOUND');
  return u;
}

async function locked(tx: Tx, id: number): Promise<UserRow> {
  const u = await lockUser(tx, id);
  if (!u) throw new AppError('USER_NOT_FOUND');
  return u;
}

const target = (u: UserRow) => ({ type: 'user' as const, id: u.id, label: `${u.name} <${u.email}>` });

export function suspendUser(ctx: Ctx, admin: AdminActor, id: number, reason: string): Promise<UserRow> {
  return inTx(ctx, async (tx) => {
    const u = await locked(tx, id);
    if (u.id === admin.user.id) throw new AppError('CANNOT_SUSPEND_SELF');
    if (u.isAdmin) throw new AppError('CANNOT_SUSPEND_ADMIN');
    if (u.suspendedAt) throw new AppError('ALREADY_SUSPENDED');
    const now = new Date();
    const [suspended] = await tx
      .update(users)
      .set({ suspendedAt: now, suspensionReason: reason })
      .where(eq(users.id, id))
      .returning();
    // Every session ends now: the database announces it, each instance drops its cached sessions and ends their
    // live streams.
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await recordAdminAction(tx, admin, {
      action: 'user.suspend',
      target: target(u),
      reason,
      details: { sessionsEnded: ended.length },
    });
    return suspended!;
  });
}

export function restoreUser(
  ctx: Ctx,
  admin: AdminActor,
  id: number,
  reason: string | undefined,
): Promise<UserRow> {
  return inTx(ctx, async (tx) => {
    const u = await locked(tx, id);
    if (!u.suspendedAt) throw new AppError('NOT_SUSPENDED');
    const [restored] = await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null })
      .where(eq(users.id, id))
      .returning();
    await recordAdminAction(tx, admin, { action: 'user.restore', target: target(u), reason: reason ?? null });
    return restored!;
  });
}

/** A new link to set a first password, mailed once the transaction committed. */
export function resendVerification(ctx: Ctx, admin: AdminActor, id: number): Promise<void> {
  return inTx(ctx, async (tx, after) => {
    const u = await locked(tx, id);
    if (u.verified) throw new AppError('ALREADY_VERIFIED');
    if (u.suspendedAt) throw new AppError('SUSPENDED_NO_MAIL');
    after(await mailVerificationAgain(ctx, tx, u));
    await recordAdminAction(tx, admin, { action: 'user.resend-verification', target: target(u) });
  });
}
