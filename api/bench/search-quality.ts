/**
 * Search quality (not a test; test/search-quality.test.ts is the test): the gold set of test/search-gold.ts over
 * the demo seed, in an in-memory API (PGlite), as the bidder. Prints a table per kind of query, then one JSON line
 * `{"gold", "queries", "recall@10", "MRR", "target"}` that `./bawaba bench` keeps in its summary.
 * Run: `pnpm --filter @bawaba/api exec node bench/search-quality.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { goldCases, measure } from '../test/search-gold.ts';

const TARGET_RECALL = 0.95;
const TARGET_MRR = 0.8;

const dataDir = mkdtempSync(join(tmpdir(), 'bawaba-gold-'));
const app = await buildApp({
  dataDir,
  inMemory: true,
  logger: false,
  jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
  seed: true,
});
try {
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'bidder@bawaba.qa', password: 'Bawaba2026!' },
  });
  const headers = { authorization: `Bearer ${login.json().data.accessToken as string}` };
  const get = async (url: string, query: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: `/api/v1${url}`, headers, query })).json().data as {
      items: { id: number }[];
    };
  const cases = await goldCases(app.ctx.database.db);
  const t0 = performance.now();
  const figures = await measure(cases, async (list, query) =>
    (
      await get(`/${list}`, list === 'companies' ? { name: query, limit: '10' } : { q: query, limit: '10' })
    ).items.map((x) => x.id),
  );
  const ms = performance.now() - t0;
  console.table(
    Object.entries(figures.byKind).map(([kind, f]) => ({
      kind,
      queries: f.queries,
      'recall@10': f.recallAt10.toFixed(3),
      MRR: f.mrr.toFixed(3),
    })),
  );
  if (figures.misses.length) console.table(figures.misses.slice(0, 20));
  const met = figures.recallAt10 >= TARGET_RECALL && figures.mrr >= TARGET_MRR;
  console.log(
    JSON.stringify({
      gold: 'search quality (demo seed, PGlite)',
      queries: figures.queries,
      'recall@10': Number(figures.recallAt10.toFixed(3)),
      MRR: Number(figures.mrr.toFixed(3)),
      'ms/query': Number((ms / figures.queries).toFixed(1)),
      target: met
        ? `met (recall@10 ≥ ${TARGET_RECALL}, MRR ≥ ${TARGET_MRR})`
        : `missed (recall@10 ≥ ${TARGET_RECALL}, MRR ≥ ${TARGET_MRR})`,
    }),
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
