import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from './migrations.ts';

/**
 * The migration that makes catalogue names unique per language (drizzle/0024_catalogue_management.sql), run on a
 * catalogue written before it with the same name twice in different case: the migration must not fail, the older
 * entry keeps the name and the later one is told apart by its id.
 */

const MIGRATION = '0024_catalogue_management.sql';

let db: PGlite;
beforeAll(async () => {
  db = await databaseBefore(MIGRATION);
  await db.exec(`
    insert into categories (id, slug, name_en, name_ar) values
      (1, 'it', 'IT', 'تقنية'), (2, 'it-2', 'it', 'تقنية المعلومات'), (3, 'legal', 'Legal', 'قانون');
    insert into services (id, category_id, slug, name_en, name_ar) values
      (1, 1, 'dev', 'Development', 'تطوير'),
      (2, 1, 'dev-2', 'DEVELOPMENT', 'تطوير'),
      (3, 3, 'dev-legal', 'Development', 'تطوير');
    insert into locations (id, name_en, name_ar) values (1, 'Doha', 'الدوحة'), (2, 'doha', 'الدوحة');
  `);
  await runMigration(db, MIGRATION);
});
afterAll(async () => {
  await db.close();
});

const names = async (table: string) =>
  (await db.query<{ name_en: string; name_ar: string }>(`select name_en, name_ar from ${table} order by id`))
    .rows;

describe('migration 0024: catalogue names once per language', () => {
  it('keeps the older entry’s name and gives a later duplicate its id, in each language', async () => {
    expect(await names('categories')).toEqual([
      { name_en: 'IT', name_ar: 'تقنية' },
      { name_en: 'it (2)', name_ar: 'تقنية المعلومات' },
      { name_en: 'Legal', name_ar: 'قانون' },
    ]);
    expect(await names('locations')).toEqual([
      { name_en: 'Doha', name_ar: 'الدوحة' },
      { name_en: 'doha (2)', name_ar: 'الدوحة (2)' },
    ]);
  });

  it('compares services within their category only', async () => {
    expect(await names('services')).toEqual([
      { name_en: 'Development', name_ar: 'تطوير' },
      { name_en: 'DEVELOPMENT (2)', name_ar: 'تطوير (2)' },
      { name_en: 'Development', name_ar: 'تطوير' },
    ]);
  });

  it('refuses a new name written again in another case', async () => {
    await expect(
      db.query(`insert into locations (id, name_en, name_ar) values (3, 'DOHA', 'لوسيل')`),
    ).rejects.toThrow(/locations_name_en_uq/);
  });
});
