import type { Notification } from '@bawaba/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, tenders, users } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { titleFor } from '../../lib/localize.ts';

/** A notification with its tender's title in each language (null: no tender, or that version not written), as queries.ts reads it for `notificationOut`. */
export type Row = {
  n: typeof notifications.$inferSelect;
  titleEn: string | null;
  titleAr: string | null;
};

/**
 * Notifications with the title of their tender (if any) and the recipient's stored language (the one they chose),
 * for the live stream's delivery (hub.ts): live events are written in it, read at delivery time, so open streams
 * follow a change of it (whatever language each connection was opened in).
 */
export function selectForDelivery(db: Db) {
  return db
    .select({
      n: notifications,
      titleEn: tenders.titleEn,
      titleAr: tenders.titleAr,
      language: users.language,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(tenders, eq(tenders.id, notifications.tenderId));
}
export type DeliveryRow = Row & { language: string };
export const storedLanguage = (r: DeliveryRow): Lang => (r.language === 'ar' ? 'ar' : 'en');

/** A notification as the contract's `Notification`, in the reader's language (English when no Arabic was written). */
export const notificationOut = ({ n, titleEn, titleAr }: Row, l: Lang): Notification => ({
  id: n.id,
  title: l === 'ar' && n.titleAr ? n.titleAr : n.title,
  content: l === 'ar' && n.contentAr ? n.contentAr : n.content,
  createdAt: n.createdAt.toISOString(),
  read: n.read,
  tender: n.tenderId ? { id: n.tenderId, ...titleFor(l, { titleEn, titleAr }) } : null,
  link: n.link,
});
