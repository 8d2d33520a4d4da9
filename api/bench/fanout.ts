/**
 * The SSE fan-out alone (not a test): `node bench/fanout.ts`. A plain HTTP server in this process opens N streams
 * with `openStream` (src/lib/sse.ts); the clients are bench/sse-clients.ts in their own process (as in bench/run.ts).
 * Then one warm-up event (not counted) and REPS events go to every stream through `createFanout().sendAll`, one
 * after the other; no database, no HTTP framework. Prints the median time until the last stream had the event,
 * every event's figure, the median wall time of `sendAll` plus the tick it ends and the CPU this process spent on
 * it.
 * Env: N (10000), REPS (10), PORT (the server's; a free one without it).
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createFanout, encodeFrame, type Frame, openStream, type SseStream } from '../src/lib/sse.ts';

type Msg = { id?: number; ready?: boolean; opened?: number; count?: number; arrivals?: string[] };

const N = Number(process.env.N ?? 10_000);
const REPS = Number(process.env.REPS ?? 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;

const streams: SseStream[] = [];
const server = createServer((req, res) => {
  streams.push(openStream(req, res, { 'content-type': 'text/event-stream' }, 'retry: 1000\n\n'));
});
server.keepAliveTimeout = 120_000;
server.requestTimeout = 0;
await new Promise<void>((r) => server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', r));
const port = (server.address() as { port: number }).port;

const client = fork(join(import.meta.dirname, 'sse-clients.ts'), [], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let next = 1;
const waiting = new Map<number, (m: Msg) => void>();
const ready = new Promise<void>((resolve) => {
  client.on('message', (m: Msg) => {
    if (m.ready) resolve();
    else if (m.id) waiting.get(m.id)?.(m);
  });
});
const call = (cmd: string, extra: object = {}) =>
  new Promise<Msg>((resolve) => {
    const id = next++;
    waiting.set(id, resolve);
    client.send({ id, cmd, ...extra });
  });
await ready;
const opened = await call('open', { ports: [port], streams: N, token: 'none' });
console.log(
  `SSE fan-out alone: ${opened.opened} streams, ${REPS} events, Node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);

const fanout = createFanout();
await sleep(1000);
const all: number[] = [];
const wall: number[] = [];
const cpu: number[] = [];
const frames: Frame[] = [];
for (let round = 0; round <= REPS; round++) {
  const payload = { id: round, title: 'Bench event', content: 'x', read: false, tender: null, link: null };
  const frame = encodeFrame(`id: ${round}\ndata: ${JSON.stringify({ data: payload })}\n\n`);
  frames.length = 0;
  for (let i = 0; i < streams.length; i++) frames.push(frame);
  const cpu0 = process.cpuUsage();
  const at = process.hrtime.bigint();
  fanout.sendAll(streams, frames, streams.length);
  // The batch leaves when this tick ends (each socket stays corked until then).
  await new Promise((r) => setImmediate(r));
  const sendAllMs = Number(process.hrtime.bigint() - at) / 1e6;
  const used = process.cpuUsage(cpu0);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await sleep(20);
    if (Number((await call('arrivals', { round, count: true })).count) >= opened.opened!) break;
  }
  const got = (await call('arrivals', { round })).arrivals ?? [];
  if (round > 0) {
    all.push(
      got.length === opened.opened ? Math.max(...got.map((a) => Number(BigInt(a) - at) / 1e6)) : Infinity,
    );
    wall.push(sendAllMs);
    cpu.push((used.user + used.system) / 1000);
  }
  await sleep(200);
}
console.log(
  `all ${median(all).toFixed(0)} ms (${all.map((x) => x.toFixed(0)).join(' ')}), sendAll and its tick ${median(wall).toFixed(0)} ms, CPU ${median(cpu).toFixed(0)} ms, dropped ${fanout.stats.dropped}`,
);
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
client.kill();
process.exit(0);
