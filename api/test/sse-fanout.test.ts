/**
 * The live notification fan-out as a client sees it on the wire: every stream of the recipient gets each event
 * exactly once (in the user's stored language), no other user's stream gets it, Last-Event-ID replay is exact and hands
 * over to live delivery without a duplicate, the body is the plain event stream up to the connection's end (a
 * chunked body would be checked chunk by chunk), HEAD gets the head only, and a stream that stops reading is
 * ended instead of buffering forever.
 * Raw sockets, so the framing itself is checked (fetch would hide it).
 */
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema.ts';
import { encodeFrame, MAX_BUFFERED_BYTES, openStream, SENT, send } from '../src/lib/sse.ts';
import { inTx, notify } from '../src/lib/tx.ts';
import { ADMIN, BIDDER, login, makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
let port: number;
let bidder: string;
let admin: string;
let bidderId: number;
let adminId: number;
beforeAll(async () => {
  app = await makeApp({ env: { sseHeartbeatMs: 60_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
  [bidder, admin] = await Promise.all([login(app, BIDDER), login(app, ADMIN)]);
  const db = app.ctx.database.db;
  bidderId = (await db.select({ id: users.id }).from(users).where(eq(users.email, BIDDER)))[0]!.id;
  adminId = (await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN)))[0]!.id;
});
afterAll(async () => {
  for (const s of open) s.destroy();
  await app.cleanup();
});

type SseEvent = { id?: string; data?: string; comment?: string; retry?: string };
const open: net.Socket[] = [];

/**
 * A stream read off a raw socket: the head, then the body de-chunked by hand (each chunk's size line must match
 * its bytes, else `framingError`), then SSE events.
 */
function stream(opts: {
  token: string;
  lang?: string;
  lastEventId?: number;
  http10?: boolean;
  method?: string;
}) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  open.push(socket);
  const headers = [
    `${opts.method ?? 'GET'} /api/v1/notification/subscribe HTTP/1.${opts.http10 ? 0 : 1}`,
    'Host: 127.0.0.1',
    `Authorization: Bearer ${opts.token}`,
    'Accept: text/event-stream',
    ...(opts.lang ? [`Accept-Language: ${opts.lang}`] : []),
    ...(opts.lastEventId !== undefined ? [`Last-Event-ID: ${opts.lastEventId}`] : []),
  ];
  socket.write(`${headers.join('\r\n')}\r\n\r\n`);
  let raw = Buffer.alloc(0);
  let head: string | null = null;
  let chunked = false;
  let body = Buffer.alloc(0);
  let text = '';
  const decoder = new StringDecoder('utf8');
  const s = {
    events: [] as SseEvent[],
    head: () => head,
    ended: false,
    framingError: null as string | null,
    waiters: [] as (() => void)[],
    socket,
  };
  const parseEvents = () => {
    let i = text.indexOf('\n\n');
    while (i >= 0) {
      const e: SseEvent = {};
      for (const line of text.slice(0, i).split('\n')) {
        if (line.startsWith(':')) e.comment = line.slice(1).trim();
        else {
          const [k, ...rest] = line.split(':');
          (e as Record<string, string>)[k!] = rest.join(':').trimStart();
        }
      }
      s.events.push(e);
      text = text.slice(i + 2);
      i = text.indexOf('\n\n');
    }
  };
  const onBytes = () => {
    if (head === null) {
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return;
      head = raw.subarray(0, end).toString('latin1');
      chunked = /\r\ntransfer-encoding: chunked/i.test(head);
      raw = raw.subarray(end + 4);
    }
    if (!chunked) {
      body = Buffer.concat([body, raw]);
      raw = Buffer.alloc(0);
    } else {
      for (;;) {
        const eol = raw.indexOf('\r\n');
        if (eol < 0) break;
        const size = Number.parseInt(raw.subarray(0, eol).toString('latin1'), 16);
        if (!/^[0-9a-f]+$/i.test(raw.subarray(0, eol).toString('latin1'))) {
          s.framingError = `bad chunk size line ${JSON.stringify(raw.subarray(0, eol).toString('latin1'))}`;
          return;
        }
        if (raw.length < eol + 2 + size + 2) break;
        if (raw.subarray(eol + 2 + size, eol + 4 + size).toString('latin1') !== '\r\n') {
          s.framingError = 'chunk not followed by CRLF';
          return;
        }
        body = Buffer.concat([body, raw.subarray(eol + 2, eol + 2 + size)]);
        raw = raw.subarray(eol + 4 + size);
      }
    }
    // The decoder keeps a character cut between two reads (Arabic) for the next one.
    text += decoder.write(body);
    body = Buffer.alloc(0);
    parseEvents();
  };
  const wake = () => {
    for (const w of s.waiters.splice(0)) w();
  };
  socket.on('data', (chunk) => {
    raw = Buffer.concat([raw, chunk]);
    onBytes();
    wake();
  });
  socket.on('close', () => {
    s.ended = true;
    wake();
  });
  socket.on('error', () => {});
  /** Resolves once `ok()` holds (checked after every read), rejects after `ms`. */
  const until = (ok: () => boolean, what: string, ms = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${what}; events ${JSON.stringify(s.events)}`)),
        ms,
      );
      const check = () => {
        if (ok()) {
          clearTimeout(timer);
          resolve();
        } else if (s.ended) {
          clearTimeout(timer);
          ok() ? resolve() : reject(new Error(`stream ended before ${what}`));
        } else s.waiters.push(check);
      };
      check();
    });
  const data = () => s.events.filter((e) => e.data);
  return Object.assign(s, { until, data });
}

/** Writes notifications through the product path (transaction, then the bus) and returns their ids. */
async function write(items: { userId: number; title: string; titleAr?: string }[]): Promise<number[]> {
  await inTx(app.ctx, (tx, after) =>
    notify(
      app.ctx,
      tx,
      after,
      items.map((i) => ({
        userId: i.userId,
        group: 'my_proposals' as const,
        title: i.title,
        content: `${i.title} content`,
        titleAr: i.titleAr ?? `عنوان ${i.title}`,
        contentAr: 'محتوى',
      })),
    ),
  );
  const rows = await app.ctx.database.db
    .select({ id: notifications.id, title: notifications.title })
    .from(notifications);
  return items.map((i) => rows.find((r) => r.title === i.title)!.id);
}

const ready = (s: ReturnType<typeof stream>) => s.until(() => s.events.some((e) => e.retry), 'retry');

describe('fan-out on the wire', () => {
  it('reaches every stream of the recipient once, in the recipient’s stored language, and no other user’s', async () => {
    const mine = [
      stream({ token: bidder }),
      stream({ token: bidder }),
      stream({ token: bidder, lang: 'ar' }),
    ];
    const theirs = stream({ token: admin });
    await Promise.all([...mine, theirs].map(ready));

    const [forBidder] = await write([{ userId: bidderId, title: 'Fan-out one', titleAr: 'توزيع واحد' }]);
    await Promise.all(mine.map((s) => s.until(() => s.data().length >= 1, 'the bidder event')));
    // Then one for the admin: the admin's stream must see it as its FIRST event (the bidder's never came).
    const [forAdmin] = await write([{ userId: adminId, title: 'Fan-out admin' }]);
    await theirs.until(() => theirs.data().length >= 1, 'the admin event');
    // And one more for the bidder: each bidder stream has exactly the two, in order, nothing else.
    const [second] = await write([{ userId: bidderId, title: 'Fan-out two' }]);
    await Promise.all(mine.map((s) => s.until(() => s.data().length >= 2, 'the second bidder event')));

    for (const s of mine) {
      expect(s.framingError).toBeNull();
      expect(s.data().map((e) => Number(e.id))).toEqual([forBidder, second]);
      expect(s.head()).toMatch(/^HTTP\/1\.1 200/);
      expect(s.head()).toMatch(/\r\ncontent-type: text\/event-stream/i);
    }
    const titles = (s: ReturnType<typeof stream>) =>
      s.data().map((e) => (JSON.parse(e.data!) as { data: { title: string } }).data.title);
    expect(titles(mine[0]!)).toEqual(['Fan-out one', 'Fan-out two']);
    expect(titles(mine[1]!)).toEqual(['Fan-out one', 'Fan-out two']);
    // The stream opened in Arabic too: events are written in the language the user chose (English here).
    expect(titles(mine[2]!)).toEqual(['Fan-out one', 'Fan-out two']);
    const payload = JSON.parse(mine[0]!.data()[0]!.data!) as { data: Record<string, unknown> };
    expect(payload.data).toMatchObject({ id: forBidder, title: 'Fan-out one', read: false, tender: null });
    expect(theirs.data().map((e) => Number(e.id))).toEqual([forAdmin]);
    for (const s of [...mine, theirs]) s.socket.destroy();
  });

  it('delivers one write for several users, several events each, to each user’s streams in order, once', async () => {
    const mine = [stream({ token: bidder }), stream({ token: bidder, lang: 'ar' })];
    const theirs = [stream({ token: admin }), stream({ token: admin })];
    await Promise.all([...mine, ...theirs].map(ready));
    // One transaction, so one tick and one batch of events for both users (a user's second event: a new batch).
    const ids = await write([
      { userId: bidderId, title: 'Batch b1' },
      { userId: adminId, title: 'Batch a1' },
      { userId: bidderId, title: 'Batch b2' },
      { userId: adminId, title: 'Batch a2' },
      { userId: bidderId, title: 'Batch b3' },
    ]);
    await Promise.all(mine.map((s) => s.until(() => s.data().length >= 3, 'the bidder events')));
    await Promise.all(theirs.map((s) => s.until(() => s.data().length >= 2, 'the admin events')));
    // A later event proves nothing else was queued (no duplicate, nothing crossed over).
    const [last] = await write([{ userId: bidderId, title: 'Batch last' }]);
    await Promise.all(mine.map((s) => s.until(() => s.data().length >= 4, 'the last event')));
    for (const s of mine) {
      expect(s.framingError).toBeNull();
      expect(s.data().map((e) => Number(e.id))).toEqual([ids[0], ids[2], ids[4], last]);
    }
    for (const s of theirs) expect(s.data().map((e) => Number(e.id))).toEqual([ids[1], ids[3]]);
    const titles = mine[1]!
      .data()
      .map((e) => (JSON.parse(e.data!) as { data: { title: string } }).data.title);
    // Opened in Arabic, written in the language the user chose (English).
    expect(titles).toEqual(['Batch b1', 'Batch b2', 'Batch b3', 'Batch last']);
    for (const s of [...mine, ...theirs]) s.socket.destroy();
  });

  it('replays exactly what follows Last-Event-ID, then goes live without a duplicate', async () => {
    const ids = await write([
      { userId: bidderId, title: 'Replay a' },
      { userId: bidderId, title: 'Replay b' },
      { userId: bidderId, title: 'Replay c' },
    ]);
    const s = stream({ token: bidder, lastEventId: ids[0]! });
    await s.until(() => s.data().length >= 2, 'the replay');
    const [live] = await write([{ userId: bidderId, title: 'Replay live' }]);
    await s.until(() => s.data().length >= 3, 'the live event');
    // A later event proves nothing else was queued in between (no duplicate of the replay or of the live one).
    const [last] = await write([{ userId: bidderId, title: 'Replay last' }]);
    await s.until(() => s.data().length >= 4, 'the last event');
    expect(s.data().map((e) => Number(e.id))).toEqual([ids[1], ids[2], live, last]);
    expect(s.framingError).toBeNull();
    s.socket.destroy();
  });

  it('sends plain SSE bytes to an HTTP/1.0 client (no chunked framing)', async () => {
    const s = stream({ token: bidder, http10: true });
    await ready(s);
    const [id] = await write([{ userId: bidderId, title: 'Old client' }]);
    await s.until(() => s.data().length >= 1, 'the event');
    expect(s.head()).not.toMatch(/transfer-encoding/i);
    expect(s.data().map((e) => Number(e.id))).toEqual([id]);
    s.socket.destroy();
  });

  it('answers HEAD with the head only and ends', async () => {
    const s = stream({ token: bidder, method: 'HEAD' });
    await s.until(() => s.head() !== null, 'the head');
    expect(s.head()).toMatch(/^HTTP\/1\.1 200/);
    expect(s.head()).toMatch(/\r\ncontent-type: text\/event-stream/i);
    const [id] = await write([{ userId: bidderId, title: 'After head' }]);
    expect(id).toBeGreaterThan(0);
    // A GET on a fresh stream gets the next event: the HEAD connection got no body at all.
    const g = stream({ token: bidder });
    await ready(g);
    const [next] = await write([{ userId: bidderId, title: 'After head 2' }]);
    await g.until(() => g.data().length >= 1, 'the event');
    expect(g.data().map((e) => Number(e.id))).toEqual([next]);
    expect(s.events).toEqual([]);
    s.socket.destroy();
    g.socket.destroy();
  });
});

describe('a stream that stops reading', () => {
  let server: Server;
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is ended once its unsent bytes pass the limit, instead of growing the server memory', async () => {
    let result: { written: number; ended: boolean; frameBytes: number } | null = null;
    const done = new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        const s = openStream(req, res, { 'content-type': 'text/event-stream' }, 'retry: 1000\n\n');
        const big = encodeFrame(`data: ${'x'.repeat(64 * 1024)}\n\n`);
        let written = 0;
        // The client never reads: the kernel buffers fill, then Node's, until the limit.
        while (written < 4 * 1024 && send(s, big) === SENT) written++;
        result = { written, ended: res.writableEnded, frameBytes: big.length };
        resolve();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client = net.connect({ port: (server.address() as net.AddressInfo).port, host: '127.0.0.1' });
    client.pause();
    client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await done;
    // Ended cleanly: once the client reads, it gets what the stream held and then the server's close.
    const ended = new Promise<void>((r) => client.once('end', r));
    client.on('data', () => {});
    client.resume();
    await ended;
    client.destroy();
    expect(result!.ended).toBe(true);
    // Ended by the frame that took the unsent bytes past the limit (not earlier, not never).
    expect((result!.written + 1) * result!.frameBytes).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(result!.written).toBeLessThan(4 * 1024);
  });
});
