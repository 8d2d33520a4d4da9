/**
 * The SSE fan-out alone (not a test): `node bench/fanout.ts`. A plain HTTP server in this process opens N streams
 * with `openStream` (src/lib/sse.ts); the clients are bench/sse-clients.ts in their own process (as in bench/run.ts).
 * Then events go to every stream through `createFanout` with each writer-thread count of VARIANTS, interleaved
 * (A B A B …, so a change of load hits every variant alike), REPS events each; no database, no HTTP framework.
 * Prints per variant the median time until the last stream had the event, every event's figure, the median wall
 * time of `sendAll` and the CPU this process spent in it (its threads included).
 * Env: N (10000), VARIANTS (writer threads, comma list: 0,1), REPS (10).
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createFanout, encodeFrame, type Frame, openStream, type SseStream } from '../src/lib/sse.ts';

type Msg = { id?: number; ready?: boolean; opened?: number; count?: number; arrivals?: string[] };

const N = Number(process.env.N ?? 10_000);
const VARIANTS = (process.env.VARIANTS ?? '0,1').split(',').map(Number);
const REPS = Number(process.env.REPS ?? 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;

const streams: SseStream[] = [];
const server = createServer((req, res) => {
  streams.push(openStream(req, res, { 'content-type': 'text/event-stream' }, 'retry: 1000\n\n'));
});
server.keepAliveTimeout = 120_000;
server.requestTimeout = 0;
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
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
  `SSE fan-out alone: ${opened.opened} streams, writer threads ${VARIANTS.join(' / ')}, ${REPS} events each, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);

const fanouts = VARIANTS.map((threads) => createFanout({ threads }));
for (const f of fanouts) f.warm();
await sleep(1000);
const all = VARIANTS.map(() => [] as number[]);
const wall = VARIANTS.map(() => [] as number[]);
const cpu = VARIANTS.map(() => [] as number[]);
const frames: Frame[] = [];
let round = 0;
for (let rep = 0; rep < REPS; rep++) {
  for (let v = 0; v < VARIANTS.length; v++) {
    const payload = { id: round, title: 'Bench event', content: 'x', read: false, tender: null, link: null };
    const frame = encodeFrame(`id: ${round}\ndata: ${JSON.stringify({ data: payload })}\n\n`);
    frames.length = 0;
    for (let i = 0; i < streams.length; i++) frames.push(frame);
    const cpu0 = process.cpuUsage();
    const at = process.hrtime.bigint();
    fanouts[v]!.sendAll(streams, frames, streams.length);
    wall[v]!.push(Number(process.hrtime.bigint() - at) / 1e6);
    const used = process.cpuUsage(cpu0);
    cpu[v]!.push((used.user + used.system) / 1000);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      await sleep(20);
      if (Number((await call('arrivals', { round, count: true })).count) >= opened.opened!) break;
    }
    const got = (await call('arrivals', { round })).arrivals ?? [];
    all[v]!.push(Math.max(...got.map((a) => Number(BigInt(a) - at) / 1e6)));
    round++;
    await sleep(200);
  }
}
VARIANTS.forEach((threads, v) => {
  console.log(
    `writer threads ${threads}: all ${median(all[v]!).toFixed(0)} ms (${all[v]!.map((x) => x.toFixed(0)).join(' ')}), sendAll ${median(wall[v]!).toFixed(0)} ms, CPU ${median(cpu[v]!).toFixed(0)} ms`,
  );
});
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
for (const f of fanouts) f.close();
client.kill();
process.exit(0);
