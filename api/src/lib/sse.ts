import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Server-sent event streams written for fan-out: an event is encoded ONCE into the bytes that go on the wire
 * (with and without HTTP/1.1 chunked framing), and each stream writes those bytes straight to its socket — no
 * per-stream string, Buffer, chunk-size header or cork/uncork round of Node's HTTP layer. Node still writes the
 * response head and the first chunk (so status, headers and the framing decision are its own), and still ends
 * the response (the closing `0\r\n\r\n`): writes to the socket of a response that owns it keep their order.
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
  if (socket.writableLength > MAX_BUFFERED_BYTES) {
    s.res.destroy();
    return false;
  }
  return true;
}
