import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * For the tests of one migration on rows written before it: a database migrated up to (not including) a file of
 * drizzle/, that file's statements, and its backfill (its UPDATE statements, to run again on a copy of the demo
 * data with the columns emptied).
 */

const folder = join(import.meta.dirname, '..', 'drizzle');
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();

/** The statements of a migration file, as drizzle splits them. */
const statementsOf = (file: string): string[] =>
  readFileSync(join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => statement.trim());

/** Runs a migration file's statements on the database. */
export async function runMigration(db: PGlite, file: string): Promise<void> {
  for (const statement of statementsOf(file)) await db.exec(statement);
}

/** A PGlite database (with pg_trgm) on which every migration before `file` has run. */
export async function databaseBefore(file: string): Promise<PGlite> {
  if (!files.includes(file)) throw new Error(`no migration ${file}`);
  const db = await PGlite.create({ extensions: { pg_trgm } });
  for (const f of files.slice(0, files.indexOf(file))) await runMigration(db, f);
  return db;
}

/** The UPDATE statements of a migration (those after a leading comment included): its backfill of existing rows. */
export const backfillOf = (file: string): string[] =>
  statementsOf(file).filter((statement) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(statement));
