/**
 * Over the ~300-line rule on purpose: one measurement (or one server) read top to bottom, set-up to report.
 *
 * Benchmark (not a test): `pnpm --filter @bawaba/api bench`; with `DATABASE_URL=postgres://…` (a server where a
 * throwaway database may be created, e.g. `bash scripts/site/pg.sh start`) the PostgreSQL runs are added.
 * Prints, in one run:
 * 1. Directory search on COMPANIES companies beside a bare Fastify route in the same API process and the same run
 *    (autocannon from this process, CONNECTIONS connections, DURATION s each): req/s, ratio to the bare route,
 *    p50/p99; anonymous and signed in, filters and keyword; on PostgreSQL and on PGlite (single connection). The
 *    `search:` runs: the directory's full-text keyword search (docs/api/search.md), Arabic and English, cached and
 *    mostly uncached: p99 ≤ 50 ms and ≥ 0.40× bare. `tenders:` runs: the tender list (TENDERS tenders seeded beside the
 *    companies) without and with a keyword: p99 ≤ 50 ms.
 * 2. SSE: SSE_STREAMS streams on one API process (RSS, open time) and the time for one notification to reach
 *    all of them; then the same split over two API processes on one PostgreSQL database (LISTEN/NOTIFY), the
 *    notification written through the first. Clients run in their own process(es) (plain sockets, arrival time
 *    taken in the read callback). One warm-up event (not counted), then SSE_ROUNDS events one after the other; the
 *    median round is reported, with every round's "all" beside it, the API's CPU time for the event and the
 *    clients' for reading it.
 * 2b. The dashboard's queries (bench/dashboard.ts), timed in the API process on the same data, for the marketplace
 *    and the busiest company: median and p95 of each (target: under 200 ms). `RUNS=dashboard` runs only these.
 * 3. With BALANCER=1 (set by `./bawaba bench`) and DATABASE_URL: the same API processes behind nginx
 *    (scripts/site/nginx.ts, installed from Debian when absent; docs/topology.md): directory search
 *    straight to one process, through nginx to one, through nginx to two (the same run, interleaved per URL), and
 *    SSE_STREAMS streams opened through nginx, spread over the two processes.
 * Env: DATABASE_URL, COMPANIES (10000), TENDERS (10000), RUNS (a comma list: only the directory runs whose name
 * has one of them, e.g. `search:`), DURATION (8), CONNECTIONS (50), SSE_STREAMS (10000),
 * PGLITE_SSE_STREAMS (2000), SSE_ROUNDS (5), SSE_CLIENT_PROCS (1: client processes sharing the streams),
 * PGLITE (0 skips the PGlite runs), SSE (0 skips the SSE runs), HTTP (0 skips the directory runs and the large
 * seed: the SSE part alone), BENCH_JSON (a file path: the same figures as JSON `{ machine, directory, sse }` for
 * other scripts), PORT_BASE (the API processes' ports, below; free ports without it).
 */

import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import pg from 'pg';
import type { DashboardRow } from './dashboard.ts';

const COMPANIES = Number(process.env.COMPANIES ?? 10_000);
const TENDERS = Number(process.env.TENDERS ?? 10_000);
/**
 * RUNS: only the directory runs whose name contains one of these (comma list; the bare route runs beside any of
 * them), and the dashboard's queries when one of them is `dashboard`.
 */
const RUNS = (process.env.RUNS ?? '').split(',').filter(Boolean);
const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SSE_STREAMS = Number(process.env.SSE_STREAMS ?? 10_000);
const PGLITE_SSE_STREAMS = Number(process.env.PGLITE_SSE_STREAMS ?? 2000);
const SSE_ROUNDS = Math.max(1, Number(process.env.SSE_ROUNDS ?? 5));
const SSE_CLIENT_PROCS = Math.max(1, Number(process.env.SSE_CLIENT_PROCS ?? 1));
const RUN_PGLITE = process.env.PGLITE !== '0';
const RUN_SSE = process.env.SSE !== '0';
/** HTTP=0: no directory runs and no large seed (the SSE part alone). */
const RUN_HTTP = process.env.HTTP !== '0';
/** BALANCER=1: the PostgreSQL processes again behind nginx (part 3 above). */
const RUN_BALANCER = process.env.BALANCER === '1';
const RUN_DASHBOARD = RUNS.length === 0 || RUNS.includes('dashboard');
const TARGET_RATIO = 0.4;
const TARGET_P99_MS = 15;
/** Keyword search (full text; docs/api/search.md): p99 at CONNECTIONS connections, directory and tender list. */
const TARGET_SEARCH_P99_MS = 50;
const TARGET_FANOUT_MS = 100;
/** The API processes listen on PORT_BASE + 2i (their bare route on + 2i + 1). */
const PORT_BASE = Number(process.env.PORT_BASE ?? 0);
const portsOf = (i: number) =>
  PORT_BASE ? { API_PORT: String(PORT_BASE + 2 * i), BARE_PORT: String(PORT_BASE + 2 * i + 1) } : {};

