/**
 * A writer thread of the SSE fan-out (started by `createFanout` in sse.ts; not meant to be imported). It sleeps on
 * its control words until the event loop's thread hands it a slice [from, to) of the shared descriptor list, writes
 * each one its frame with one write(2), notes what the kernel took (bytes, 0 when full, -1 when the peer is gone)
 * and says done. It never closes, keeps or reads a descriptor: the event loop's thread owns every connection and
 * waits for `done` before it runs anything else, so each descriptor is open and is the same connection throughout.
 */
import { workerData } from 'node:worker_threads';
import { CTL, type Shared, writeFd } from './sse.ts';

const data = workerData as Shared & { ctl: SharedArrayBuffer };
const ctl = new Int32Array(data.ctl);
const fds = new Int32Array(data.fds);
const kinds = new Uint8Array(data.kinds);
const results = new Int32Array(data.results);
const table = new Int32Array(data.table);
const frames: Uint8Array[] = [];

Atomics.store(ctl, CTL.ready, 1);
let seen = 0;
for (;;) {
  Atomics.wait(ctl, CTL.seq, seen);
  const seq = Atomics.load(ctl, CTL.seq);
  if (seq === seen) continue;
  seen = seq;
  if (Atomics.load(ctl, CTL.stop) === 1) break;
  const to = ctl[CTL.to]!;
  let k = ctl[CTL.from]!;
  try {
    const n = ctl[CTL.kinds]!;
    frames.length = 0;
    for (let j = 0; j < n; j++) frames.push(new Uint8Array(data.bytes, table[2 * j]!, table[2 * j + 1]!));
    for (; k < to; k++) results[k] = writeFd(fds[k]!, frames[kinds[k]!]!);
  } catch {
    // Not expected (writeFd catches the system's errors): what was not written counts as a lost peer.
    for (; k < to; k++) results[k] = -1;
  } finally {
    Atomics.store(ctl, CTL.done, seq);
    Atomics.notify(ctl, CTL.done);
  }
}
