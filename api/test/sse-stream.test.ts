/**
 * The fan-out writer (`createFanout` in src/lib/sse.ts) on real sockets: every stream gets every frame once, whole
 * and in order (also right behind the head), a stream whose client does not read is dropped at the bound with a
 * clean close and holds no more than that, without holding up the others, and streams reset by
 * their client are reported gone while the others get every frame. And the module uses Node's public API only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createFanout,
  encodeFrame,
  type Frame,
  MAX_BUFFERED_BYTES,
  openStream,
  type SseStream,
} from '../src/lib/sse.ts';

type Client = { socket: net.Socket; bytes: () => string; received: number; ended: boolean };

let server: Server;
let port: number;
/** Streams opened on the server, in the order their requests came. */
const streams: SseStream[] = [];
let onOpen: ((s: SseStream, res: ServerResponse) => void) | null = null;
const clients: Client[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const s = openStream(req, res, { 'content-type': 'text/event-stream' }, 'retry: 1000\n\n');
    streams.push(s);
    onOpen?.(s, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
});
afterEach(() => {
  for (const c of clients.splice(0)) c.socket.destroy();
  for (const s of streams.splice(0)) s.res.destroy();
  onOpen = null;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function connect(opts: { read?: boolean; http10?: boolean } = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const parts: Buffer[] = [];
    const c: Client = {
      socket,
      bytes: () => Buffer.concat(parts).toString('utf8'),
      received: 0,
      ended: false,
    };
    clients.push(c);
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write(`GET / HTTP/1.${opts.http10 ? 0 : 1}\r\nHost: x\r\n\r\n`);
      if (opts.read === false) {
        socket.pause();
        resolve(c);
      }
    });
    socket.on('data', (b: Buffer) => {
      parts.push(b);
      c.received += b.length;
      if (c.bytes().includes('retry: 1000')) resolve(c);
    });
    // The server closed its side (after the stream's last bytes).
    socket.once('end', () => {
      c.ended = true;
    });
    socket.once('close', () => reject(new Error('closed before the head')));
  });
}

/** Opens n streams and waits until the server holds all of them. */
async function open(n: number, opts: { read?: boolean; http10?: boolean } = {}) {
  // A client is ready once it has the server's `retry:`, i.e. once the server holds its stream.
  const cs: Client[] = [];
  for (let i = 0; i < n; i += 100)
    cs.push(...(await Promise.all(Array.from({ length: Math.min(100, n - i) }, () => connect(opts)))));
  return cs;
}

async function until(ok: () => boolean, what = 'condition', ms = 10_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The body after the head: the event stream itself (it is delimited by the end of the connection). */
const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);

function sendToAll(
  f: ReturnType<typeof createFanout>,
  frameOf: (i: number) => Frame,
  of: readonly SseStream[] = streams,
) {
  const frames = of.map((_, i) => frameOf(i));
  return Array.from(f.sendAll(of, frames, of.length).subarray(0, of.length));
}

describe('fan-out', () => {
  it('delivers every frame to every stream once, whole and in order (HTTP/1.1 and 1.0)', async () => {
    const f = createFanout();
    const http11 = await open(300);
    const http10 = await open(20, { http10: true });
    const en = Array.from({ length: 5 }, (_, k) => encodeFrame(`id: ${k}\ndata: {"n":${k},"t":"Event"}\n\n`));
    const ar = Array.from({ length: 5 }, (_, k) => encodeFrame(`id: ${k}\ndata: {"n":${k},"t":"حدث"}\n\n`));
    for (let k = 0; k < 5; k++) {
      const ok = sendToAll(f, (i) => (i % 2 ? ar[k]! : en[k]!));
      expect(ok.every((x) => x === 1)).toBe(true);
    }
    expect(f.stats).toEqual({ sent: 5 * 320, gone: 0, dropped: 0 });
    const event = (i: number, k: number) => `id: ${k}\ndata: {"n":${k},"t":"${i % 2 ? 'حدث' : 'Event'}"}\n\n`;
    const expected = (i: number) => `retry: 1000\n\n${[0, 1, 2, 3, 4].map((k) => event(i, k)).join('')}`;
    // Stream i (server side) is the client whose local port is its remote port.
    const byPort = new Map([...http11, ...http10].map((c) => [c.socket.localPort, c]));
    const textOf = (s: SseStream) => bodyOf(byPort.get(s.res.socket!.remotePort)!.bytes());
    await until(() => streams.every((s, i) => textOf(s).length >= expected(i).length), 'every frame');
    streams.forEach((s, i) => {
      expect(textOf(s)).toBe(expected(i));
    });
    // No chunked framing for either protocol: the body ends with the connection, which says so.
    for (const c of [...http11, ...http10]) {
      const head = c.bytes().slice(0, c.bytes().indexOf('\r\n\r\n'));
      expect(head).not.toMatch(/transfer-encoding/i);
      expect(head).toMatch(/\r\nconnection: close/i);
    }
  });

  it('gives each stream its own frame when every recipient has a different one', async () => {
    const f = createFanout();
    const cs = await open(300);
    const own = streams.map((_, i) => encodeFrame(`id: ${i}\ndata: {"for":${i}}\n\n`));
    const ok = sendToAll(f, (i) => own[i]!);
    expect(ok.every((x) => x === 1)).toBe(true);
    const byPort = new Map(cs.map((c) => [c.socket.localPort, c]));
    const textOf = (s: SseStream) => bodyOf(byPort.get(s.res.socket!.remotePort)!.bytes());
    const expected = (i: number) => `retry: 1000\n\nid: ${i}\ndata: {"for":${i}}\n\n`;
    await until(() => streams.every((s, i) => textOf(s).length >= expected(i).length), 'every frame');
    streams.forEach((s, i) => {
      expect(textOf(s)).toBe(expected(i));
    });
  });

  it('puts a frame sent in the same tick as the head after it', async () => {
    const f = createFanout();
    const frame = encodeFrame('id: 1\ndata: {"first":true}\n\n');
    onOpen = (s) => {
      f.sendAll([s], [frame], 1);
    };
    const cs = await open(50);
    await until(() => cs.every((c) => c.bytes().includes('"first":true')), 'the frames');
    for (const c of cs) expect(bodyOf(c.bytes())).toBe('retry: 1000\n\nid: 1\ndata: {"first":true}\n\n');
  });
});

