/**
 * A writer thread of the SSE fan-out (started by `createFanout` in sse.ts; not meant to be imported). It sleeps on
 * its state word until the event loop's thread offers it a round, takes it, then claims CLAIM entries of the shared
 * descriptor list at a time, writes each its frame with one write(2) and notes what the kernel took (bytes, 0 when
 * full, -1 when the peer is gone), and says done once none are left. It never closes, keeps or reads a descriptor:
 * the event loop's thread owns every connection and waits for `done` before it runs anything else, so each
 * descriptor is open and is the same connection for the whole round.
 */
import { workerData } from 'node:worker_threads';
import { CLAIM, CTL, type Shared, STATE, WORK, writeFd } from './sse.ts';

const data = workerData as Shared & { ctl: SharedArrayBuffer };
const ctl = new Int32Array(data.ctl);
const work = new Int32Array(data.work);
const fds = new Int32Array(data.fds);
const kinds = new Int32Array(data.kinds);
const results = new Int32Array(data.results);
const table = new Int32Array(data.table);
const frames: Uint8Array[] = [];

Atomics.store(ctl, CTL.ready, 1);
for (;;) {
  const state = Atomics.load(ctl, CTL.state);
  if (state === STATE.stop) break;
  if (
    state !== STATE.offered ||
    Atomics.compareExchange(ctl, CTL.state, STATE.offered, STATE.taken) !== STATE.offered
  ) {
    Atomics.wait(ctl, CTL.state, state);
    continue;
  }
  try {
    const n = work[WORK.kinds]!;
    frames.length = 0;
    for (let j = 0; j < n; j++) frames.push(new Uint8Array(data.bytes, table[2 * j]!, table[2 * j + 1]!));
    const end = work[WORK.end]!;
    for (;;) {
      const from = Atomics.add(work, WORK.next, CLAIM);
      if (from >= end) break;
      const to = Math.min(end, from + CLAIM);
      for (let k = from; k < to; k++) results[k] = writeFd(fds[k]!, frames[kinds[k]!]!);
    }
  } catch {
    // Not expected (writeFd catches the system's errors): what this writer claimed and did not write stays
    // NOT_TRIED, which the event loop's thread treats as a lost peer.
  } finally {
    Atomics.store(ctl, CTL.state, STATE.done);
    Atomics.notify(ctl, CTL.state);
  }
}
