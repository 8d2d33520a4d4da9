/**
 * One API process for the benchmark (started by bench/run.ts with fork(); not meant to be run by hand).
 * Env: DATABASE_URL (PostgreSQL) or none (PGlite in memory), COMPANIES and TENDERS (seeded when > 0), SEED_DEMO (1:
 * demo seed).
 * Listens on API_PORT beside a bare Fastify route on BARE_PORT (its own Fastify instance, same process; free ports
 * without them), then answers IPC:
 * { cmd: 'token' } → a session token of bidder@bawaba.qa; { cmd: 'notify' } → writes one notification for that user
 * (through this process: transaction + bus); { cmd: 'stats' } → RSS, open streams, CPU time used;
 * { cmd: 'dashboard' } → each dashboard query's median and p95 (bench/dashboard.ts); { cmd: 'exit' }.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema.ts';
import { seedLargeCompanies, seedLargeTenders } from '../src/db/seed/large-data.ts';
import { createSession } from '../src/lib/auth.ts';
import { inTx, notify } from '../src/lib/tx.ts';
import { timeDashboard } from './dashboard.ts';

type Cmd = { id: number; cmd: 'token' | 'notify' | 'stats' | 'dashboard' | 'exit' };

const send = (m: unknown) => process.send?.(m);
const dataDir = mkdtempSync(join(tmpdir(), 'bawaba-bench-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const app = await buildApp({
  dataDir,
  databaseUrl,
  inMemory: !databaseUrl,
  logger: false,
  jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
  sseHeartbeatMs: 15_000,
  seed: process.env.SEED_DEMO === '1',
});
await app.ready();
const companies = Number(process.env.COMPANIES ?? 0);
const tenderCount = Number(process.env.TENDERS ?? 0);
let seedMs = 0;
if (companies > 0 || tenderCount > 0) {
  const t0 = performance.now();
  if (companies > 0) await seedLargeCompanies(app.ctx.database.db, companies);
  if (tenderCount > 0) await seedLargeTenders(app.ctx.database.db, tenderCount);
  // What autovacuum does on a live database: statistics and the visibility map (index-only scans).
  await app.ctx.database.db.execute(sql`vacuum analyze companies, company_services, tenders`);
  seedMs = performance.now() - t0;
}
// Streams stay open for the whole run: no server-side timeouts on them.
app.server.keepAliveTimeout = 120_000;
app.server.requestTimeout = 0;
await app.listen({ port: Number(process.env.API_PORT ?? 0), host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ data: { status: 'ok' } }));
await bare.listen({ port: Number(process.env.BARE_PORT ?? 0), host: '127.0.0.1' });

const [bidder] = await app.ctx.database.db.select().from(users).where(eq(users.email, 'bidder@bawaba.qa'));
if (!bidder) throw new Error('bench: the demo seed is missing (bidder@bawaba.qa)');

process.on('message', async (m: Cmd) => {
  try {
    if (m.cmd === 'token') {
      send({ id: m.id, token: await createSession(app.ctx, app.ctx.database.db, bidder.id) });
    } else if (m.cmd === 'notify') {
      const at = process.hrtime.bigint();
      await inTx(app.ctx, (tx, after) =>
        notify(app.ctx, tx, after, [
          {
            userId: bidder.id,
            group: 'my_proposals',
            title: 'Bench event',
            content: 'x',
            titleAr: 'x',
            contentAr: 'x',
          },
        ]),
      );
      send({ id: m.id, at: at.toString() });
    } else if (m.cmd === 'stats') {
      const cpu = process.cpuUsage();
      send({
        id: m.id,
        rss: process.memoryUsage().rss,
        streams: app.ctx.sse.count(),
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
    } else if (m.cmd === 'dashboard') {
      send({ id: m.id, rows: await timeDashboard(app.ctx) });
    } else if (m.cmd === 'exit') {
      await bare.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      send({ id: m.id });
      process.exit(0);
    }
  } catch (err) {
    send({ id: m.id, error: String(err) });
  }
});

send({
  ready: true,
  kind: app.ctx.database.kind,
  apiPort: (app.server.address() as { port: number }).port,
  barePort: (bare.server.address() as { port: number }).port,
  seedMs,
});
