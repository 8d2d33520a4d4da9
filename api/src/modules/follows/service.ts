import type { FollowBody, FollowedTendersQuery } from '@bawaba/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { follows } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Auth, actingFor } from '../../lib/auth.ts';
import { inTx } from '../../lib/tx.ts';
import type { TenderRow } from '../tenders/index.ts';
import {
  categoryExists,
  followedTenders as followedTendersOf,
  followRows,
  serviceExists,
  unfollowedOwnServices,
} from './queries.ts';
import type { FollowRow } from './serializers.ts';

/**
 * Follows: a signed-in user follows services or whole categories; once a tender in one of them is approved they
 * are told (alerts.ts), and their home page lists the newest such tenders. A
 * company's own services are suggested until followed (directly or through their category).
 */

/** What the caller follows, and the services of their approved companies that no follow covers yet. */
export async function myFollows(ctx: Ctx, a: Auth) {
  const db = ctx.database.db;
  const [rows, suggestions] = await Promise.all([
    followRows(db, a.user.id),
    unfollowedOwnServices(db, a.user.id),
  ]);
  return { rows, suggestions };
}

/**
 * Follows a service or a category (it must exist). A second follow of the same one is refused, also when two
 * requests race: the insert does nothing on the partial unique index and nothing comes back.
 */
export function follow(ctx: Ctx, a: Auth, b: v.InferOutput<typeof FollowBody>): Promise<FollowRow> {
  return inTx(ctx, async (tx) => {
    if (b.service !== undefined) {
      if (!(await serviceExists(tx, b.service))) throw new AppError('UNKNOWN_SERVICE');
    } else if (b.category !== undefined) {
      if (!(await categoryExists(tx, b.category))) throw new AppError('UNKNOWN_CATEGORY');
    }
    const target =
      b.service !== undefined
        ? { target: [follows.userId, follows.serviceId], where: sql`service_id is not null` }
        : { target: [follows.userId, follows.categoryId], where: sql`category_id is not null` };
    const [row] = await tx
      .insert(follows)
      .values({
        ...actingFor(a),
        userId: a.user.id,
        serviceId: b.service ?? null,
        categoryId: b.category ?? null,
      })
      .onConflictDoNothing(target)
      .returning({ id: follows.id });
    if (!row) throw new AppError('ALREADY_FOLLOWING');
    const [created] = await followRows(tx, a.user.id, row.id);
    return created!;
  });
}

/** Ends one of the caller's follows; someone else's is not found, exactly like a missing one. */
export async function unfollow(ctx: Ctx, a: Auth, id: number): Promise<void> {
  const [gone] = await ctx.database.db
    .delete(follows)
    .where(and(eq(follows.id, id), eq(follows.userId, a.user.id)))
    .returning({ id: follows.id });
  if (!gone) throw new AppError('FOLLOW_NOT_FOUND');
}

/**
 * The newest public tenders (approved, published, before the deadline, not ended) asking for a service the
 * caller follows, directly or through its category; never the caller's own.
 */
export function followedTenders(
  ctx: Ctx,
  a: Auth,
  q: v.InferOutput<typeof FollowedTendersQuery>,
): Promise<TenderRow[]> {
  return followedTendersOf(ctx.database.db, a.user.id, q.limit);
}
