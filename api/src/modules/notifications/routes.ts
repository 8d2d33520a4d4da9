import type { NotificationPage } from '@bawaba/shared/contracts';
import {
  notifications as notificationList,
  notificationPage,
  notificationStream,
  readAllNotifications,
  readNotification,
} from '@bawaba/shared/routes';
import { and, count, desc, eq, lt, max } from 'drizzle-orm';
import type { Module } from '../../context.ts';
import { notifications } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { openStream } from '../../lib/sse.ts';
import { serve } from '../../route.ts';
import { createHub, type Sub } from './hub.ts';
import { notificationOut, select } from './serializers.ts';

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

  serve(app, ctx, notificationList, async ({ auth, query, lang }) => {
    const rows = await select(db)
      .where(eq(notifications.userId, auth.user.id))
      .orderBy(desc(notifications.id))
      .limit(query.limit);
    return rows.map((r) => notificationOut(r, lang));
  });

  serve(app, ctx, notificationPage, async ({ auth, query: q, lang: l }): Promise<NotificationPage> => {
    const mine = eq(notifications.userId, auth.user.id);
    const [rows, [total]] = await Promise.all([
      select(db)
        .where(q.before === undefined ? mine : and(mine, lt(notifications.id, q.before)))
        .orderBy(desc(notifications.id))
        .limit(q.limit + 1),
      db.select({ n: count() }).from(notifications).where(mine),
    ]);
    const page = rows.slice(0, q.limit);
    const more = rows.length > q.limit;
    return {
      items: page.map((r) => notificationOut(r, l)),
      totalItems: total?.n ?? 0,
      nextCursor: more ? (page.at(-1)?.n.id ?? null) : null,
    };
  });

  serve(app, ctx, readAllNotifications, async ({ auth }) => {
    await db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, auth.user.id), eq(notifications.read, false)));
    return { ok: true as const };
  });

  serve(app, ctx, readNotification, async ({ auth, params: { id }, lang }) => {
    const [u] = await db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, auth.user.id)))
      .returning({ id: notifications.id });
    if (!u) throw new AppError('NOTIFICATION_NOT_FOUND');
    const [row] = await select(db).where(eq(notifications.id, id));
    return notificationOut(row!, lang);
  });

  // The stream takes the socket over (reply.hijack): the handler answers the reply, so serve sends nothing more.
  serve(app, ctx, notificationStream, async ({ auth: a, req, reply }) => {
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
      return reply;
    }
    const sub: Sub = { stream, userId, sessionId: a.sessionId, lastId, closed: false };
    hub.add(sub);
    if (!header) hub.noteNewest(userId, lastId);
    res.on('close', () => hub.remove(sub));
    if (catchUp) await hub.deliver(userId);
    return reply;
  });
};