describe('a client that stops reading among fast ones', () => {
  it('is dropped at the bound with a clean close, holds no more than that, and does not delay the others', async () => {
    const f = createFanout();
    const fast = await open(5);
    const slow = await connect({ read: false });
    await until(() => streams.length === 6, 'the slow stream');
    const slowStream = streams[5]!;
    const frameOf = (k: number) => encodeFrame(`id: ${k}\ndata: ${String(k).padEnd(128 * 1024, '.')}\n\n`);
    const frameBytes = frameOf(0).length;
    let maxHeld = 0;
    let k = 0;
    // Until the slow stream is dropped: every event reaches every fast stream (they read as it goes).
    while (!slowStream.res.writableEnded && k < 400) {
      const ok = sendToAll(f, () => frameOf(k));
      expect(ok.slice(0, 5).every((x) => x === 1)).toBe(true);
      maxHeld = Math.max(maxHeld, slowStream.res.writableLength);
      k++;
      await new Promise((r) => setImmediate(r));
      await until(() => fast.every((c) => c.received >= k * frameBytes), 'the fast streams');
    }
    expect(slowStream.res.writableEnded).toBe(true);
    expect(f.stats.dropped).toBe(1);
    // Node never held more than the bound and the one frame that went past it.
    expect(maxHeld).toBeLessThanOrEqual(MAX_BUFFERED_BYTES + frameBytes + 16);
    // After the drop the fast streams keep getting events, and the dropped one is reported gone.
    const ok = sendToAll(f, () => frameOf(k));
    expect(ok.slice(0, 5).every((x) => x === 1)).toBe(true);
    expect(ok[5]).toBe(0);
    // The client reads again: whole events 0 … k-1 in order (nothing after the drop), then the server's close.
    slow.socket.resume();
    await until(() => slow.ended, 'the close');
    const text = bodyOf(slow.bytes());
    const events = text.split('\n\n').slice(1, -1);
    expect(events.map((e) => Number(e.slice(4, e.indexOf('\n'))))).toEqual(
      Array.from({ length: k }, (_, j) => j),
    );
    expect(text.endsWith('\n\n')).toBe(true);
  });
});

describe('streams reset by their client', () => {
  it('are reported gone once Node sees it, and the others get every frame', async () => {
    const f = createFanout();
    const cs = await open(60);
    const byRemote = new Map(streams.map((s, i) => [s.res.socket!.remotePort, i]));
    const reset = new Set<number>();
    for (let k = 0; k < cs.length; k += 3) {
      reset.add(byRemote.get(cs[k]!.socket.localPort)!);
      cs[k]!.socket.resetAndDestroy();
    }
    const frame = encodeFrame('data: after-reset\n\n');
    // A write to a peer that is gone is an error Node reports later, on that response alone.
    sendToAll(f, () => frame);
    await until(() => [...reset].every((i) => streams[i]!.res.destroyed), 'the resets seen');
    const ok = sendToAll(f, () => frame);
    streams.forEach((s, i) => {
      expect(ok[i]).toBe(reset.has(i) ? 0 : 1);
      expect(s.res.destroyed).toBe(reset.has(i));
    });
    const alive = cs.filter((_, k) => k % 3 !== 0);
    await until(
      () => alive.every((c) => c.bytes().endsWith('data: after-reset\n\ndata: after-reset\n\n')),
      'the others',
    );
  });
});

describe('Node internals', () => {
  it('the API reads no private field of Node objects (`_handle`, `_httpMessage`, … : names that start with _)', () => {
    const src = join(import.meta.dirname, '../src');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const hits = files.flatMap((f) =>
      readFileSync(join(src, f), 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `${f}:${i + 1}`, line }))
        .filter(({ line }) => /\.\s*_[A-Za-z]/.test(line) || /\[['"]_[A-Za-z]/.test(line)),
    );
    expect(hits).toEqual([]);
  });
});
