/**
 * The notification hub's ordering when a stream's catch-up (Last-Event-ID replay, several queries of 500) and live
 * events overlap: the stream must get every event once and in order, the replayed ones and the live ones. The
 * stream here records what the hub writes to it (the transport is tested on real sockets in sse-stream.test.ts).
 * On PostgreSQL the live event's query returns while the catch-up's first one is still out, the overlap a client
 * reconnecting under traffic meets; on PGlite the queries run one after the other without yielding, so there the
 * test only checks the plain case.
 */
import type { ServerResponse } from 'node:http';
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema.ts';
import { inTx } from '../src/lib/tx.ts';
import { createHub, type Sub } from '../src/modules/notifications/hub.ts';
import { BIDDER, makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
let bidderId: number;
beforeAll(async () => {
  app = await makeApp({ env: { sseHeartbeatMs: 60_000 } });
  const db = app.ctx.database.db;
  bidderId = (await db.select({ id: users.id }).from(users).where(eq(users.email, BIDDER)))[0]!.id;
});
afterAll(async () => {
  await app.cleanup();
});

/** Writes `count` notifications for the bidder in one transaction; their ids, ascending. */
async function write(count: number, tag: string): Promise<number[]> {
  return inTx(app.ctx, async (tx) => {
    const rows = await tx
      .insert(notifications)
      .values(
        Array.from({ length: count }, (_, j) => ({
          userId: bidderId,
          title: `${tag} ${j}`,
          content: 'x',
          titleAr: `${tag} ${j}`,
          contentAr: 'x',
        })),
      )
      .returning({ id: notifications.id });
    return rows.map((r) => r.id).sort((a, b) => a - b);
  });
}

/** A response that keeps what is written to it: the ids of the events, in order. */
function recorder() {
  const ids: number[] = [];
  const res = {
    writableEnded: false,
    destroyed: false,
    socket: null,
    writableLength: 0,
    write(b: Buffer) {
      for (const m of b.toString('utf8').matchAll(/^id: (\d+)$/gm)) ids.push(Number(m[1]));
      return true;
    },
    end() {},
  };
  return { ids, res: res as unknown as ServerResponse };
}

it('a stream catching up while a live event arrives gets every event once and in order', async () => {
  const db = app.ctx.database.db;
  const hub = createHub(db, 60_000, app.log);
  try {
    const [top] = await db.select({ m: max(notifications.id) }).from(notifications);
    const from = top?.m ?? 0;
    // More than one catch-up query's worth (500), then one more written "live".
    const behind = await write(1200, 'Behind');
    const [live] = await write(1, 'Live');
    const r = recorder();
    const sub: Sub = {
      stream: { res: r.res },
      userId: bidderId,
      sessionId: 's',
      lastId: from,
      closed: false,
    };
    hub.add(sub);
    // The catch-up starts (its first query is on its way) and the live event is announced at once, as the bus
    // does when it commits while a stream catches up.
    const catchingUp = hub.deliver(bidderId);
    hub.onMessage(bidderId, live!);
    await catchingUp;
    // The live path had its turn too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(r.ids).toEqual([...behind, live]);
  } finally {
    hub.close();
  }
});

it('a stream that joins while another stream of its user catches up still gets every event after its own last id', async () => {
  const db = app.ctx.database.db;
  const hub = createHub(db, 60_000, app.log);
  try {
    const [top] = await db.select({ m: max(notifications.id) }).from(notifications);
    const from = top?.m ?? 0;
    const all = await write(1200, 'Joined');
    const stream = (lastId: number) => {
      const r = recorder();
      const sub: Sub = { stream: { res: r.res }, userId: bidderId, sessionId: 's', lastId, closed: false };
      return { r, sub };
    };
    // A has the first 600 and catches up; while its first query is out, B reconnects with an older last id.
    const a = stream(all[599]!);
    hub.add(a.sub);
    const catchingUp = hub.deliver(bidderId);
    const b = stream(from);
    hub.add(b.sub);
    const joining = hub.deliver(bidderId);
    await Promise.all([catchingUp, joining]);
    expect(a.r.ids).toEqual(all.slice(600));
    expect(b.r.ids).toEqual(all);
  } finally {
    hub.close();
  }
});
