import type { FollowBody, FollowedTendersQuery } from '@bawaba/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { follows } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Auth, actingFor } from '../../lib/auth.ts';
import { sideOf } from '../../lib/sides.ts';
import { inTx } from '../../lib/tx.ts';
import { checkCategoryUsable, checkServicesUsable } from '../catalog/index.ts';
import type { TenderRow } from '../tenders/index.ts';
import {
  followedTenders as followedTendersOf,
  followRows,
  sideFollows,
  unfollowedOwnServices,
} from './queries.ts';
import type { FollowRow } from './serializers.ts';

/**
 * Follows: services or whole categories followed for a company (by any of its members, for all of them) or by a
 * person for themselves; once a tender in one of them is approved the company's bidders or the person are told
 * (alerts.ts), and the home page lists the newest such tenders. The active company's own services are suggested
 * until followed (directly or through their category). Following is none of the roles' duties: every member of a
 * company sees and changes what the company follows.
 */

/** What the caller's side follows, and the services of their active company that no follow covers yet. */
export async function myFollows(ctx: Ctx, a: Auth) {
  const db = ctx.database.db;
  const side = sideOf(a);
  const [rows, suggestions] = await Promise.all([followRows(db, side), unfollowedOwnServices(db, side)]);
  return { rows, suggestions };
}

/**
 * Follows a service or a category (it must exist) for the active company, or for the person without one. A second
 * follow of the same one on the side is refused, also when two members race: the insert does nothing on the
 * partial unique index (per company, or per person for personal follows) and nothing comes back.
 */
export function follow(ctx: Ctx, a: Auth, b: v.InferOutput<typeof FollowBody>): Promise<FollowRow> {
  return inTx(ctx, async (tx) => {
    // Only what the catalogue offers now may be followed anew (a retired one: refused).
    if (b.service !== undefined) await checkServicesUsable(tx, [b.service]);
    else if (b.category !== undefined) await checkCategoryUsable(tx, b.category);
    const owner = a.company ? follows.companyId : follows.userId;
    const company = sql.raw(a.company ? 'company_id is not null' : 'company_id is null');
    const target =
      b.service !== undefined
        ? { target: [owner, follows.serviceId], where: sql`service_id is not null and ${company}` }
        : { target: [owner, follows.categoryId], where: sql`category_id is not null and ${company}` };
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
    const [created] = await followRows(tx, sideOf(a), row.id);
    return created!;
  });
}

/** Ends one of the side's follows (any member's for the company); another side's is not found, like a missing one. */
export async function unfollow(ctx: Ctx, a: Auth, id: number): Promise<void> {
  const [gone] = await ctx.database.db
    .delete(follows)
    .where(and(eq(follows.id, id), sideFollows(sideOf(a))))
    .returning({ id: follows.id });
  if (!gone) throw new AppError('FOLLOW_NOT_FOUND');
}

/**
 * The newest public tenders (approved, published, before the deadline, not ended) asking for a service followed
 * on the caller's side, directly or through its category; never the side's own.
 */
export function followedTenders(
  ctx: Ctx,
  a: Auth,
  q: v.InferOutput<typeof FollowedTendersQuery>,
): Promise<TenderRow[]> {
  return followedTendersOf(ctx.database.db, sideOf(a), q.limit);
}
