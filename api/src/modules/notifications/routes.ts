import {
  IdParams,
  Notification,
  NotificationPage,
  NotificationPageQuery,
  Ok,
} from '@bawaba/shared/contracts';
import { and, count, desc, eq, lt, max } from 'drizzle-orm';
import * as v from 'valibot';
import type { Module } from '../../context.ts';
import { notifications } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { lang, parse } from '../../http.ts';
import { requireAuth } from '../../lib/auth.ts';
import { openStream } from '../../lib/sse.ts';
import { doc } from '../../openapi.ts';
import { createHub, type Sub } from './hub.ts';
import { notificationOut, select } from './serializers.ts';

const ListQuery = v.object({
  limit: v.optional(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform(Number),
      v.integer(),
      v.minValue(1),
      v.maxValue(200),
    ),
    50,
  ),
});

/** The notification routes: the list, the pages, marking read and the live stream (its hub in hub.ts). */
export const notificationsModule: Module = (app, ctx) => {
  const db = ctx.database.db;
  const hub = createHub(db, ctx.config.sseHeartbeatMs, app.log);
  const off = ctx.database.bus.on((m) => hub.onMessage(m.userId, m.id));
  const offAuth = ctx.database.auth.on((e) => {
    if (e.type === 'session' && e.ended) hub.endSession(e.sid);
    else if (e.type === 'up') hub.catchUp();
  });
  ctx.sse = { count: hub.count };
  app.addHook('preClose', async () => {
    off();
    offAuth();
    hub.close();
  });

  app.get(
    '/notification',
    {
      schema: doc('notifications', 'My notifications, newest first', {
        query: ListQuery,
        auth: true,
        response: v.array(Notification),
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const q = parse(ListQuery, req.query);
      const rows = await select(db)
        .where(eq(notifications.userId, a.user.id))
        .orderBy(desc(notifications.id))
        .limit(q.limit);
      const l = lang(req);
      return { data: rows.map((r) => notificationOut(r, l)) };
    },
  );

  app.get(
    '/notification/page',
    {
      schema: doc(
        'notifications',
        'A page of my notifications, newest first (cursor: before = last id seen)',
        {
          query: NotificationPageQuery,
          auth: true,
          response: NotificationPage,
        },
      ),
    },
    async (req): Promise<{ data: NotificationPage }> => {
      const a = await requireAuth(ctx, req);
      const q = parse(NotificationPageQuery, req.query);
      const mine = eq(notifications.userId, a.user.id);
      const [rows, [total]] = await Promise.all([
        select(db)
          .where(q.before === undefined ? mine : and(mine, lt(notifications.id, q.before)))
          .orderBy(desc(notifications.id))
          .limit(q.limit + 1),
        db.select({ n: count() }).from(notifications).where(mine),
      ]);
      const l = lang(req);
      const page = rows.slice(0, q.limit);
      const more = rows.length > q.limit;
      return {
        data: {
          items: page.map((r) => notificationOut(r, l)),
          totalItems: total?.n ?? 0,
          nextCursor: more ? (page.at(-1)?.n.id ?? null) : null,
        },
      };
    },
  );

  app.post(
    '/notification/read-all',
    { schema: doc('notifications', 'Mark all my notifications read', { response: Ok, auth: true }) },
    async (req) => {
      const a = await requireAuth(ctx, req);
      await db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.userId, a.user.id), eq(notifications.read, false)));
      return { data: { ok: true } };
    },
  );

  app.post(
    '/notification/:id/read',
    {
      schema: doc('notifications', 'Mark one notification read', {
        params: IdParams,
        response: Notification,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const [u] = await db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, a.user.id)))
        .returning({ id: notifications.id });
      if (!u) throw new AppError('NOTIFICATION_NOT_FOUND');
      const [row] = await select(db).where(eq(notifications.id, id));
      return { data: notificationOut(row!, lang(req)) };
    },
  );

  app.get(
    '/notification/subscribe',
    {
      schema: doc(
        'notifications',
        'Live notifications (server-sent events, Bearer auth, Last-Event-ID replay)',
        {
          auth: true,
          produces: 'text/event-stream',
          description:
            'text/event-stream. `retry: 1000`; each event: `id: <notification id>` and `data: {"data": Notification}`; `: ping` comments every 15 s. With Last-Event-ID (header or ?lastEventId=) every later notification is replayed first.',
        },
      ),
    },
    async (req, reply) => {
      const a = await requireAuth(ctx, req);
      const userId = a.user.id;
      const header =
        req.headers['last-event-id'] ?? (req.query as Record<string, string> | undefined)?.lastEventId;
      const given = Number(Array.isArray(header) ? header[0] : header);
      let lastId: number;
      // Without Last-Event-ID a stream starts after the newest notification: known already when this user has
      // other streams here (no query, no catch-up), otherwise asked.
      let catchUp = true;
      if (Number.isInteger(given) && given >= 0 && header !== undefined && header !== '') lastId = given;
      else {
        const known = hub.newestOf(userId);
        if (known !== null) {
          lastId = known;
          catchUp = false;
        } else {
          const [m] = await db
            .select({ m: max(notifications.id) })
            .from(notifications)
            .where(eq(notifications.userId, userId));
          lastId = m?.m ?? 0;
        }
      }

      reply.hijack();
      const res = reply.raw;
      const stream = openStream(
        req.raw,
        res,
        {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        },
        'retry: 1000\n\n',
      );
      // HEAD: the head only, no stream.
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const sub: Sub = { stream, userId, sessionId: a.sessionId, lastId, closed: false };
      hub.add(sub);
      if (!header) hub.noteNewest(userId, lastId);
      res.on('close', () => hub.remove(sub));
      if (catchUp) await hub.deliver(userId);
    },
  );
};
