import { and, count, desc, eq, lt, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, tenders } from '../../db/schema.ts';
import type { Row } from './serializers.ts';

/**
 * The notifications domain's reads for its routes, in one place (the writes: service.ts). The live stream's
 * delivery reads its rows in hub.ts, through serializers.ts's `selectForDelivery`.
 */

/** Notifications with the title of their tender in each language (if any), for `notificationOut`. */
function select(db: Db) {
  return db
    .select({ n: notifications, titleEn: tenders.titleEn, titleAr: tenders.titleAr })
    .from(notifications)
    .leftJoin(tenders, eq(tenders.id, notifications.tenderId));
}

/** The user's newest notifications, newest first. */
export function newestOf(db: Db, userId: number, limit: number): Promise<Row[]> {
  return select(db).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit);
}

/**
 * One page of the user's notifications, newest first, older than `before` when given: up to `limit` rows, whether
 * more follow, and how many the user has in all.
 */
export async function pageOf(db: Db, userId: number, limit: number, before?: number) {
  const mine = eq(notifications.userId, userId);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(before === undefined ? mine : and(mine, lt(notifications.id, before)))
      .orderBy(desc(notifications.id))
      .limit(limit + 1),
    db.select({ n: count() }).from(notifications).where(mine),
  ]);
  return { rows: rows.slice(0, limit), more: rows.length > limit, total: total?.n ?? 0 };
}

export async function notificationById(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await select(db).where(eq(notifications.id, id));
  return row;
}

/** The id of the user's newest notification (0: none yet). */
export async function newestIdOf(db: Db, userId: number): Promise<number> {
  const [m] = await db
    .select({ m: max(notifications.id) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return m?.m ?? 0;
}
