import { writeSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Server-sent event streams written for fan-out: an event is encoded ONCE into the bytes that go on the wire
 * (with and without HTTP/1.1 chunked framing), and each stream writes those bytes straight to its socket — no
 * per-stream string, Buffer, chunk-size header or cork/uncork round of Node's HTTP layer. Node still writes the
 * response head and the first chunk (so status, headers and the framing decision are its own), and still ends
 * the response (the closing `0\r\n\r\n`): writes to the socket of a response that owns it keep their order.
 *
 * A fan-out (`createFanout().sendAll`) writes one frame to many streams with one `write(2)` each on the socket's
 * file descriptor, the cheapest path Node offers (no Writable state, no write request, no callback). Almost all of
 * a write's cost is the kernel's (on loopback it also runs the receiver's TCP path), so a large fan-out is split
 * over this thread and writer threads (`sse-writer.ts`), one slice of the descriptors each, fork-join: this thread
 * hands out the slices, writes its own, and waits (Atomics.wait) until every writer has finished before it runs
 * anything else. Only this thread's event loop closes these sockets, so no descriptor can be closed — and its
 * number reused by another connection — while a writer holds it. A stream whose socket has anything queued in
 * Node (a slow reader, the head still corked) is written through Node instead, so bytes never overtake each
 * other; a write that the kernel takes only in part has the rest queued through Node, in order.
 */

/** One SSE frame as wire bytes: `plain` for a response without chunked framing, `chunked` with it. */
export type Frame = { readonly plain: Buffer; readonly chunked: Buffer };

export function encodeFrame(text: string): Frame {
  const plain = Buffer.from(text, 'utf8');
  const head = `${plain.length.toString(16)}\r\n`;
  const chunked = Buffer.allocUnsafe(head.length + plain.length + 2);
  chunked.write(head, 0, 'latin1');
  plain.copy(chunked, head.length);
  chunked.write('\r\n', head.length + plain.length, 'latin1');
  return { plain, chunked };
}

/** A stream whose client has this much unsent data is cut: it reconnects with Last-Event-ID and catches up. */
export const MAX_BUFFERED_BYTES = 1 << 20;

export type SseStream = {
  readonly res: ServerResponse;
  /** The socket written to directly, or null (the response does not own its socket yet: written through Node). */
  readonly socket: Socket | null;
  readonly chunked: boolean;
};

/** Sends the head and the first frame through Node, then hands out the stream for direct writes. */
export function openStream(
  req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
  first: string,
): SseStream {
  res.writeHead(200, headers);
  res.write(first);
  // A response that is not the socket's current one (pipelined behind another) or a HEAD response (no body
  // allowed) must go through Node.
  const own = res.socket && req.method !== 'HEAD' ? res.socket : null;
  own?.setNoDelay(true);
  return { res, socket: own, chunked: res.chunkedEncoding };
}

/** Writes one frame; false when the stream is gone or was cut for not reading (see MAX_BUFFERED_BYTES). */
export function send(s: SseStream, f: Frame): boolean {
  // An ended response's socket may already carry the next request's answer (keep-alive).
  if (s.res.writableEnded || s.res.destroyed) return false;
  const socket = s.socket;
  if (socket === null) {
    s.res.write(f.plain);
    return true;
  }
  if (socket.destroyed) return false;
  socket.write(s.chunked ? f.chunked : f.plain);
  return keep(s, socket);
}

function keep(s: SseStream, socket: Socket): boolean {
  if (socket.writableLength > MAX_BUFFERED_BYTES) {
    s.res.destroy();
    return false;
  }
  return true;
}

/**
 * The descriptor a frame may be written to directly, or -1: the stream must go through Node (no socket of its
 * own, TLS, already closing, or bytes queued or corked in Node that the frame must not overtake).
 */
function directFd(s: SseStream): number {
  const socket = s.socket;
  if (socket === null || socket.destroyed || socket.writableLength !== 0 || socket.writableCorked !== 0)
    return -1;
  if ((socket as { encrypted?: boolean }).encrypted) return -1;
  // `_handle` is the libuv TCP handle (Node's own field, public in all but name); null once closed.
  const handle = (socket as unknown as { _handle: { fd?: number } | null })._handle;
  return handle && typeof handle.fd === 'number' ? handle.fd : -1;
}

/** write(2) on a non-blocking socket: the bytes taken (0: the send buffer is full), or -1 (the peer is gone). */
export function writeFd(fd: number, bytes: Uint8Array): number {
  try {
    return writeSync(fd, bytes);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EAGAIN' ? 0 : -1;
  }
}

/** Each writer's control words (Int32Array over a SharedArrayBuffer): its state for the current round, ready. */
export const CTL = { state: 0, ready: 1, size: 2 } as const;
/**
 * A writer's state: the event loop's thread OFFERS it a round; the writer TAKES it (compare-and-swap) and says DONE,
 * or the event loop's thread, finished first, withdraws the offer (back to IDLE) so that a writer not yet woken is
 * not waited for.
 */
export const STATE = { idle: 0, offered: 1, taken: 2, done: 3, stop: 4 } as const;
/** The round, shared by all: the next unclaimed write, the end, and how many frame kinds `table` holds. */
export const WORK = { next: 0, end: 1, kinds: 2, size: 4 } as const;
/** Writes claimed at once (one atomic add each): small enough that nobody waits long for another's last claim. */
export const CLAIM = 64;
/** A result not written yet (a claim of a writer that stopped answering counts as a lost peer). */
export const NOT_TRIED = -2;
/** Direct writes per round (a larger fan-out goes in rounds of this many). */
export const SLICE = 1 << 16;
/**
 * Room for the frames of one round (every distinct frame once, chunked and plain: one per language for one event,
 * one per recipient when payloads differ); a round ends early when its frames would not fit.
 */
export const FRAME_BYTES = 1 << 22;
export const MAX_KINDS = 1 << 14;
/** Below this many direct writes the handing-out costs more than it saves: this thread writes them all. */
const PARALLEL_MIN = 512;

export type Shared = {
  work: SharedArrayBuffer;
  fds: SharedArrayBuffer;
  kinds: SharedArrayBuffer;
  results: SharedArrayBuffer;
  bytes: SharedArrayBuffer;
  /** Per frame kind: offset and length in `bytes`. */
  table: SharedArrayBuffer;
};

type Writer = { worker: Worker; ctl: Int32Array; failed: boolean };
const NONE: Writer[] = [];

/** How many writer threads a fan-out uses besides the event loop's: SSE_WRITER_THREADS, else one per other core. */
export function defaultWriterThreads(): number {
  const env = process.env.SSE_WRITER_THREADS;
  if (env !== undefined && env !== '' && Number.isInteger(Number(env))) return Math.max(0, Number(env));
  return Math.min(3, availableParallelism() - 1);
}

/**
 * A fan-out writer: `sendAll(streams, frames, n)` writes frames[i] to streams[i] for i < n and answers, per i,
 * whether the stream took it (1) or is gone / was cut (0). The answer array is reused by the next call.
 */
export function createFanout(
  opts: {
    threads?: number;
    /** Direct writes from which a fan-out is spread over the writer threads (PARALLEL_MIN). */
    parallelMin?: number;
    log?: (msg: string, err?: unknown) => void;
  } = {},
) {
  const threads = opts.threads ?? defaultWriterThreads();
  const parallelMin = opts.parallelMin ?? PARALLEL_MIN;
  let ok = new Uint8Array(1024);
  /** Per direct write: its index in the call, descriptor and frame kind (2 × distinct frame + chunked). */
  let pos = new Int32Array(1024);
  let fds: Int32Array<ArrayBufferLike> = new Int32Array(1024);
  let kinds: Int32Array<ArrayBufferLike> = new Int32Array(1024);
  let results: Int32Array<ArrayBufferLike> = new Int32Array(1024);
  /** This round's distinct frames, their index, and the bytes they take (chunked and plain). */
  const distinct: Frame[] = [];
  const indexOf = new Map<Frame, number>();
  let distinctBytes = 0;
  let shared: Shared | null = null;
  let table: Int32Array | null = null;
  let work: Int32Array | null = null;
  let bytes: Uint8Array | null = null;
  const writers: Writer[] = [];
  let closed = false;
  /**
   * What the fan-outs did so far: frames written directly (`byWriters` of them by the writer threads), through
   * Node, cut, and rounds shared with the writers.
   */
  const stats = { direct: 0, byWriters: 0, throughNode: 0, cut: 0, parallelRounds: 0 };

  function grow(n: number) {
    if (ok.length >= n) return;
    let size = ok.length;
    while (size < n) size *= 2;
    ok = new Uint8Array(size);
    pos = new Int32Array(size);
    if (!shared) {
      fds = new Int32Array(size);
      kinds = new Int32Array(size);
      results = new Int32Array(size);
    }
  }

  /** Starts the writer threads (once); until they are ready, fan-outs are written by this thread alone. */
  function warm() {
    if (closed || shared || threads <= 0) return;
    shared = {
      work: new SharedArrayBuffer(4 * WORK.size),
      fds: new SharedArrayBuffer(4 * SLICE),
      kinds: new SharedArrayBuffer(4 * SLICE),
      results: new SharedArrayBuffer(4 * SLICE),
      bytes: new SharedArrayBuffer(FRAME_BYTES),
      table: new SharedArrayBuffer(4 * 2 * MAX_KINDS),
    };
    fds = new Int32Array(shared.fds);
    kinds = new Int32Array(shared.kinds);
    results = new Int32Array(shared.results);
    bytes = new Uint8Array(shared.bytes);
    table = new Int32Array(shared.table);
    work = new Int32Array(shared.work);
    for (let i = 0; i < threads; i++) {
      const ctl = new Int32Array(new SharedArrayBuffer(4 * CTL.size));
      const worker = new Worker(new URL('./sse-writer.ts', import.meta.url), {
        workerData: { ...shared, ctl: ctl.buffer },
      });
      const w: Writer = { worker, ctl, failed: false };
      worker.unref();
      worker.on('error', (err) => {
        w.failed = true;
        opts.log?.('sse writer thread failed', err);
      });
      worker.on('exit', () => {
        w.failed = true;
      });
      writers.push(w);
    }
  }

  const readyWriters: Writer[] = [];
  function ready(): Writer[] {
    readyWriters.length = 0;
    for (const w of writers) if (!w.failed && Atomics.load(w.ctl, CTL.ready) === 1) readyWriters.push(w);
    return readyWriters;
  }

  /** The frame kind (2 × its index among this round's distinct frames + chunked), or -1: the round is full. */
  function kindOf(f: Frame, chunked: boolean): number {
    let k = distinct.length > 0 && distinct[distinct.length - 1] === f ? distinct.length - 1 : indexOf.get(f);
    if (k === undefined) {
      const size = f.plain.length + f.chunked.length;
      // (The first frame of a round always fits in it: one larger than the room is written by this thread alone.)
      if (distinct.length > 0 && (2 * distinct.length >= MAX_KINDS || distinctBytes + size > FRAME_BYTES))
        return -1;
      k = distinct.length;
      distinct.push(f);
      indexOf.set(f, k);
      distinctBytes += size;
    }
    return 2 * k + (chunked ? 1 : 0);
  }
  const bytesOf = (kind: number) => {
    const f = distinct[kind >> 1]!;
    return kind & 1 ? f.chunked : f.plain;
  };

  /**
   * Writes direct entries [0, d) of this round: shared with the writers when worth it (each claims CLAIM writes at a
   * time until none are left, so a writer that wakes late or loses its core leaves its share to the others), else
   * all here.
   */
  function writeDirect(d: number) {
    const ws = d >= parallelMin && table && bytes && work ? ready() : NONE;
    const parallel = ws.length > 0 && distinctBytes <= FRAME_BYTES;
    if (parallel && table && bytes) {
      // The round's frames where the writers read them (kindOf kept them within FRAME_BYTES and MAX_KINDS).
      let off = 0;
      for (let kind = 0; kind < 2 * distinct.length; kind++) {
        const b = bytesOf(kind);
        bytes.set(b, off);
        table[2 * kind] = off;
        table[2 * kind + 1] = b.length;
        off += b.length;
      }
    }
    if (!parallel || !work) {
      for (let k = 0; k < d; k++) results[k] = writeFd(fds[k]!, bytesOf(kinds[k]!));
      return;
    }
    stats.parallelRounds++;
    work[WORK.end] = d;
    work[WORK.kinds] = 2 * distinct.length;
    Atomics.store(work, WORK.next, 0);
    for (const w of ws) {
      Atomics.store(w.ctl, CTL.state, STATE.offered);
      Atomics.notify(w.ctl, CTL.state);
    }
    let mine = 0;
    for (;;) {
      const from = Atomics.add(work, WORK.next, CLAIM);
      if (from >= d) break;
      const to = Math.min(d, from + CLAIM);
      for (let k = from; k < to; k++) results[k] = writeFd(fds[k]!, bytesOf(kinds[k]!));
      mine += to - from;
    }
    stats.byWriters += d - mine;
    // Join: nothing else runs on this thread (no socket can close) until no writer holds a descriptor.
    for (const w of ws) {
      if (Atomics.compareExchange(w.ctl, CTL.state, STATE.offered, STATE.idle) === STATE.offered) continue;
      for (;;) {
        const state = Atomics.load(w.ctl, CTL.state);
        if (state === STATE.done) {
          Atomics.store(w.ctl, CTL.state, STATE.idle);
          break;
        }
        if (Atomics.wait(w.ctl, CTL.state, state, 30_000) === 'timed-out') {
          // A writer never blocks (the sockets are non-blocking): one silent this long is gone. What it claimed
          // and did not write stays NOT_TRIED (those streams are cut below and reconnect); it is not used again.
          w.failed = true;
          opts.log?.('sse writer thread stopped answering');
          break;
        }
      }
    }
  }

  function sendAll(streams: readonly SseStream[], frames: readonly Frame[], n: number): Uint8Array {
    grow(n);
    let i = 0;
    while (i < n) {
      // One round: up to SLICE direct writes (the writers' shared arrays hold that many).
      distinct.length = 0;
      indexOf.clear();
      distinctBytes = 0;
      let d = 0;
      for (; i < n && d < fds.length && d < SLICE; i++) {
        const s = streams[i]!;
        const f = frames[i]!;
        if (s.res.writableEnded || s.res.destroyed) {
          ok[i] = 0;
          continue;
        }
        const fd = directFd(s);
        if (fd < 0) {
          stats.throughNode++;
          ok[i] = send(s, f) ? 1 : 0;
          if (ok[i] === 0) stats.cut++;
          continue;
        }
        const kind = kindOf(f, s.chunked);
        if (kind < 0) break;
        pos[d] = i;
        fds[d] = fd;
        kinds[d] = kind;
        results[d] = NOT_TRIED;
        d++;
      }
      writeDirect(d);
      for (let k = 0; k < d; k++) {
        const j = pos[k]!;
        const s = streams[j]!;
        const r = results[k]!;
        const b = bytesOf(kinds[k]!);
        if (r === b.length) {
          ok[j] = 1;
          stats.direct++;
        } else if (r < 0) {
          // The peer is gone (reset, broken pipe): the response ends here and the stream leaves the hub.
          s.res.destroy();
          ok[j] = 0;
          stats.cut++;
        } else {
          // The kernel took part of it (a slow reader): the rest waits in Node, in order, within the limit.
          const socket = s.socket!;
          socket.write(r === 0 ? b : b.subarray(r));
          ok[j] = keep(s, socket) ? 1 : 0;
          if (ok[j] === 1) stats.throughNode++;
          else stats.cut++;
        }
      }
    }
    return ok;
  }

  return {
    sendAll,
    /** Starts the writer threads ahead of a large fan-out (the hub calls it once it holds many streams). */
    warm,
    /** Writer threads started and ready (for tests and the benchmark). */
    threads: () => ready().length,
    stats,
    close() {
      closed = true;
      for (const w of writers) {
        Atomics.store(w.ctl, CTL.state, STATE.stop);
        Atomics.notify(w.ctl, CTL.state);
      }
      writers.length = 0;
    },
  };
}

export type Fanout = ReturnType<typeof createFanout>;
