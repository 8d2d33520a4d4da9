import type { AuditCsvQuery } from '@bawaba/shared/contracts';
import { and, count, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db } from '../../db/client.ts';
import { adminActions } from '../../db/schema.ts';
import { likePattern } from '../../lib/localize.ts';

/** The audit log's reads, in one place (the write: record.ts). */

export type AdminActionRow = typeof adminActions.$inferSelect;
type Filters = v.InferOutput<typeof AuditCsvQuery>;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The rows the filters admit: each word of `q` in the actor, the target's label, the reason or the action. */
function matching(f: Filters): SQL | undefined {
  const words = (f.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const until = (to: string) => {
    if (!DAY_ONLY.test(to)) return lte(adminActions.createdAt, new Date(to));
    // A day alone: up to its end (UTC).
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return lt(adminActions.createdAt, next);
  };
  return and(
    ...words.map((word) =>
      or(
        ilike(adminActions.actorName, likePattern(word)),
        ilike(adminActions.targetLabel, likePattern(word)),
        ilike(adminActions.reason, likePattern(word)),
        ilike(adminActions.action, likePattern(word)),
      ),
    ),
    f.actorId ? eq(adminActions.actorId, f.actorId) : undefined,
    f.action ? eq(adminActions.action, f.action) : undefined,
    f.targetType ? eq(adminActions.targetType, f.targetType) : undefined,
    f.targetId ? eq(adminActions.targetId, f.targetId) : undefined,
    f.from ? gte(adminActions.createdAt, new Date(f.from)) : undefined,
    f.to ? until(f.to) : undefined,
  );
}

/** One page of the matching rows, newest first, and how many match. */
export async function auditPage(db: Db, f: Filters, page: { page: number; limit: number }) {
  const cond = matching(f);
  const [total] = await db.select({ n: count() }).from(adminActions).where(cond);
  const rows = await db
    .select()
    .from(adminActions)
    .where(cond)
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, total: total?.n ?? 0 };
}

/** The newest `max` matching rows. */
export function auditRows(db: Db, f: Filters, max: number): Promise<AdminActionRow[]> {
  return db
    .select()
    .from(adminActions)
    .where(matching(f))
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(max);
}
