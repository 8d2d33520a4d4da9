/**
 * Open data's bulk export (not a test): how long the monthly bulk file of N generated tenders takes to stream, and
 * the API process's peak memory while it streams — for N = 2 500, 5 000 and 10 000 (OCDS_SIZES) in one process, so
 * a streamed export shows memory flat as the data grows. The tenders are the large seed's (approved and public,
 * half written in Arabic only, half in English only), published by the open-data worker as the site publishes them.
 * The file is fetched over HTTP from the listening API (as a publisher's reader would) and gunzipped on the fly.
 *
 * Run: `pnpm --filter @bawaba/api exec node --expose-gc bench/ocds-export.ts` (DATABASE_URL: on PostgreSQL;
 * else PGlite in memory). Env: OCDS_SIZES ("2500,5000,10000"), OCDS_BULK_OUT (a path: the largest size's file is
 * also written there, gzip, for scripts/ocds/validate.ts --file). Prints a table, then one JSON line per size
 * `{"ocds-export": N, …}` that `./bawaba bench` keeps in its summary. Memory: the API process's live heap at its
 * peak during the export, above what it held before (the client reading the file runs in the same process, so it
 * is counted too: an upper bound).
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { seedLargeTenders } from '../src/db/seed/large-data.ts';

const SIZES = (process.env.OCDS_SIZES ?? '2500,5000,10000').split(',').map(Number);
const OUT = process.env.OCDS_BULK_OUT;
const mb = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const dataDir = mkdtempSync(join(tmpdir(), 'bawaba-ocds-bench-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const app = await buildApp({
  dataDir,
  databaseUrl,
  inMemory: !databaseUrl,
  logger: false,
  jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
  seed: true,
});
await app.ready();
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
const db = app.ctx.database.db;

/** Waits until the open-data worker has published every queued tender. */
async function published(): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ocds_pending`);
    if (Number(r.rows[0]?.n) === 0) return performance.now() - t0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Streams one month's bulk file from the API, gunzipping it on the fly (and copying the gzip to `out`, if given):
 * its size and how long it took. With `sampleLive`, every 20 ms a full collection runs and the live heap is read,
 * so the figure is what the export holds, not garbage a collection would have freed; that slows the export, so
 * the time comes from a run without it.
 */
async function exportOnce(month: string, sampleLive: boolean, out?: string) {
  gc();
  const base0 = process.memoryUsage().heapUsed;
  let peakLive = base0;
  const sampler = sampleLive
    ? setInterval(() => {
        gc();
        peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
      }, 20)
    : undefined;
  const t0 = performance.now();
  // Straight to this API (the list's URLs name the site's public address).
  const response = await fetch(`${base}/ocds/bulk/${month}.json.gz`);
  if (!response.ok || !response.body) throw new Error(`bulk ${month} answered ${response.status}`);
  let gzBytes = 0;
  let jsonBytes = 0;
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  body.on('data', (c: Buffer) => {
    gzBytes += c.length;
  });
  if (out) body.pipe(createWriteStream(out));
  await pipeline(
    body,
    createGunzip(),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        jsonBytes += chunk.length;
        done();
      },
    }),
  );
  const ms = performance.now() - t0;
  clearInterval(sampler);
  return { ms, gzBytes, jsonBytes, liveHeap: peakLive - base0 };
}

type Row = Record<string, number | string>;
const rows: Row[] = [];
try {
  for (const n of SIZES) {
    await seedLargeTenders(db, n);
    // The large seed writes rows directly, as a migration would: the start-up catch-up queues what has no release.
    await db.execute(sql`
      insert into ocds_pending (tender_id)
      select t.id from tenders t
       where t.number like 'BWB-2000-%' and not exists (select 1 from ocds_releases r where r.tender_id = t.id)
      on conflict do nothing`);
    const publishMs = await published();
    const { months } = (await (await fetch(`${base}/ocds/bulk`)).json()) as { months: { month: string }[] };
    const month = months.at(-1)!.month;
    const timed = await exportOnce(month, false, OUT && n === Math.max(...SIZES) ? OUT : undefined);
    const sampled = await exportOnce(month, true);
    const [{ releases } = { releases: 0 }] = (
      await db.execute<{ releases: number }>(sql`select count(*)::int as releases from ocds_releases`)
    ).rows;
    const row: Row = {
      'ocds-export': n,
      releases: Number(releases),
      'publish s': Math.round(publishMs / 100) / 10,
      'export s': Math.round(timed.ms / 100) / 10,
      'gzip MB': mb(timed.gzBytes),
      'JSON MB': mb(timed.jsonBytes),
      'peak live heap +MB': mb(sampled.liveHeap),
      database: app.ctx.database.kind,
    };
    rows.push(row);
    console.info(JSON.stringify(row));
  }
  console.table(rows);
  if (OUT) console.info(`the ${Math.max(...SIZES)}-tender bulk file: ${OUT}`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
