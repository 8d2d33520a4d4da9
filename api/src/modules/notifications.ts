import type { ServerResponse } from 'node:http';
import { IdParams } from '@bawaba/shared/contracts';
import { and, asc, desc, eq, gt, isNull, max } from 'drizzle-orm';
import * as v from 'valibot';
import type { Module } from '../app.ts';
import type { Db } from '../db/client.ts';
import { notifications, sessions, tenders } from '../db/schema.ts';
import { AppError, type Lang } from '../errors.ts';
import { lang, parse } from '../http.ts';
import { requireAuth } from '../lib/auth.ts';
import { doc } from '../openapi.ts';

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

function select(db: Db) {
  return db
    .select({ n: notifications, tenderTitle: tenders.title })
    .from(notifications)
    .leftJoin(tenders, eq(tenders.id, notifications.tenderId));
}
type Row = { n: typeof notifications.$inferSelect; tenderTitle: string | null };

export const notificationOut = ({ n, tenderTitle }: Row, l: Lang) => ({
  id: n.id,
  title: l === 'ar' && n.titleAr ? n.titleAr : n.title,
  content: l === 'ar' && n.contentAr ? n.contentAr : n.content,
  createdAt: n.createdAt.toISOString(),
  read: n.read,
  tender: n.tenderId ? { id: n.tenderId, title: tenderTitle ?? '' } : null,
  link: n.link,
});

export const notificationsModule: Module = (app, ctx) => {
  const db = ctx.database.db;
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const s of streams) s.end();
  });

  app.get(
    '/notification',
    { schema: doc('notifications', 'My notifications, newest first', { query: ListQuery, auth: true }) },
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

  app.post(
    '/notification/read-all',
    { schema: doc('notifications', 'Mark all my notifications read', { auth: true }) },
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
    { schema: doc('notifications', 'Mark one notification read', { params: IdParams, auth: true }) },
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
          description:
            'text/event-stream. `retry: 1000`; each event: `id: <notification id>` and `data: {"data": Notification}`; `: ping` comments every 15 s. With Last-Event-ID (header or ?lastEventId=) every later notification is replayed first.',
        },
      ),
    },
    async (req, reply) => {
      const a = await requireAuth(ctx, req);
      const l = lang(req);
      const userId = a.user.id;
      const header =
        req.headers['last-event-id'] ?? (req.query as Record<string, string> | undefined)?.lastEventId;
      const given = Number(Array.isArray(header) ? header[0] : header);
      let lastId: number;
      if (Number.isInteger(given) && given >= 0 && header !== undefined && header !== '') lastId = given;
      else {
        const [m] = await db
          .select({ m: max(notifications.id) })
          .from(notifications)
          .where(eq(notifications.userId, userId));
        lastId = m?.m ?? 0;
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 1000\n\n');
      streams.add(res);

      let busy = false;
      let again = false;
      let closed = false;
      const flush = async () => {
        if (busy) {
          again = true;
          return;
        }
        busy = true;
        try {
          do {
            again = false;
            const rows = await select(db)
              .where(and(eq(notifications.userId, userId), gt(notifications.id, lastId)))
              .orderBy(asc(notifications.id))
              .limit(200);
            for (const r of rows) {
              if (closed) return;
              res.write(`id: ${r.n.id}\ndata: ${JSON.stringify({ data: notificationOut(r, l) })}\n\n`);
              lastId = r.n.id;
            }
            if (rows.length === 200) again = true;
          } while (again && !closed);
        } catch (err) {
          req.log.warn({ err }, 'sse flush failed');
        } finally {
          busy = false;
        }
      };
      const off = ctx.database.bus.on((m) => {
        if (m.userId === userId && m.id > lastId) void flush();
      });
      const hb = setInterval(async () => {
        if (closed) return;
        // A revoked or expired session ends the stream.
        const [s] = await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(eq(sessions.id, a.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
          )
          .catch(() => [{ id: a.sessionId }]);
        if (!s) {
          res.end();
          return;
        }
        res.write(': ping\n\n');
      }, ctx.config.sseHeartbeatMs);
      const cleanup = () => {
        closed = true;
        off();
        clearInterval(hb);
        streams.delete(res);
      };
      res.on('close', cleanup);
      await flush();
    },
  );
};
