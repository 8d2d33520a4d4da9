import { documentWords } from '@bawaba/shared/search';
import { sql } from 'drizzle-orm';
import { plainText, SEARCH_VERSION, vectorSql } from '../lib/search.ts';
import type { Db, Tx } from './client.ts';

/**
 * The stored search documents of companies and tenders (src/lib/search.ts, docs/api/search.md), rebuilt here from
 * the rows' texts. Kept current at write time: the service that changes a company's or a tender's texts calls
 * `refreshSearch` in the same transaction, the seed at its end; the database marks a row stale (search_version 0,
 * triggers of the search migration) whenever its texts change by any other way, and the API rebuilds every stale
 * row and every row of an older SEARCH_VERSION at start. Catalog names (services, categories, locations) are not
 * copied into documents: a query matches them at query time, so renaming one needs nothing here.
 */

/** Rows rebuilt per statement. */
const BATCH = 500;

type Doc = { id: number; n: string; t: string };

const folded = (...texts: (string | null | undefined)[]) =>
  documentWords(texts.filter(Boolean).join(' \n ')).join(' ');

async function write(db: Db | Tx, table: 'companies' | 'tenders', docs: Doc[]) {
  for (let i = 0; i < docs.length; i += BATCH) {
    const json = JSON.stringify(docs.slice(i, i + BATCH));
    await db.execute(
      sql`update ${sql.identifier(table)} as d set search_name = ${sql.raw(vectorSql('x.n'))}, search_text = ${sql.raw(vectorSql('x.t'))}, search_version = ${SEARCH_VERSION} from jsonb_to_recordset(${json}::jsonb) as x(id int, n text, t text) where d.id = x.id`,
    );
  }
}

/** `only`: these ids (whatever their state); otherwise every stale row or row of an older version. */
const which = (only?: number[]) =>
  only ? sql`id = any(${`{${only.join(',')}}`}::int[])` : sql`search_version <> ${SEARCH_VERSION}`;

type Texts = { id: number; description_en: string | null; description_ar: string | null };

/** Both descriptions' words (stored HTML reduced to text). */
const descriptions = (r: Texts) =>
  folded(plainText(r.description_en ?? ''), plainText(r.description_ar ?? ''));

/** Rebuilds the search documents of companies: their names and their descriptions, both languages. */
export async function refreshCompanySearch(db: Db | Tx, only?: number[]): Promise<number> {
  if (only?.length === 0) return 0;
  const rows = (
    await db.execute(
      sql`select id, name_en, name_ar, description_en, description_ar from companies where ${which(only)} order by id`,
    )
  ).rows as (Texts & { name_en: string | null; name_ar: string | null })[];
  await write(
    db,
    'companies',
    rows.map((r) => ({ id: r.id, n: folded(r.name_en, r.name_ar), t: descriptions(r) })),
  );
  return rows.length;
}

/** Rebuilds the search documents of tenders: number and titles, and descriptions, both languages. */
export async function refreshTenderSearch(db: Db | Tx, only?: number[]): Promise<number> {
  if (only?.length === 0) return 0;
  const rows = (
    await db.execute(
      sql`select id, number, title_en, title_ar, description_en, description_ar from tenders where ${which(only)} order by id`,
    )
  ).rows as (Texts & { number: string; title_en: string | null; title_ar: string | null })[];
  await write(
    db,
    'tenders',
    rows.map((r) => ({ id: r.id, n: folded(r.number, r.title_en, r.title_ar), t: descriptions(r) })),
  );
  return rows.length;
}

/** Every stale document, companies and tenders (at start, after the seed). */
export async function refreshStaleSearch(db: Db | Tx): Promise<number> {
  return (await refreshCompanySearch(db)) + (await refreshTenderSearch(db));
}
