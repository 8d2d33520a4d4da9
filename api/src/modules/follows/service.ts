import type { FollowBody, FollowedTendersQuery } from '@bawaba/shared/contracts';
import { and, asc, desc, eq, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { categories, companies, companyServices, follows, services, tenders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { inTx } from '../../lib/tx.ts';
import { asksForAny, LIST_SCOPES, stateCondition, type TenderRow } from '../tenders/index.ts';
import type { FollowRow } from './serializers.ts';

/**
 * Follows: a signed-in user follows services or whole categories; once a tender in one of them is approved they
 * are told (tenders/service.ts, `notifyTenderDecision`), and their home page lists the newest such tenders. A
 * company's own services are suggested until followed (directly or through their category).
 */

/** The user's follows with their service or category, newest first (`id`: only that one). */
function followRows(db: Db | Tx, userId: number, id?: number): Promise<FollowRow[]> {
  return db
    .select({ f: follows, s: services, c: categories })
    .from(follows)
    .leftJoin(services, eq(services.id, follows.serviceId))
    .leftJoin(categories, eq(categories.id, follows.categoryId))
    .where(and(eq(follows.userId, userId), id === undefined ? undefined : eq(follows.id, id)))
    .orderBy(desc(follows.id));
}

/** A follow of this user covering the service `services.id` (itself, or its category). */
const followsService = (db: Db | Tx, userId: number) =>
  db
    .select({ one: sql`1` })
    .from(follows)
    .where(
      and(
        eq(follows.userId, userId),
        or(eq(follows.serviceId, services.id), eq(follows.categoryId, services.categoryId)),
      ),
    );

/** What the caller follows, and the services of their approved companies that no follow covers yet. */
export async function myFollows(ctx: Ctx, a: Auth) {
  const db = ctx.database.db;
  const [rows, suggestions] = await Promise.all([
    followRows(db, a.user.id),
    db
      .selectDistinct({
        id: services.id,
        slug: services.slug,
        nameEn: services.nameEn,
        nameAr: services.nameAr,
      })
      .from(services)
      .innerJoin(companyServices, eq(companyServices.serviceId, services.id))
      .innerJoin(companies, eq(companies.id, companyServices.companyId))
      .where(
        and(
          eq(companies.ownerId, a.user.id),
          eq(companies.status, 'approved'),
          notExists(followsService(db, a.user.id)),
        ),
      )
      .orderBy(asc(services.id)),
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
      const [s] = await tx.select({ id: services.id }).from(services).where(eq(services.id, b.service));
      if (!s) throw new AppError('UNKNOWN_SERVICE');
    } else if (b.category !== undefined) {
      const [c] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, b.category));
      if (!c) throw new AppError('UNKNOWN_CATEGORY');
    }
    const target =
      b.service !== undefined
        ? { target: [follows.userId, follows.serviceId], where: sql`service_id is not null` }
        : { target: [follows.userId, follows.categoryId], where: sql`category_id is not null` };
    const [row] = await tx
      .insert(follows)
      .values({ userId: a.user.id, serviceId: b.service ?? null, categoryId: b.category ?? null })
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
export async function followedTenders(
  ctx: Ctx,
  a: Auth,
  q: v.InferOutput<typeof FollowedTendersQuery>,
): Promise<TenderRow[]> {
  const db = ctx.database.db;
  const followed = await db
    .selectDistinct({ id: services.id })
    .from(services)
    .innerJoin(follows, or(eq(follows.serviceId, services.id), eq(follows.categoryId, services.categoryId)))
    .where(eq(follows.userId, a.user.id));
  if (followed.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    LIST_SCOPES.market(),
    stateCondition('published'),
    ne(tenders.ownerId, a.user.id),
    asksForAny(followed.map((s) => s.id)),
  ];
  return db
    .select()
    .from(tenders)
    .where(and(...conditions))
    .orderBy(sql`${tenders.publishDate} desc nulls last`, desc(tenders.id))
    .limit(q.limit);
}
