import * as v from 'valibot';

export const Notification = v.object({
  id: v.number(),
  title: v.string(),
  content: v.string(),
  createdAt: v.string(),
  read: v.boolean(),
  tender: v.nullable(v.object({ id: v.number(), title: v.string() })),
  /** A site path (e.g. /tender-profile/3) to open, or null. */
  link: v.nullable(v.string()),
});
export type Notification = v.InferOutput<typeof Notification>;

/** The JSON in each SSE `data:` line of GET /notification/subscribe. */
export type NotificationEvent = { data: Notification };
