/**
 * Live notifications under backpressure, end to end on real sockets (127.0.0.1): many clients that read at once,
 * some that read slowly, some that stop reading while hundreds of large events are written. Every client parses
 * its stream into whole events (each event's id checked against its payload); a
 * client whose stream ends reconnects with Last-Event-ID, as EventSource does. Whatever happened to it, each
 * client must end with every event exactly once and in order: nothing interleaved, duplicated or lost; and a
 * client that stopped reading must have been dropped with a clean close (whole events, then the server's close)
 * rather than buffered without limit.
 * On PostgreSQL the clients are spread over two API instances on one database (each its own hub; the events are
 * written through the first, so the second one's streams get them only through LISTEN/NOTIFY, the way a deployment
 * of several processes shares one fan-out); on PGlite (one process by design) all of them are on the one instance.
 */
import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema.ts';
import { MAX_BUFFERED_BYTES } from '../src/lib/sse.ts';
import { inTx } from '../src/lib/tx.ts';
import { BIDDER, DATABASE_URL, login, makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
/** The second instance on app's database (PostgreSQL only). */
let second: TestApp | null = null;
/** The instances' ports: a client connects to one of them. */
let ports: number[];
let token: string;
let bidderId: number;
const portOf = (a: TestApp) => (a.server.address() as net.AddressInfo).port;
beforeAll(async () => {
  app = await makeApp({ env: { sseHeartbeatMs: 60_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (DATABASE_URL) {
    second = await makeApp({
      seed: false,
      env: { sseHeartbeatMs: 60_000, databaseUrl: app.ctx.config.databaseUrl },
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
  }
  ports = [app, second].flatMap((a) => (a ? [portOf(a)] : []));
  token = await login(app, BIDDER);
  const db = app.ctx.database.db;
  bidderId = (await db.select({ id: users.id }).from(users).where(eq(users.email, BIDDER)))[0]!.id;
});
afterAll(async () => {
  for (const c of clients) c.socket?.destroy();
  await second?.cleanup();
  await app.cleanup();
});
/** Streams open on the instances together. */
const openStreams = () => app.ctx.sse.count() + (second?.ctx.sse.count() ?? 0);

/**
 * The event number k: its English and Arabic title and content (4 KB, so that buffers fill within a test's time,
 * yet a reconnecting client's catch-up of up to 500 events fits in its socket buffers and the bound).
 */
const CONTENT = 4 * 1024;
const titleOf = (k: number) => `Backpressure ${k}`;
const titleArOf = (k: number) => `ضغط ${k}`;
const contentOf = (k: number) => `c${k}:${'x'.repeat(CONTENT)}:${k}`;
const contentArOf = (k: number) => `م${k}:${'ب'.repeat(CONTENT / 2)}:${k}`;

type Mode = 'fast' | 'slow' | 'stalled';
type Client = {
  mode: Mode;
  /** The instance it connects to (every time it reconnects). */
  port: number;
  socket: net.Socket | null;
  /** The ids of the events received, over every connection, in order. */
  ids: number[];
  /** How each connection ended: 'clean' (closed by the server at an event boundary) or what went wrong. */
  endings: string[];
  errors: string[];
  /** While true the client does not read (a stalled client until it is let go). */
  stalled: boolean;
};
const clients: Client[] = [];

/** The event numbers by notification id (filled as they are written), to check each payload against its id. */
const numberOf = new Map<number, number>();

/**
 * Opens one connection for the client (with Last-Event-ID when it has events) and parses it: the head, the UTF-8
 * text, whole events. When the connection ends (closed by the server, or reset) its ending is noted and `onEnd`
 * runs.
 */
function connect(c: Client, lastEventId: number, onEnd: () => void) {
  const socket = net.connect({ port: c.port, host: '127.0.0.1' });
  c.socket = socket;
  socket.setNoDelay(true);
  socket.write(
    [
      'GET /api/v1/notification/subscribe HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${token}`,
      'Accept: text/event-stream',
      `Accept-Language: ${clients.indexOf(c) % 2 ? 'ar' : 'en'}`,
      `Last-Event-ID: ${lastEventId}`,
      '',
      '',
    ].join('\r\n'),
  );
  let raw = Buffer.alloc(0);
  let head: string | null = null;
  let text = '';
  let done = false;
  const decoder = new StringDecoder('utf8');
  const finish = (how: string) => {
    if (done) return;
    done = true;
    // An ending in the middle of an event would have cut it (a partial event is never dispatched).
    c.endings.push(
      how === 'clean' && text !== '' ? `clean end with a partial event left: ${text.length} chars` : how,
    );
    socket.destroy();
    onEnd();
  };
  const onEvent = (block: string) => {
    if (block.startsWith(':') || block.startsWith('retry:')) return;
    const lines = block.split('\n');
    const id = lines.find((l) => l.startsWith('id: '));
    const data = lines.find((l) => l.startsWith('data: '));
    if (!id || !data || lines.length !== 2) {
      c.errors.push(`malformed event ${JSON.stringify(block.slice(0, 80))}`);
      return;
    }
    const n = Number(id.slice(4));
    let payload: { data: { id: number; title: string; content: string } };
    try {
      payload = JSON.parse(data.slice(6));
    } catch {
      c.errors.push(`event ${n}: data is not whole JSON`);
      return;
    }
    const k = numberOf.get(n);
    const p = payload.data;
    const intact =
      k !== undefined &&
      p.id === n &&
      ((p.title === titleOf(k) && p.content === contentOf(k)) ||
        (p.title === titleArOf(k) && p.content === contentArOf(k)));
    if (!intact) c.errors.push(`event ${n}: its payload is not event ${k}'s`);
    c.ids.push(n);
  };
  const onBytes = () => {
    if (head === null) {
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return;
      head = raw.subarray(0, end).toString('latin1');
      if (
        !/^HTTP\/1\.1 200/.test(head) ||
        !/\r\nconnection: close/i.test(head) ||
        /transfer-encoding/i.test(head)
      ) {
        c.errors.push(`unexpected head ${head}`);
        return finish('bad head');
      }
      raw = raw.subarray(end + 4);
    }
    // The body is the event stream itself, until the connection ends.
    text += decoder.write(raw);
    raw = Buffer.alloc(0);
    for (let i = text.indexOf('\n\n'); i >= 0; i = text.indexOf('\n\n')) {
      onEvent(text.slice(0, i));
      text = text.slice(i + 2);
    }
  };
  socket.on('data', (b: Buffer) => {
    raw = Buffer.concat([raw, b]);
    onBytes();
    if (c.mode === 'slow' && !done) {
      // Reads a little, then stops for a while, again and again.
      socket.pause();
      setTimeout(() => socket.resume(), 2 + Math.floor(Math.random() * 12));
    }
  });
  socket.on('error', () => {});
  // The server closed its side after the stream's last bytes (FIN), or the connection was reset.
  socket.on('end', () => finish('clean'));
  socket.on('close', () => finish('reset'));
  if (c.stalled) socket.pause();
}

/** Keeps the client connected: whenever a connection ends, it reconnects with the last id it has. */
function follow(c: Client, baseline: number) {
  const again = () => {
    // A client reconnecting without end (the server refusing it) is a failure, not a loop.
    if (c.endings.length <= 20) connect(c, c.ids.at(-1) ?? baseline, again);
  };
  connect(c, baseline, again);
}

/** Writes events (one transaction, each announced on the bus after the commit) and notes their numbers. */
async function writeEvents(from: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  await inTx(app.ctx, async (tx, after) => {
    const rows = await tx
      .insert(notifications)
      .values(
        Array.from({ length: count }, (_, j) => ({
          userId: bidderId,
          title: titleOf(from + j),
          content: contentOf(from + j),
          titleAr: titleArOf(from + j),
          contentAr: contentArOf(from + j),
        })),
      )
      .returning({ id: notifications.id });
    rows.forEach((r, j) => {
      numberOf.set(r.id, from + j);
      ids.push(r.id);
    });
    after(async () => {
      for (const r of rows) await app.ctx.database.bus.publish({ userId: bidderId, id: r.id });
    });
  });
  return ids;
}

/** Where each client is: its kind, events received, how its connections ended (for a failure's message). */
const progress = () => clients.map((c) => `${c.mode} ${c.ids.length} [${c.endings.join(', ')}]`).join('; ');

async function until(ok: () => boolean, what: string, ms = 40_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${progress()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('every client, fast, slow or stalled, ends with every event once and in order; the fast ones get all while the stalled ones do not read, and those are dropped cleanly', async () => {
  const db = app.ctx.database.db;
  const [top] = await db.select({ m: max(notifications.id) }).from(notifications);
  const baseline = top?.m ?? 0;
  const modes: Mode[] = [
    ...Array<Mode>(24).fill('fast'),
    ...Array<Mode>(6).fill('slow'),
    ...Array<Mode>(4).fill('stalled'),
  ];
  // Each kind of client on each instance, in both languages (the language follows the index's parity).
  modes.forEach((mode, i) => {
    clients.push({
      mode,
      port: ports[(i >> 1) % ports.length]!,
      socket: null,
      ids: [],
      endings: [],
      errors: [],
      stalled: mode === 'stalled',
    });
  });
  for (const c of clients) follow(c, baseline);
  // Every stream is open (the servers hold all of them) before the first event.
  await until(() => openStreams() === clients.length, 'every stream open');

  // Enough for a stalled client's socket buffers and then its response's bound (each event ≈ 4 KB, several MB
  // in all), written in transactions of varied size so batches and ticks differ.
  const all: number[] = [];
  const sizes = [1, 7, 130, 2, 245, 13, 160, 5, 240, 17, 150, 10, 240, 1, 200, 3, 180];
  let k = 0;
  for (const n of sizes) {
    all.push(...(await writeEvents(k, n)));
    k += n;
    await new Promise((r) => setImmediate(r));
  }
  const bytesPerClient = all.length * CONTENT;
  expect(bytesPerClient).toBeGreaterThan(6 * MAX_BUFFERED_BYTES);
  const last = all.at(-1)!;
  const haveAll = (id: number) => () => clients.every((c) => c.ids.at(-1) === id);
  // Once the fast clients have the last event, the server has written every event to every stream it still
  // held; the stalled clients (dropped meanwhile, if the bound works) read again.
  await until(
    () => clients.every((c) => c.mode !== 'fast' || c.ids.at(-1) === last),
    'the last event at the fast clients',
  );
  for (const c of clients)
    if (c.stalled) {
      c.stalled = false;
      c.socket?.resume();
    }
  await until(haveAll(last), 'every client to have every event');
  // One more event, once all have the last: anything still queued behind (a duplicate) would come before it.
  all.push(...(await writeEvents(k, 1)));
  await until(haveAll(all.at(-1)!), 'the closing event');

  for (const c of clients) {
    expect({ mode: c.mode, errors: c.errors }).toEqual({ mode: c.mode, errors: [] });
    // Every event once, in order: nothing lost, duplicated or interleaved, whatever the reconnections.
    expect(c.ids).toEqual(all);
  }
  for (const c of clients.filter((x) => x.mode === 'stalled')) {
    // Dropped (the stream ended while it was not reading), and cleanly: whole events, then the server's close.
    expect(c.endings.length).toBeGreaterThanOrEqual(1);
    expect(c.endings[0]).toBe('clean');
  }
  // The fast clients were never dropped.
  for (const c of clients.filter((x) => x.mode === 'fast')) expect(c.endings).toEqual([]);
}, 180_000);
