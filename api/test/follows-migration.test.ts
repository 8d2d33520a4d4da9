import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The migration that makes follows the company's (drizzle/0022_company_follows.sql), run on follows written before
 * it: two members of one company following the same service and the same category, another company following
 * that category, and a person's own follow of the service. The company keeps its older follow of each; the others
 * stay.
 */

const folder = join(import.meta.dirname, '..', 'drizzle');
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const MIGRATION = '0022_company_follows.sql';

const run = async (db: PGlite, file: string) => {
  for (const statement of readFileSync(join(folder, file), 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
};

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create({ extensions: { pg_trgm } });
  for (const f of files.slice(0, files.indexOf(MIGRATION))) await run(db, f);
  await db.exec(`
    insert into categories (id, slug, name_en, name_ar) values (1, 'it', 'IT', 'تقنية');
    insert into services (id, category_id, slug, name_en, name_ar) values (1, 1, 'dev', 'Dev', 'تطوير');
    insert into users (id, name, email) values (1, 'A', 'a@x.qa'), (2, 'B', 'b@x.qa'), (3, 'C', 'c@x.qa');
    insert into companies (id, owner_id, name_en) values (10, 1, 'Ten'), (20, 3, 'Twenty');
    insert into follows (id, user_id, company_id, acted_by_user_id, service_id, category_id) values
      (1, 1, 10, 1, 1, null),
      (2, 2, 10, 2, 1, null),
      (3, 1, 10, 1, null, 1),
      (4, 2, 10, 2, null, 1),
      (5, 3, 20, 3, null, 1),
      (6, 3, null, 3, 1, null);
  `);
  await run(db, MIGRATION);
});
afterAll(async () => {
  await db.close();
});

describe('migration 0022: a company follows a service or a category once', () => {
  it('keeps the older of two members’ follows of one company, and every other follow', async () => {
    const left = await db.query<{ id: number }>('select id from follows order by id');
    expect(left.rows.map((r) => r.id)).toEqual([1, 3, 5, 6]);
  });

  it('refuses a second follow of the same service by the same company', async () => {
    await expect(
      db.query('insert into follows (id, user_id, company_id, service_id) values (7, 2, 10, 1)'),
    ).rejects.toThrow(/follows_company_service_uq/);
  });
});
