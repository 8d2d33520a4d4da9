/**
 * Benchmark (not a test): `pnpm --filter @bawaba/api bench` (add DATABASE_URL=postgres://… for PostgreSQL).
 * 1. Directory search on 10k companies vs a bare Fastify route, same process and same run (autocannon).
 * 2. SSE: how many streams one process holds, and the time to deliver one event to all of them.
 * Env: COMPANIES (10000), DURATION (seconds per run, 10), CONNECTIONS (50), SSE_STREAMS (2000).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema.ts';
import { seedLargeCompanies } from '../src/db/seed/large-data.ts';
import { createSession } from '../src/lib/auth.ts';
import { inTx, notify } from '../src/lib/tx.ts';

const COMPANIES = Number(process.env.COMPANIES ?? 10_000);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SSE_STREAMS = Number(process.env.SSE_STREAMS ?? 2000);

let dbName: string | null = null;
let databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  // A throwaway database on that server.
  dbName = `bawaba_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  const u = new URL(databaseUrl);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}
const dataDir = mkdtempSync(join(tmpdir(), 'bawaba-bench-'));
const app = await buildApp({
  dataDir,
  databaseUrl,
  inMemory: !databaseUrl,
  logger: false,
  jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
  sseHeartbeatMs: 15_000,
});
await app.ready();
process.stdout.write(`database: ${app.ctx.database.kind}; seeding ${COMPANIES} companies… `);
let t0 = performance.now();
await seedLargeCompanies(app.ctx.database.db, COMPANIES);
console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
await app.listen({ port: 0, host: '127.0.0.1' });
const apiPort = (app.server.address() as { port: number }).port;

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ data: { status: 'ok' } }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

const [bidder] = await app.ctx.database.db.select().from(users).where(eq(users.email, 'bidder@bawaba.qa'));
const token = await createSession(app.ctx, app.ctx.database.db, bidder!.id);

async function run(title: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const row = {
    run: title,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
  console.log(JSON.stringify(row));
  return row;
}

console.log(`\nHTTP: ${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}`);
const rows = [
  await run('bare Fastify route', `http://127.0.0.1:${barePort}/bare`),
  await run(
    'GET /companies (anonymous, page 1, 5 per page)',
    `http://127.0.0.1:${apiPort}/api/v1/companies?page=1&limit=5`,
  ),
  await run(
    'GET /companies (signed in, services=1,2,3 + location, page 3)',
    `http://127.0.0.1:${apiPort}/api/v1/companies?services=1,2,3&location=1&page=3&limit=5`,
    { authorization: `Bearer ${token}` },
  ),
  await run(
    'GET /companies (signed in, keyword "solutions")',
    `http://127.0.0.1:${apiPort}/api/v1/companies?name=solutions&limit=5`,
    { authorization: `Bearer ${token}` },
  ),
];
console.table(rows);

// SSE capacity: N streams of one user; one notification; time until every stream has it.
console.log(`\nSSE: opening ${SSE_STREAMS} streams…`);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const received: number[] = [];
let sentAt = 0;
const reqs: http.ClientRequest[] = [];
t0 = performance.now();
function openOne(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: apiPort,
        path: '/api/v1/notification/subscribe',
        agent,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        let got = false;
        let ready = false;
        res.setEncoding('utf8');
        res.on('error', () => {});
        res.on('data', (chunk: string) => {
          if (!ready && chunk.includes('retry:')) {
            ready = true;
            resolve();
          }
          if (!got && sentAt && chunk.includes('data:')) {
            got = true;
            received.push(performance.now() - sentAt);
          }
        });
      },
    );
    req.on('error', reject);
    reqs.push(req);
  });
}
// Open in waves (a burst of thousands of connects overflows the listen backlog).
for (let i = 0; i < SSE_STREAMS; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, SSE_STREAMS - i) }, openOne));
}
const openMs = performance.now() - t0;
const mem = process.memoryUsage();
console.log(
  `${app.ctx.sse.count()} streams open in ${(openMs / 1000).toFixed(2)} s; process RSS ${(mem.rss / 2 ** 20).toFixed(0)} MB (server and clients in the same process)`,
);
sentAt = performance.now();
await inTx(app.ctx, (tx, after) =>
  notify(app.ctx, tx, after, [
    { userId: bidder!.id, title: 'Bench event', content: 'x', titleAr: 'x', contentAr: 'x' },
  ]),
);
const deadline = Date.now() + 30_000;
while (received.length < SSE_STREAMS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
received.sort((a, b) => a - b);
console.log(
  `one event → ${received.length}/${SSE_STREAMS} streams: first ${received[0]?.toFixed(1)} ms, p50 ${received[Math.floor(received.length / 2)]?.toFixed(1)} ms, last ${received.at(-1)?.toFixed(1)} ms`,
);

for (const r of reqs) r.destroy();
agent.destroy();
await bare.close();
await app.close();
if (dbName) {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await c.end();
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
