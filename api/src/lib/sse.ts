import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Server-sent event streams written for fan-out, through Node's public response API only: an event is encoded
 * ONCE into one Buffer, and every stream gets it with `res.write()` on its own response, so Node keeps each
 * stream's bytes in order and buffers what the kernel has not taken yet.
 *
 * The body is delimited by the end of the connection, not chunked (RFC 9112 §6.3: a response without length or
 * transfer coding ends when the connection closes; HTTP/1.0 clients get that anyway): a frame goes out as its own
 * bytes, one buffer per write instead of a chunk header, the frame and the chunk's end (≈ 1.5 µs less CPU per
 * stream and event, api/README.md "Live notifications: the fan-out"), and ending a stream closes its connection,
 * which is what an EventSource needs to reconnect. An SSE event is delimited by its blank line, and a client drops
 * an event cut short by a close, so the framing loses nothing.
 *
 * Each write is corked on the response's socket (`cork()` / `uncork()`, public Writable API) so that it leaves at
 * once. Left to itself Node would cork the socket until the end of the tick instead, so a batch's writes would
 * wait in Node's buffer until the whole batch was written — and the backpressure check below would count them as
 * a slow client's.
 *
 * Backpressure: after a write, a stream whose response holds more than MAX_BUFFERED_BYTES unsent (its client
 * reads too slowly or not at all) is dropped with a clean close — `res.end()` after what it already holds, so
 * the client receives whole events up to the last one it was given, then the connection closes, and it
 * reconnects with Last-Event-ID to catch up from the database. A client that does not read even that within
 * DROP_GRACE_MS is destroyed. Nothing is ever written to a stream after it was dropped.
 */

/** One SSE event (or comment) as the bytes of its text, encoded once for every stream that gets it. */
export type Frame = Buffer;

export function encodeFrame(text: string): Frame {
  return Buffer.from(text, 'utf8');
}

/** A stream whose response holds more than this unsent is dropped (it reconnects and catches up). */
export const MAX_BUFFERED_BYTES = 1 << 20;
/** How long a dropped stream may take to receive what it holds and the end before it is destroyed. */
const DROP_GRACE_MS = 30_000;

export type SseStream = { readonly res: ServerResponse };

/** Sends the head and the first text (`retry:`) and returns the stream. */
export function openStream(
  _req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
  first: string,
): SseStream {
  // No chunked transfer coding: the body ends with the connection (see above).
  res.removeHeader('transfer-encoding');
  const own = Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'connection');
  res.writeHead(200, { ...Object.fromEntries(own), connection: 'close' });
  res.write(first);
  res.socket?.setNoDelay(true);
  return { res };
}

/** Ends a stream that is over the bound: what it holds, then the close; destroyed if it does not take them. */
function drop(res: ServerResponse) {
  res.end();
  if (res.writableFinished) return;
  const timer = setTimeout(() => res.destroy(), DROP_GRACE_MS);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}

/** The outcome of one write: the stream took the frame, or it was already gone, or it was dropped now. */
export const SENT = 1;
const GONE = 0;
const DROPPED = 2;

/** Writes one frame; SENT, GONE (ended or destroyed before) or DROPPED (over the bound: ended now). */
export function send(s: SseStream, f: Frame): number {
  const res = s.res;
  if (res.writableEnded || res.destroyed) return GONE;
  // No socket yet (a pipelined response waiting its turn): Node holds the bytes in order until it has one.
  const socket = res.socket;
  socket?.cork();
  res.write(f);
  socket?.uncork();
  if (res.writableLength > MAX_BUFFERED_BYTES) {
    drop(res);
    return DROPPED;
  }
  return SENT;
}

/**
 * A fan-out writer: `sendAll(streams, frames, n)` writes frames[i] to streams[i] for i < n and answers, per i,
 * whether the stream took it (1) or is gone / was dropped (0). The answer array is reused by the next call.
 */
export function createFanout() {
  let ok = new Uint8Array(1024);
  /** What the fan-outs did so far: frames written, streams found gone, streams dropped for not reading. */
  const stats = { sent: 0, gone: 0, dropped: 0 };

  function sendAll(streams: readonly SseStream[], frames: readonly Frame[], n: number): Uint8Array {
    if (ok.length < n) {
      let size = ok.length;
      while (size < n) size *= 2;
      ok = new Uint8Array(size);
    }
    for (let i = 0; i < n; i++) {
      const r = send(streams[i]!, frames[i]!);
      if (r === SENT) {
        ok[i] = 1;
        stats.sent++;
      } else {
        ok[i] = 0;
        if (r === GONE) stats.gone++;
        else stats.dropped++;
      }
    }
    return ok;
  }

  return { sendAll, stats };
}
