import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from './migrations.ts';

/**
 * The migration that makes follows the company's (drizzle/0022_company_follows.sql), run on follows written before
 * it: two members of one company following the same service and the same category, another company following
 * that category, and a person's own follow of the service. The company keeps its older follow of each; the others
 * stay.
 */

const MIGRATION = '0022_company_follows.sql';

let db: PGlite;
beforeAll(async () => {
  db = await databaseBefore(MIGRATION);
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
  await runMigration(db, MIGRATION);
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
