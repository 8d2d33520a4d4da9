import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notifications, sessions } from '../../db/schema.ts';
import { createFanout, encodeFrame, type Frame, type SseStream } from '../../lib/sse.ts';
import { type DeliveryRow, notificationOut, selectForDelivery, storedLanguage } from './serializers.ts';

export type Sub = {
  stream: SseStream;
  userId: number;
  sessionId: string;
  lastId: number;
  closed: boolean;
};

/**
 * The SSE subscribers of this process, by user. Bus messages ("notification N for user U was written", from this
 * process or, through LISTEN/NOTIFY, another one) are gathered for one tick and fetched with ONE query by id,
 * however many users and streams they concern; each stream only gets ids above its own last id, so replay and
 * live delivery never duplicate. A new stream catches up with a query for its user (`deliver`). A revoked or
 * expired session's streams end as soon as the database announces it (`database.auth` events); one timer
 * writes the heartbeats and, as a safety net, ends the streams whose session is no longer valid.
 * Every write to the streams is one batch through the fan-out writer (`createFanout`, lib/sse.ts): each frame is
 * encoded once, then written to every stream in one pass with its response's own `write()`.
 */
const PING = encodeFrame(': ping\n\n');

export function createHub(db: Db, heartbeatMs: number, log: FastifyBaseLogger) {
  const byUser = new Map<number, Set<Sub>>();
  let total = 0;
  const fanout = createFanout();
  // One batch: the streams, their frames, their subscribers and the notification ids (reused from batch to batch),
  // and the users it holds (a stream is in a batch at most once, so its frames keep their order).
  const batchStreams: SseStream[] = [];
  const batchFrames: Frame[] = [];
  const batchSubs: Sub[] = [];
  const batchIds: number[] = [];
  const batchUsers = new Set<number>();
  const endBatch = () => {
    batchStreams.length = 0;
    batchFrames.length = 0;
    batchSubs.length = 0;
    batchIds.length = 0;
    batchUsers.clear();
  };
  /** Writes the batch (a stream dropped here for not reading reconnects with Last-Event-ID and catches up). */
  function flushBatch() {
    if (batchStreams.length > 0) {
      const ok = fanout.sendAll(batchStreams, batchFrames, batchStreams.length);
      for (let i = 0; i < batchSubs.length; i++) if (ok[i] === 1) batchSubs[i]!.lastId = batchIds[i]!;
    }
    endBatch();
  }
  /** Per user with open streams here: the newest notification id known to exist (asked or delivered). */
  const newest = new Map<number, number>();
  const busy = new Set<number>();
  const again = new Set<number>();

  /** The rows' events to their users' streams: one batch for all, or a new one where a user comes again. */
  function writeRows(rows: DeliveryRow[], subsOf: (userId: number) => Iterable<Sub> | undefined) {
    for (const r of rows) {
      const subs = subsOf(r.n.userId);
      if (!subs) continue;
      if (batchUsers.has(r.n.userId)) flushBatch();
      batchUsers.add(r.n.userId);
      // One frame, in the recipient's stored language, encoded once (wire bytes) for all their streams.
      let frame: Frame | null = null;
      const id = r.n.id;
      if (id > (newest.get(r.n.userId) ?? 0)) newest.set(r.n.userId, id);
      for (const s of subs) {
        if (s.closed || id <= s.lastId) continue;
        frame ??= encodeFrame(
          `id: ${id}\ndata: ${JSON.stringify({ data: notificationOut(r, storedLanguage(r)) })}\n\n`,
        );
        batchStreams.push(s.stream);
        batchFrames.push(frame);
        batchSubs.push(s);
        batchIds.push(id);
      }
    }
    flushBatch();
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
        // This pass catches up the streams there now. A stream that joins while the query runs has an older last
        // id than the query's start, so the rows would reach it above a gap: it waits for the next pass, which
        // its own `deliver` call asked for (`again`), and that pass starts from its last id.
        const targets = [...subs];
        let from = Number.POSITIVE_INFINITY;
        for (const s of targets) from = Math.min(from, s.lastId);
        const rows = await selectForDelivery(db)
          .where(and(eq(notifications.userId, userId), gt(notifications.id, from)))
          .orderBy(asc(notifications.id))
          .limit(500);
        writeRows(rows, () => targets);
        if (rows.length === 500) again.add(userId);
      } while (again.has(userId));
    } catch (err) {
      log.warn({ err }, 'sse delivery failed');
    } finally {
      busy.delete(userId);
    }
  }

  // Live events: ids announced during one tick, fetched together. One fetch at a time, in the order announced:
  // two in flight on a pool can answer out of order, and a stream that got the later ids first would skip the
  // earlier ones (it only takes ids above its last one).
  let pending: number[] = [];
  let flushing: Promise<void> = Promise.resolve();
  const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));
  async function flush() {
    const ids = pending;
    pending = [];
    try {
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await selectForDelivery(db)
          .where(inArray(notifications.id, ids.slice(i, i + 1000)))
          .orderBy(asc(notifications.id));
        // A user whose catch-up is running gets these rows from it (it runs again: `onMessage`), never ahead of
        // the older rows it is still reading: a stream only takes ids above its last one.
        writeRows(rows, (u) => (busy.has(u) ? undefined : byUser.get(u)));
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
        if (live.has(s.sessionId)) {
          batchStreams.push(s.stream);
          batchFrames.push(PING);
        } else s.stream.res.end();
      }
      fanout.sendAll(batchStreams, batchFrames, batchStreams.length);
      endBatch();
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
      if (!set.has(s)) total++;
      set.add(s);
    },
    remove(s: Sub) {
      s.closed = true;
      const set = byUser.get(s.userId);
      if (set?.delete(s)) total--;
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
      if (busy.has(userId)) again.add(userId);
      if (pending.length === 0) flushing = flushing.then(nextTick).then(flush);
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
    count: () => total,
    close() {
      clearInterval(timer);
      for (const set of byUser.values()) for (const s of set) s.stream.res.end();
    },
  };
}
