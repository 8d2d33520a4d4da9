/**
 * Generates a large directory for benchmarks: `pnpm --filter @bawaba/api seed:large [count]` (default 10000).
 * Uses the same DATABASE_URL / DATA_DIR as the server (migrations and the demo seed are applied first).
 */
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { seedLargeCompanies } from './large-data.ts';

const n = Number(process.argv[2] ?? process.env.COUNT ?? 10_000);
const app = await buildApp({ ...loadConfig(), logger: false });
await app.ready();
const t0 = performance.now();
const added = await seedLargeCompanies(app.ctx.database.db, n);
console.log(
  `seed:large — ${added} companies added (target ${n}) in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${app.ctx.database.kind}`,
);
await app.close();
