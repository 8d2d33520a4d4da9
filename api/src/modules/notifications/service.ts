import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { notifications } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { notificationById } from './queries.ts';
import type { Row } from './serializers.ts';

/**
 * Marking notifications read: only the recipient's own (someone else's notification answers like a missing one).
 * Notifications are written by the domains that tell (lib/tx.ts `notify`); their reads are in queries.ts.
 */

export async function markAllRead(ctx: Ctx, userId: number): Promise<void> {
  await ctx.database.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
}

/** Marks the user's notification read and answers it as it is now. */
export async function markRead(ctx: Ctx, userId: number, id: number): Promise<Row> {
  const db = ctx.database.db;
  const [u] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!u) throw new AppError('NOTIFICATION_NOT_FOUND');
  const row = await notificationById(db, id);
  if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
  return row;
}
