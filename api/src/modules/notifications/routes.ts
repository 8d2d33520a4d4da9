import type { NotificationPage } from '@bawaba/shared/contracts';
import {
  notifications as notificationList,
  notificationPage,
  notificationStream,
  readAllNotifications,
  readNotification,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { openStream } from '../../lib/sse.ts';
import { serve } from '../../route.ts';
import { createHub, type Sub } from './hub.ts';
import { newestIdOf, newestOf, pageOf } from './queries.ts';
import { notificationOut } from './serializers.ts';
import { markAllRead, markRead } from './service.ts';

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

  serve(app, ctx, notificationList, async ({ auth, query, lang }) =>
    (await newestOf(db, auth.user.id, query.limit)).map((r) => notificationOut(r, lang)),
  );

  serve(app, ctx, notificationPage, async ({ auth, query: q, lang: l }): Promise<NotificationPage> => {
    const { rows, more, total } = await pageOf(db, auth.user.id, q.limit, q.before);
    return {
      items: rows.map((r) => notificationOut(r, l)),
      totalItems: total,
      nextCursor: more ? (rows.at(-1)?.n.id ?? null) : null,
    };
  });

  serve(app, ctx, readAllNotifications, async ({ auth }) => {
    await markAllRead(ctx, auth.user.id);
    return { ok: true as const };
  });

  serve(app, ctx, readNotification, async ({ auth, params: { id }, lang }) =>
    notificationOut(await markRead(ctx, auth.user.id, id), lang),
  );

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
      } else lastId = await newestIdOf(db, userId);
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
