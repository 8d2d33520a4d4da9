import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { buildApp } from '../src/app.ts';
import { drainOpenData } from '../src/modules/open-data/index.ts';

/**
 * One migrated and seeded demo database per test run, which every seeded test app starts from instead of running
 * initdb, the migrations and the seed again (the slowest part of opening an app: seconds each on PGlite). Made once
 * by the global setup (global-setup.ts), so it is never older than the run, and removed after it.
 * - `dir`: the seed's data folder (its uploaded files), copied into each app's own data folder;
 * - `pglite`: the PGlite data-directory dump to load (without DATABASE_URL);
 * - `database`: the PostgreSQL database to clone with CREATE DATABASE … TEMPLATE (with DATABASE_URL).
 */
export type SeededTemplate = { dir: string; pglite: string | null; database: string | null };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's seeded demo database, provided by the global setup. */
    seededTemplate: SeededTemplate | null;
  }
}

const PGLITE_DUMP = 'pglite.tar';

export async function makeSeededTemplate(
  databaseUrl: string | undefined,
  createDatabase: (name: string) => Promise<string>,
): Promise<SeededTemplate> {
  const dir = mkdtempSync(join(tmpdir(), 'bawaba-api-seeded-'));
  const database = databaseUrl ? `bawaba_test_seeded_${process.pid}_${Date.now()}` : null;
  const app = await buildApp({
    dataDir: dir,
    databaseUrl: database ? await createDatabase(database) : undefined,
    logger: false,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://localhost:4000',
    seed: true,
  });
  await app.ready();
  // The seed's public tenders published as open data once here, not again in the background of every test's app.
  await drainOpenData(app.ctx);
  await app.close();
  if (database) return { dir, pglite: null, database };
  // The app kept its PGlite cluster on disk (dir/pglite): dump it once, then drop the folder itself.
  const cluster = await PGlite.create(join(dir, 'pglite'), { extensions: { pg_trgm } });
  const dump = await cluster.dumpDataDir('none');
  await cluster.close();
  rmSync(join(dir, 'pglite'), { recursive: true, force: true });
  writeFileSync(join(dir, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
  return { dir, pglite: join(dir, PGLITE_DUMP), database: null };
}

/** Copies the seed's files (not the database dump) into an app's data folder. */
export function copySeededFiles(template: SeededTemplate, dataDir: string): void {
  for (const entry of readdirSync(template.dir))
    if (entry !== PGLITE_DUMP) cpSync(join(template.dir, entry), join(dataDir, entry), { recursive: true });
}