type Msg = Record<string, unknown> & { id?: number };
type Child = { proc: ChildProcess; ready: Promise<Msg>; call(cmd: string, extra?: object): Promise<Msg> };

function spawnChild(file: string, env: Record<string, string | undefined>): Child {
  const proc = fork(join(import.meta.dirname, file), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const waiting = new Map<number, (m: Msg) => void>();
  let onReady: (m: Msg) => void = () => {};
  const ready = new Promise<Msg>((resolve, reject) => {
    onReady = resolve;
    proc.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it was ready`)));
  });
  proc.on('message', (m: Msg) => {
    if (m.ready) onReady(m);
    else if (typeof m.id === 'number') waiting.get(m.id)?.(m);
  });
  return {
    proc,
    ready,
    call(cmd, extra = {}) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (m) => {
          waiting.delete(id);
          if (m.error) reject(new Error(String(m.error)));
          else resolve(m);
        });
        proc.send({ id, cmd, ...extra });
      });
    },
  };
}

const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
const openFilesLimit = () => /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];

// ---------------------------------------------------------------------------------------------- HTTP
type Row = {
  database: string;
  run: string;
  'req/s': number;
  'x bare': string;
  'p50 ms': number;
  'p99 ms': number;
  /** CPU time of the API process per request (user + system): comparable across runs on a loaded machine. */
  'API CPU µs/req': number;
  non2xx: number;
  target: string;
};

async function cannon(
  url: string,
  headers: Record<string, string>,
  randomPage?: number,
  duration = DURATION,
) {
  const opts: Record<string, unknown> = { url, connections: CONNECTIONS, duration, headers };
  if (url.includes('{n}') || url.includes('{٠}')) {
    // A different query each request ({n}: a random number up to randomPage; {٠}: the same in Arabic-Indic digits):
    // mostly uncached keyword searches. The placeholder stays outside `enc()` (which would escape its braces).
    opts.requests = [
      {
        setupRequest(req: { path: string }) {
          const n = String(1 + Math.floor(Math.random() * (randomPage ?? 1)));
          const indic = enc(n.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))));
          const u = new URL(url.replaceAll('{n}', n).replaceAll('{٠}', indic));
          req.path = `${u.pathname}${u.search}`;
          return req;
        },
      },
    ];
  } else if (randomPage) {
    const u = new URL(url);
    opts.requests = [
      {
        setupRequest(req: { path: string }) {
          u.searchParams.set('page', String(1 + Math.floor(Math.random() * randomPage)));
          req.path = `${u.pathname}${u.search}`;
          return req;
        },
      },
    ];
  }
  return autocannon(opts) as Promise<{
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  }>;
}

/** Waits until the API answers an uncached directory page quickly again (PGlite works off a queue after a run). */
async function settle(api: string) {
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    const t0 = performance.now();
    await fetch(`${api}/companies?limit=1&page=${1 + Math.floor(Math.random() * 1000)}`).then((r) =>
      r.arrayBuffer(),
    );
    if (performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function httpRuns(server: Child, database: string): Promise<Row[]> {
  const info = await server.ready;
  const api = `http://127.0.0.1:${info.apiPort}/api/v1`;
  const { token } = (await server.call('token')) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const pages = Math.max(1, Math.floor(COMPANIES / 5));
  const allRuns: [string, string, Record<string, string>, number?][] = [
    ['bare Fastify route (same process)', `http://127.0.0.1:${info.barePort}/bare`, {}],
    ['anonymous, page 1', `${api}/companies?page=1&limit=5`, {}],
    [
      'anonymous, services=1,2,3 + location, page 3',
      `${api}/companies?services=1,2,3&location=1&page=3&limit=5`,
      {},
    ],
    [
      'signed in, services=1,2,3 + location, page 3',
      `${api}/companies?services=1,2,3&location=1&page=3&limit=5`,
      auth,
    ],
    ['signed in, keyword "solutions"', `${api}/companies?name=solutions&limit=5`, auth],
    [`anonymous, random page of ${pages} (mostly uncached)`, `${api}/companies?limit=5`, {}, pages],
    ['signed in, keyword "tech", random page of 40', `${api}/companies?name=tech&limit=5`, auth, 40],
    // Full-text keyword search (docs/api/search.md): Arabic and English, cached and mostly uncached, both lists.
    ['search: signed in, keyword "الدوحة"', `${api}/companies?name=${enc('الدوحة')}&limit=5`, auth],
    [
      'search: anonymous, keyword "تطوير المواقع"',
      `${api}/companies?name=${enc('تطوير المواقع')}&limit=5`,
      {},
    ],
    [
      `search: signed in, a company's name (random of ${COMPANIES}, mostly uncached)`,
      `${api}/companies?name=${enc('services #')}{n}&limit=5`,
      auth,
      COMPANIES,
    ],
    ['tenders: page 1, no keyword (the list itself)', `${api}/tenders?limit=8`, auth],
    ['tenders: keyword "التقييم" (in every description)', `${api}/tenders?q=${enc('التَّقييم')}&limit=8`, auth],
    [
      'tenders: keyword "الطاقة الشمسية" (in an eighth of titles)',
      `${api}/tenders?q=${enc('الطاقة الشمسية')}&limit=8`,
      auth,
    ],
    [
      `tenders: a number in Arabic-Indic digits (random of ${TENDERS})`,
      `${api}/tenders?q=${enc('٢٠٠٠-')}{٠}&limit=8`,
      auth,
      TENDERS,
    ],
  ];
  const runs = allRuns.filter(
    ([run], i) => i === 0 || RUNS.length === 0 || RUNS.some((r) => run.includes(r)),
  );
  if (runs.length === 1) return [];
  const rows: Row[] = [];
  let bareRps = 0;
  // One warm-up pass over every run first: the code the API runs share (Fastify, hooks, the directory handler)
  // is JIT-compiled before anything is measured, so the first API run measured does not pay for it alone
  // (it was ≈ 30 % more CPU per request than the same URL measured later in the same process).
  for (const [, url, headers, randomPage] of runs) await cannon(url, headers, randomPage, 1);
  for (const [run, url, headers, randomPage] of runs) {
    await settle(api);
    await cannon(url, headers, randomPage, 1); // warm-up (JIT, caches, pool), not counted
    await settle(api);
    const cpu0 = Number((await server.call('stats')).cpuMs);
    const r = await cannon(url, headers, randomPage);
    const cpu1 = Number((await server.call('stats')).cpuMs);
    const rps = Math.round(r.requests.average);
    if (!bareRps) bareRps = rps;
    const ratio = rps / bareRps;
    const isBare = rows.length === 0;
    const row: Row = {
      database,
      run,
      'req/s': rps,
      'x bare': isBare ? '1' : ratio.toFixed(2),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'API CPU µs/req': Math.round((1000 * (cpu1 - cpu0)) / Math.max(1, r.requests.total)),
      non2xx: r.non2xx + r.errors,
      target: isBare ? '' : targetOf(run, ratio, r.latency.p99),
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  return rows;
}

/** A run's target: directory ≥ 0.40× bare and p99 ≤ 15 ms (a keyword search: ≤ 50 ms); the tender list p99 ≤ 50 ms. */
function targetOf(run: string, ratio: number, p99: number): string {
  if (run.startsWith('tenders:'))
    return p99 <= TARGET_SEARCH_P99_MS ? 'met' : `missed (p99 ≤${TARGET_SEARCH_P99_MS})`;
  const maxP99 = run.startsWith('search:') ? TARGET_SEARCH_P99_MS : TARGET_P99_MS;
  return ratio >= TARGET_RATIO && p99 <= maxP99 ? 'met' : `missed (≥${TARGET_RATIO}×, p99 ≤${maxP99})`;
}

const enc = encodeURIComponent;

// ----------------------------------------------------------------------------------------------- SSE
type SseResult = {
  setup: string;
  streams: number;
  'open s': string;
  'server RSS': string;
  'KB/stream': string;
  reached: string;
  'first ms': string;
  'p50 ms': string;
  'p99 ms': string;
  'all ms': string;
  /** "all ms" of every round, in the order they ran (the figures above are the median round's). */
  'all ms, each round': string;
  /** "all ms" of the warm-up event before the rounds (not counted). */
  'warm-up all ms': string;
  'server CPU ms': string;
  'client CPU ms': string;
  target: string;
};

type Round = {
  reached: number;
  first: number;
  p50: number;
  p99: number;
  all: number | undefined;
  serverCpu: string;
  clientCpu: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpuOf = (m: Msg) => Number(m.cpuMs);

async function sseRun(
  setup: string,
  servers: Child[],
  streams: number,
  /** Where the clients connect (a balancer); by default the servers' own ports, in turn. */
  connectTo?: number[],
): Promise<SseResult> {
  const infos = await Promise.all(servers.map((s) => s.ready));
  const writer = servers[0]!;
  const { token } = (await writer.call('token')) as { token: string };
  const before = await Promise.all(servers.map((s) => s.call('stats')));
  // The streams are split over SSE_CLIENT_PROCS client processes (each reads its share of the sockets).
  const clients = Array.from({ length: SSE_CLIENT_PROCS }, () => spawnChild('sse-clients.ts', {}));
  await Promise.all(clients.map((c) => c.ready));
  const opens = (await Promise.all(
    clients.map((c, j) =>
      c.call('open', {
        ports: connectTo ?? infos.map((i) => i.apiPort),
        streams: Math.floor(streams / clients.length) + (j < streams % clients.length ? 1 : 0),
        token,
      }),
    ),
  )) as unknown as { opened: number; failed: number; ms: number }[];
  const open = {
    opened: opens.reduce((n, o) => n + o.opened, 0),
    failed: opens.reduce((n, o) => n + o.failed, 0),
    ms: Math.max(...opens.map((o) => o.ms)),
  };
  const after = await Promise.all(servers.map((s) => s.call('stats')));
  const rss = after.reduce((n, s) => n + Number(s.rss), 0);
  const grown = after.reduce((n, s, i) => n + Number(s.rss) - Number(before[i]!.rss), 0);
  const perServer = after.map((s) => s.streams).join(' + ');
  // Let the opening settle (catch-up queries, GC) before the events.
  await sleep(1000);

  // SSE_ROUNDS events one after the other (each once every stream has the previous one, or 30 s passed).
  const rounds: Round[] = [];
  let warmUp: Round | undefined;
  // Event 0 warms the path up (its figure is printed, not counted), as every directory run is warmed up once: the
  // first event after 10 000 streams opened pays for the compiler and the sockets' first writes (30–50 % more
  // CPU than the next ones on a 2-core VM).
  for (let round = 0; round <= SSE_ROUNDS; round++) {
    const cpuBefore = await Promise.all(servers.map((s) => s.call('stats')));
    const clientCpuBefore = await Promise.all(clients.map((c) => c.call('arrivals', { round: -1 })));
    const { at } = (await writer.call('notify')) as { at: string };
    const sentAt = BigInt(at);
    const deadline = Date.now() + 30_000;
    let got: Msg[] = [];
    while (Date.now() < deadline) {
      // Counting only while the event is on its way: the arrival lists cross IPC once, at the end.
      await sleep(50);
      const counts = await Promise.all(clients.map((c) => c.call('arrivals', { round, count: true })));
      if (counts.reduce((n, m) => n + Number(m.count), 0) >= open.opened) break;
    }
    got = await Promise.all(clients.map((c) => c.call('arrivals', { round })));
    // CPU the API processes spent on the event (write, bus, query, fan-out), and the clients on reading it.
    const cpuAfter = await Promise.all(servers.map((s) => s.call('stats')));
    const ms = got
      .flatMap((m) => (m.arrivals as string[]).map((a) => Number(BigInt(a) - sentAt) / 1e6))
      .sort((a, b) => a - b);
    const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? Number.NaN;
    const figures: Round = {
      reached: ms.length,
      first: q(0),
      p50: q(0.5),
      p99: q(0.99),
      all: ms.length === open.opened ? ms.at(-1) : undefined,
      serverCpu: cpuAfter.map((s, i) => (cpuOf(s) - cpuOf(cpuBefore[i]!)).toFixed(0)).join(' + '),
      clientCpu: got.reduce((n, m, i) => n + cpuOf(m) - cpuOf(clientCpuBefore[i]!), 0),
    };
    if (round === 0) warmUp = figures;
    else rounds.push(figures);
    await sleep(300);
  }
  await Promise.all(clients.map((c) => c.call('exit').catch(() => {})));
  // The median round by "all" (a round that did not reach every stream counts as the slowest).
  const byAll = [...rounds].sort((a, b) => (a.all ?? Infinity) - (b.all ?? Infinity));
  const r = byAll[Math.floor((byAll.length - 1) / 2)]!;
  const fmt = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(1));
  const result: SseResult = {
    setup,
    streams: open.opened,
    'open s': (open.ms / 1000).toFixed(1),
    'server RSS': `${mb(rss)} (${perServer} streams)`,
    'KB/stream': open.opened ? (grown / 1024 / open.opened).toFixed(1) : '–',
    reached: `${r.reached}/${open.opened}${open.failed ? ` (${open.failed} failed to open)` : ''}`,
    'first ms': fmt(r.first),
    'p50 ms': fmt(r.p50),
    'p99 ms': fmt(r.p99),
    'all ms': r.all !== undefined ? r.all.toFixed(1) : 'not all within 30 s',
    'all ms, each round': rounds.map((x) => (x.all !== undefined ? x.all.toFixed(0) : '–')).join(' '),
    'warm-up all ms': warmUp?.all !== undefined ? warmUp.all.toFixed(0) : '–',
    'server CPU ms': r.serverCpu,
    'client CPU ms': r.clientCpu.toFixed(0),
    target:
      open.opened >= 10_000 && r.all !== undefined && r.all <= TARGET_FANOUT_MS
        ? `met (10 000 streams, all ≤ ${TARGET_FANOUT_MS} ms)`
        : `missed (10 000 streams, all ≤ ${TARGET_FANOUT_MS} ms)`,
  };
  console.log(JSON.stringify(result));
  // Streams end with the client processes; give the servers a moment to drop them.
  await sleep(1000);
  return result;
}

// ----------------------------------------------------------------------------------- behind nginx
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** nginx (scripts/site/nginx.ts as a command) with one port per upstream list; resolves once it answers. */
function startBalancer(listen: { port: number; upstreams: number[] }[]) {
  const script = join(import.meta.dirname, '..', '..', 'scripts', 'site', 'nginx.ts');
  const args = listen.map((l) => `--listen=${l.port}=${l.upstreams.map((p) => `127.0.0.1:${p}`).join(',')}`);
  const proc = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise<{ pid: number; stop(): Promise<void> }>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"ready"'));
      if (!line) return;
      const { pid } = JSON.parse(line) as { pid: number };
      const gone = new Promise<void>((r) => proc.once('exit', () => r()));
      const stop = () => {
        proc.kill('SIGTERM');
        return gone;
      };
      resolve({ pid, stop });
    });
    proc.once('exit', (code) => reject(new Error(`nginx did not start (${code}): ${out}`)));
  });
}

/** CPU time (ms) of nginx's workers (the master's children), from /proc. */
function nginxCpuMs(master: number): number {
  let ticks = 0;
  for (const task of readdirSync(`/proc/${master}/task`)) {
    const children = readFileSync(`/proc/${master}/task/${task}/children`, 'utf8').trim().split(/\s+/);
    for (const child of children.filter(Boolean)) {
      const fields = readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (clock ticks: 100 a second)
    }
  }
  return ticks * 10;
}

/**
 * Directory search straight to the first process, through nginx to it alone, and through nginx to both: the
 * same URLs, interleaved, in one run (the machine's load is the same for the three).
 */
async function balancedRuns(a: Child, b: Child, bareRps: number): Promise<Row[]> {
  const [ia, ib] = await Promise.all([a.ready, b.ready]);
  const [one, two] = await Promise.all([freePort(), freePort()]);
  const nginx = await startBalancer([
    { port: one, upstreams: [Number(ia.apiPort)] },
    { port: two, upstreams: [Number(ia.apiPort), Number(ib.apiPort)] },
  ]);
  const { token } = (await a.call('token')) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const pages = Math.max(1, Math.floor(COMPANIES / 5));
  const urls: [string, string, Record<string, string>, number?][] = [
    [
      'anonymous, services=1,2,3 + location, page 3',
      '/companies?services=1,2,3&location=1&page=3&limit=5',
      {},
    ],
    ['signed in, keyword "tech", random page of 40', '/companies?name=tech&limit=5', auth, 40],
    [`anonymous, random page of ${pages} (mostly uncached)`, '/companies?limit=5', {}, pages],
  ];
  const setups: [string, number, Child[]][] = [
    ['1 process, direct (no nginx)', Number(ia.apiPort), [a]],
    ['nginx → 1 process', one, [a]],
    ['nginx → 2 processes', two, [a, b]],
  ];
  const rows: Row[] = [];
  try {
    for (const [name, path, headers, randomPage] of urls) {
      for (const [setup, port, used] of setups) {
        const url = `http://127.0.0.1:${port}/api/v1${path}`;
        await settle(`http://127.0.0.1:${port}/api/v1`);
        await cannon(url, headers, randomPage, 1); // warm-up (JIT, caches, pools), not counted
        await settle(`http://127.0.0.1:${port}/api/v1`);
        const cpu0 = await Promise.all(used.map((s) => s.call('stats')));
        const nginx0 = nginxCpuMs(nginx.pid);
        const r = await cannon(url, headers, randomPage);
        const cpu1 = await Promise.all(used.map((s) => s.call('stats')));
        const nginxMs = nginxCpuMs(nginx.pid) - nginx0;
        const apiMs = cpu1.reduce((n, s, i) => n + cpuOf(s) - cpuOf(cpu0[i]!), 0);
        const rps = Math.round(r.requests.average);
        const ratio = rps / bareRps;
        const row: Row = {
          database: 'PostgreSQL',
          run: `${setup}: ${name}`,
          'req/s': rps,
          'x bare': ratio.toFixed(2),
          'p50 ms': r.latency.p50,
          'p99 ms': r.latency.p99,
          'API CPU µs/req': Math.round((1000 * apiMs) / Math.max(1, r.requests.total)),
          non2xx: r.non2xx + r.errors,
          target:
            ratio >= TARGET_RATIO && r.latency.p99 <= TARGET_P99_MS
              ? 'met'
              : `missed (≥${TARGET_RATIO}×, p99 ≤${TARGET_P99_MS})`,
        };
        if (setup.startsWith('nginx'))
          Object.assign(row, {
            'nginx CPU µs/req': Math.round((1000 * nginxMs) / Math.max(1, r.requests.total)),
          });
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    }
  } finally {
    await nginx.stop();
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------- main
const machine = `${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${mb(totalmem())} RAM, load average ${loadavg()
  .map((x) => x.toFixed(2))
  .join(' ')}, open files limit ${openFilesLimit()}`;
console.log(`Bawaba API bench — ${machine}`);
console.log(
  `HTTP: ${COMPANIES} companies, autocannon ${CONNECTIONS} connections × ${DURATION} s per run (this process; the API and the bare route in one child process)`,
);
const rows: Row[] = [];
const sse: SseResult[] = [];
const dashboard: (DashboardRow & { database: string })[] = [];

async function dashboardRuns(server: Child, database: string) {
  if (!RUN_HTTP || !RUN_DASHBOARD) return;
  const { rows: timed } = (await server.call('dashboard')) as unknown as { rows: DashboardRow[] };
  for (const row of timed) {
    const withDb = { database, ...row };
    console.log(JSON.stringify(withDb));
    dashboard.push(withDb);
  }
}

const adminUrl = process.env.DATABASE_URL;
let dbName: string | null = null;
const exitAll: Child[] = [];
try {
  if (adminUrl) {
    dbName = `bawaba_bench_${Date.now()}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    const url = u.toString();
    const a = spawnChild('server.ts', {
      DATABASE_URL: url,
      COMPANIES: RUN_HTTP ? String(COMPANIES) : '0',
      TENDERS: RUN_HTTP ? String(TENDERS) : '0',
      SEED_DEMO: '1',
      ...portsOf(0),
    });
    exitAll.push(a);
    const info = await a.ready;
    console.log(`\nPostgreSQL (${dbName}): seeded in ${(Number(info.seedMs) / 1000).toFixed(1)} s`);
    if (RUN_HTTP) rows.push(...(await httpRuns(a, 'PostgreSQL')));
    await dashboardRuns(a, 'PostgreSQL');
    // The second process on the same database (SSE over two processes, and the balancer's second upstream).
    let second: Child | undefined;
    const b = () => {
      if (!second) {
        second = spawnChild('server.ts', {
          DATABASE_URL: url,
          COMPANIES: '0',
          SEED_DEMO: '0',
          ...portsOf(1),
        });
        exitAll.push(second);
      }
      return second;
    };
    if (RUN_HTTP && RUN_BALANCER) {
      console.log('\nDirectory search behind nginx: straight to one process, nginx → one, nginx → two…');
      rows.push(...(await balancedRuns(a, b(), rows[0]?.['req/s'] ?? 1)));
    }
    if (RUN_SSE) {
      console.log(`\nSSE on PostgreSQL: ${SSE_STREAMS} streams on one API process…`);
      sse.push(await sseRun('PostgreSQL, 1 process', [a], SSE_STREAMS));
      await b().ready;
      console.log(
        `SSE on PostgreSQL: ${SSE_STREAMS} streams over two API processes (event written through the first)…`,
      );
      sse.push(await sseRun('PostgreSQL, 2 processes (LISTEN/NOTIFY)', [a, b()], SSE_STREAMS));
      if (RUN_BALANCER) {
        const balancerPort = await freePort();
        const [ia, ib] = await Promise.all([a.ready, b().ready]);
        const nginx = await startBalancer([
          { port: balancerPort, upstreams: [Number(ia.apiPort), Number(ib.apiPort)] },
        ]);
        try {
          console.log(`SSE through nginx: ${SSE_STREAMS} streams spread over two API processes…`);
          sse.push(
            await sseRun('PostgreSQL, 2 processes behind nginx', [a, b()], SSE_STREAMS, [balancerPort]),
          );
        } finally {
          await nginx.stop();
        }
      }
    }
    await Promise.all(exitAll.splice(0).map((c) => c.call('exit').catch(() => {})));
  } else {
    console.log(
      '\nPostgreSQL: skipped (set DATABASE_URL, e.g. DATABASE_URL=$(bash scripts/site/pg.sh start))',
    );
  }

  if (RUN_PGLITE) {
    const p = spawnChild('server.ts', {
      DATABASE_URL: '',
      COMPANIES: RUN_HTTP ? String(COMPANIES) : '0',
      TENDERS: RUN_HTTP ? String(TENDERS) : '0',
      SEED_DEMO: '1',
      ...portsOf(2),
    });
    exitAll.push(p);
    const info = await p.ready;
    console.log(
      `\nPGlite (in memory, one connection): seeded in ${(Number(info.seedMs) / 1000).toFixed(1)} s`,
    );
    if (RUN_HTTP) rows.push(...(await httpRuns(p, 'PGlite')));
    await dashboardRuns(p, 'PGlite');
    if (RUN_SSE) {
      console.log(`\nSSE on PGlite: ${PGLITE_SSE_STREAMS} streams on one API process…`);
      sse.push(await sseRun('PGlite, 1 process', [p], PGLITE_SSE_STREAMS));
    }
    await Promise.all(exitAll.splice(0).map((c) => c.call('exit').catch(() => {})));
  }
} finally {
  for (const c of exitAll) c.proc.kill();
  if (dbName && adminUrl) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
}

console.log(
  '\nDirectory search (targets: ≥ 0.40 × the bare route, p99 ≤ 15 ms at 50 connections on PostgreSQL)',
);
console.table(rows);
if (dashboard.length) {
  console.log('Dashboard queries (target: p95 under 200 ms each, in the API process)');
  console.table(dashboard);
}
if (sse.length) {
  console.log(
    `SSE (target: 10 000 streams in one process, one notification reaches all in ≤ ${TARGET_FANOUT_MS} ms, median of ${SSE_ROUNDS} events)`,
  );
  console.table(sse);
}
const loadEnd = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
console.log(`load average at the end: ${loadEnd}`);
if (process.env.BENCH_JSON) {
  writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify({ machine, loadAverageAtEnd: loadEnd, directory: rows, dashboard, sse }, null, 2),
  );
  console.log(`figures written to ${process.env.BENCH_JSON}`);
}
process.exit(0);
