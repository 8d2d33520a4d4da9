import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';

/** The tests run on PGlite (in memory) unless DATABASE_URL is set; then each app gets its own throwaway database. */
export const DATABASE_URL = process.env.DATABASE_URL;

async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  const name = `bawaba_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { cleanup: () => Promise<void> };

export async function makeApp(
  opts: { seed?: boolean; env?: Record<string, unknown> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bawaba-api-test-'));
  const dbx = DATABASE_URL ? await throwawayDatabase() : null;
  const app = await buildApp({
    dataDir,
    databaseUrl: dbx?.url,
    inMemory: !dbx,
    logger: false,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://localhost:4000',
    seed: opts.seed ?? true,
    ...opts.env,
  });
  await app.ready();
  return Object.assign(app, {
    async cleanup() {
      await app.close();
      await dbx?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
