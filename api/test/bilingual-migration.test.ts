import { textLanguage } from '@bawaba/shared/rules';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, runMigration } from './migrations.ts';

/**
 * The migrations that split the single-language texts (drizzle/0014_bilingual_texts.sql, and the amendment reasons:
 * drizzle/0017_bilingual_amendments.sql), each run on a database with
 * the rows of every kind written before it: each text lands in the column of the language it is written in, the
 * same decision as textLanguage() (shared/src/rules/text-language.ts).
 */

const SPLIT = '0014_bilingual_texts.sql';

/** Texts as owners wrote them into one field: English, Arabic, mixed, rich text, no letters at all. */
const TEXTS = [
  'Doha Digital Solutions',
  'شركة الدوحة للمقاولات',
  'مؤسسة قطر للحلول التقنية W.L.L',
  'Bidders must be registered in Qatar. نطاق العمل ومعايير التقييم.',
  'نطاق العمل ومعايير التقييم والتسليم النهائي for ICT',
  '<p dir="rtl"><strong>التَّقْيِيم</strong> ٢٠٢٦</p>',
  '<p>&nbsp;Scope of work&nbsp;</p>',
  'Café Société Électrique',
  '2026 — 10,000',
  'ۺۼۿ ݐݑ ࢠࢡ abc',
];

let db: PGlite;
beforeAll(async () => {
  db = await databaseBefore(SPLIT);
  await db.exec(`insert into users (id, name, email) values (1, 'Owner', 'owner@example.qa')`);
  for (const [i, text] of TEXTS.entries()) {
    await db.query(`insert into companies (name, description) values ($1, $2)`, [text, i % 2 ? text : '']);
    await db.query(`insert into tenders (number, title, description, owner_id) values ($1, $2, $3, 1)`, [
      `T-${i}`,
      text,
      i % 3 ? `<p>${text}</p>` : '<p></p>',
    ]);
    await db.query(`insert into ads (title, image_url) values ($1, 'x')`, [text]);
  }
  await runMigration(db, SPLIT);
});
afterAll(async () => {
  await db.close();
});

const versions = (text: string) =>
  textLanguage(text) === 'ar' ? { en: null, ar: text } : { en: text, ar: null };

describe('migration 0014: one text per language', () => {
  it('moves each name and title to the column of its script, as textLanguage decides', async () => {
    const cs = await db.query<{ name_en: string | null; name_ar: string | null }>(
      'select name_en, name_ar from companies order by id',
    );
    const ts = await db.query<{ title_en: string | null; title_ar: string | null }>(
      'select title_en, title_ar from tenders order by id',
    );
    const as = await db.query<{ title_en: string | null; title_ar: string | null }>(
      'select title_en, title_ar from ads order by id',
    );
    TEXTS.forEach((text, i) => {
      const want = versions(text);
      expect({ en: cs.rows[i]!.name_en, ar: cs.rows[i]!.name_ar }, text).toEqual(want);
      expect({ en: ts.rows[i]!.title_en, ar: ts.rows[i]!.title_ar }, text).toEqual(want);
      expect({ en: as.rows[i]!.title_en, ar: as.rows[i]!.title_ar }, text).toEqual(want);
    });
    expect(cs.rows.filter((r) => r.name_ar !== null).length).toBeGreaterThanOrEqual(4);
  });

  it('moves descriptions by the script of their words, and an empty one to neither', async () => {
    const cs = await db.query<{ description_en: string | null; description_ar: string | null }>(
      'select description_en, description_ar from companies order by id',
    );
    const ts = await db.query<{ description_en: string | null; description_ar: string | null }>(
      'select description_en, description_ar from tenders order by id',
    );
    TEXTS.forEach((text, i) => {
      const company = i % 2 ? versions(text) : { en: null, ar: null };
      expect({ en: cs.rows[i]!.description_en, ar: cs.rows[i]!.description_ar }, text).toEqual(company);
      const tender = i % 3 ? versions(`<p>${text}</p>`) : { en: null, ar: null };
      expect({ en: ts.rows[i]!.description_en, ar: ts.rows[i]!.description_ar }, text).toEqual(tender);
    });
  });

  it('drops the single-language columns and refuses a row with neither version', async () => {
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'tenders'`,
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('title');
    await expect(
      db.query(`insert into tenders (number, title_en, title_ar, owner_id) values ('T-x', ' ', null, 1)`),
    ).rejects.toThrow(/tenders_title_written/);
    await expect(db.query(`insert into companies (name_en) values (null)`)).rejects.toThrow(
      /companies_name_written/,
    );
  });
});

describe('migration 0017: amendment reasons in two languages', () => {
  const REASONS = '0017_bilingual_amendments.sql';
  let amended: PGlite;
  beforeAll(async () => {
    amended = await databaseBefore(REASONS);
    await amended.exec(`insert into users (id, name, email) values (1, 'Owner', 'owner@example.qa')`);
    await amended.exec(
      `insert into tenders (id, number, title_en, owner_id) values (1, 'T-1', 'Fit-out', 1)`,
    );
    for (const [i, text] of TEXTS.entries())
      await amended.query(
        `insert into tender_amendments (tender_id, number, reason, changes) values (1, $1, $2, '[]')`,
        [i + 1, text],
      );
    await runMigration(amended, REASONS);
  });
  afterAll(async () => {
    await amended.close();
  });

  it('moves each reason to the column of its script, as textLanguage decides', async () => {
    const rows = await amended.query<{ reason_en: string | null; reason_ar: string | null }>(
      'select reason_en, reason_ar from tender_amendments order by number',
    );
    TEXTS.forEach((text, i) => {
      expect({ en: rows.rows[i]!.reason_en, ar: rows.rows[i]!.reason_ar }, text).toEqual(versions(text));
    });
    expect(rows.rows.filter((r) => r.reason_ar !== null).length).toBeGreaterThanOrEqual(4);
  });

  it('drops the single reason and refuses an amendment with neither version', async () => {
    const columns = await amended.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'tender_amendments'`,
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('reason');
    await expect(
      amended.query(
        `insert into tender_amendments (tender_id, number, reason_en, reason_ar, changes) values (1, 99, ' ', null, '[]')`,
      ),
    ).rejects.toThrow(/tender_amendments_reason_written/);
  });
});
