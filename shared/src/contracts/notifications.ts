import * as v from 'valibot';
import { IntLike } from './common.ts';
import { textReference } from './texts.ts';

export const Notification = v.object({
  id: v.number(),
  title: v.string(),
  content: v.string(),
  createdAt: v.string(),
  read: v.boolean(),
  tender: v.nullable(v.object({ id: v.number(), ...textReference('title') })),
  /** A site path (e.g. /tender-profile/3) to open, or null. */
  link: v.nullable(v.string()),
});
export type Notification = v.InferOutput<typeof Notification>;

/** The JSON in each SSE `data:` line of GET /notification/subscribe. */
export type NotificationEvent = { data: Notification };

/**
 * The window event the shell sends for each notification that arrives live, with the notification as its `detail`:
 * a page showing the record it concerns (its `link`) reloads it, so what the other side just did appears at once.
 */
export const NOTIFICATION_ARRIVED = 'bawaba:notification-arrived';

/** GET /notification: the newest of my notifications, at most `limit`. */
export const NotificationListQuery = v.object({
  limit: v.optional(v.pipe(IntLike, v.maxValue(200, 'At most 200 at once')), 50),
});

/**
 * GET /notification/page: one page of my notifications, newest first, paged by a cursor (`before` = the id of the
 * last notification of the previous page), so every notification is reachable however many there are and a new
 * one arriving never shifts the pages already seen.
 */
export const NotificationPageQuery = v.object({
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 4),
  before: v.optional(IntLike),
});
export const NotificationPage = v.object({
  items: v.array(Notification),
  /** All my notifications (for "page / total"). */
  totalItems: v.number(),
  /** `before` of the next page, or null on the last page. */
  nextCursor: v.nullable(v.number()),
});
export type NotificationPage = v.InferOutput<typeof NotificationPage>;
