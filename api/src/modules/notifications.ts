import {
  IdParams,
  Notification,
  NotificationPage,
  NotificationPageQuery,
  Ok,
} from '@bawaba/shared/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import type { Module } from '../context.ts';
import type { Db } from '../db/client.ts';
import { notifications, sessions, tenders } from '../db/schema.ts';
import { AppError, type Lang } from '../errors.ts';
import { lang, parse } from '../http.ts';
import { requireAuth } from '../lib/auth.ts';
import { encodeFrame, type Frame, openStream, type SseStream, send } from '../lib/sse.ts';
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

export const notificationOut = ({ n, tenderTitle }: Row, l: Lang): Notification => ({
  id: n.id,
  title: l === 'ar' && n.titleAr ? n.titleAr : n.title,
  content: l === 'ar' && n.contentAr ? n.contentAr : n.content,
  createdAt: n.createdAt.toISOString(),
  read: n.read,
  tender: n.tenderId ? { id: n.tenderId, title: tenderTitle ?? '' } : null,
  link: n.link,
});

type Sub = {
  stream: SseStream;
  userId: number;
  sessionId: string;
  lastId: number;
  lang: Lang;
  closed: boolean;
};

/**
 * The SSE subscribers of this process, by user. Bus messages ("notification N for user U was written", from this
 * process or, through LISTEN/NOTIFY, another one) are gathered for one tick and fetched with ONE query by id,
 * however many users and streams they concern; each stream only gets ids above its own last id, so replay and
 * live delivery never duplicate. A new stream catches up with a query for its user (`deliver`). A revoked or
 * expired session's streams end as soon as the database announces it (`database.auth` events); one timer
 * writes the heartbeats and, as a safety net, ends the streams whose session is no longer valid.
 */
const PING = encodeFrame(': ping\n\n');

function createHub(db: Db, heartbeatMs: number, log: FastifyBaseLogger) {
  const byUser = new Map<number, Set<Sub>>();
  /** Per user with open streams here: the newest notification id known to exist (asked or delivered). */
  const newest = new Map<number, number>();
  const busy = new Set<number>();
  const again = new Set<number>();

  function writeRows(rows: Row[], subsOf: (userId: number) => Set<Sub> | undefined) {
    for (const r of rows) {
      const subs = subsOf(r.n.userId);
      if (!subs) continue;
      // One frame per language, encoded once (wire bytes) for all the streams.
      const frames: Partial<Record<Lang, Frame>> = {};
      const id = r.n.id;
      if (id > (newest.get(r.n.userId) ?? 0)) newest.set(r.n.userId, id);
      for (const s of subs) {
        if (s.closed || id <= s.lastId) continue;
        let frame = frames[s.lang];
        if (!frame) {
          frame = encodeFrame(`id: ${id}\ndata: ${JSON.stringify({ data: notificationOut(r, s.lang) })}\n\n`);
          frames[s.lang] = frame;
        }
        // A stream cut here (gone, or not reading) reconnects with Last-Event-ID and catches up.
        if (send(s.stream, frame)) s.lastId = id;
      }
    }
  }

  async function deliver(userId: number): Promise<void> {
    if (busy.has(userId)) {
      again.add(userId);
      return;
    }
    busy.add(userId);
    try {
      do {
        again.delete(userId);
        const subs = byUser.get(userId);
        if (!subs?.size) break;
        let from = Number.POSITIVE_INFINITY;
        for (const s of subs) from = Math.min(from, s.lastId);
        const rows = await select(db)
          .where(and(eq(notifications.userId, userId), gt(notifications.id, from)))
          .orderBy(asc(notifications.id))
          .limit(500);
        writeRows(rows, () => subs);
        if (rows.length === 500) again.add(userId);
      } while (again.has(userId));
    } catch (err) {
      log.warn({ err }, 'sse delivery failed');
    } finally {
      busy.delete(userId);
    }
  }

  // Live events: ids announced during one tick, fetched together.
  let pending: number[] = [];
  async function flush() {
    const ids = pending;
    pending = [];
    try {
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await select(db)
          .where(inArray(notifications.id, ids.slice(i, i + 1000)))
          .orderBy(asc(notifications.id));
        writeRows(rows, (u) => byUser.get(u));
      }
    } catch (err) {
      log.warn({ err }, 'sse delivery failed');
      // Fall back to one catch-up query per user concerned.
      for (const u of byUser.keys()) void deliver(u);
    }
  }

  const timer = setInterval(async () => {
    const all = [...byUser.values()].flatMap((s) => [...s]);
    if (all.length === 0) return;
    try {
      const ids = [...new Set(all.map((s) => s.sessionId))];
      const live = new Set<string>();
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(
              inArray(sessions.id, ids.slice(i, i + 1000)),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, new Date()),
            ),
          );
        for (const r of rows) live.add(r.id);
      }
      for (const s of all) {
        if (s.closed) continue;
        if (live.has(s.sessionId)) send(s.stream, PING);
        else s.stream.res.end();
      }
    } catch (err) {
      log.warn({ err }, 'sse heartbeat failed');
    }
  }, heartbeatMs);
  timer.unref();

  return {
    deliver,
    add(s: Sub) {
      let set = byUser.get(s.userId);
      if (!set) {
        set = new Set();
        byUser.set(s.userId, set);
      }
      set.add(s);
    },
    remove(s: Sub) {
      s.closed = true;
      const set = byUser.get(s.userId);
      set?.delete(s);
      if (set?.size === 0) {
        byUser.delete(s.userId);
        newest.delete(s.userId);
      }
    },
    /** The newest id known for a user who already has streams here (a new stream starts after it), or null. */
    newestOf(userId: number): number | null {
      return byUser.has(userId) ? (newest.get(userId) ?? null) : null;
    },
    noteNewest(userId: number, id: number) {
      if (id > (newest.get(userId) ?? 0)) newest.set(userId, id);
    },
    onMessage(userId: number, id: number) {
      if (!byUser.has(userId)) return;
      if (pending.length === 0) setImmediate(flush);
      pending.push(id);
    },
    /** The session ended (revoked, expired, deleted): its streams end now. */
    endSession(sessionId: string) {
      for (const set of byUser.values())
        for (const s of set) if (s.sessionId === sessionId) s.stream.res.end();
    },
    /** The bus was down for a while: every stream catches up. */
    catchUp() {
      for (const u of byUser.keys()) void deliver(u);
    },
    count: () => [...byUser.values()].reduce((n, s) => n + s.size, 0),
    close() {
      clearInterval(timer);
      for (const set of byUser.values()) for (const s of set) s.stream.res.end();
    },
  };
}

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
      const l = lang(req);
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
      const sub: Sub = { stream, userId, sessionId: a.sessionId, lastId, lang: l, closed: false };
      hub.add(sub);
      if (!header) hub.noteNewest(userId, lastId);
      res.on('close', () => hub.remove(sub));
      if (catchUp) await hub.deliver(userId);
    },
  );
};
