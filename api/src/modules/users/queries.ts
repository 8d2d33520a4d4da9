import type { AdminUserListQuery } from '@bawaba/shared/contracts';
import { and, asc, count, desc, eq, exists, ilike, inArray, max, or, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db, Tx } from '../../db/client.ts';
import { companies, companyMembers, sessions, users } from '../../db/schema.ts';
import { likePattern } from '../../lib/localize.ts';

/** The people administration's reads, in one place (the writes: service.ts). */

export type UserRow = typeof users.$inferSelect;

/** Each word of `q` in the name, the email, or the name (either language) of a company the person belongs to. */
function matching(db: Db | Tx, q: string | undefined): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    ...words.map((word) => {
      const p = likePattern(word);
      return or(
        ilike(users.name, p),
        ilike(users.email, p),
        exists(
          db
            .select({ one: companyMembers.userId })
            .from(companyMembers)
            .innerJoin(companies, eq(companies.id, companyMembers.companyId))
            .where(
              and(
                eq(companyMembers.userId, users.id),
                or(ilike(companies.nameEn, p), ilike(companies.nameAr, p)),
              ),
            ),
        ),
      );
    }),
  );
}

/** One page of the people matching `q`, newest account first, and how many match. */
export async function userPage(db: Db, q: v.InferOutput<typeof AdminUserListQuery>) {
  const cond = matching(db, q.q);
  const [total] = await db.select({ n: count() }).from(users).where(cond);
  const rows = await db
    .select()
    .from(users)
    .where(cond)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total: total?.n ?? 0 };
}

export async function userById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

/** The person, locked for a change of their account. */
export async function lockUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return u;
}

/** The companies of these people, with their roles, in the order each joined. */
export function membershipsOf(db: Db | Tx, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: companyMembers.userId,
      id: companies.id,
      nameEn: companies.nameEn,
      nameAr: companies.nameAr,
      status: companies.status,
      roles: companyMembers.roles,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(inArray(companyMembers.userId, userIds))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.companyId));
}

/** When each of these people last started a session (sign-in, a password link, a company switch). */
export async function lastSessionsOf(db: Db | Tx, userIds: number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: sessions.userId, at: max(sessions.createdAt) })
    .from(sessions)
    .where(inArray(sessions.userId, userIds))
    .groupBy(sessions.userId);
  return new Map(rows.flatMap((r) => (r.at ? [[r.userId, r.at] as const] : [])));
}
