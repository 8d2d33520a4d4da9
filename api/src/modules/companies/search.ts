import { documentWords } from '@bawaba/shared/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { vectorSql, wordQuery } from '../../lib/search.ts';
import type { Bind } from '../../lib/statements.ts';
import { catalogOf } from './serializers.ts';

/**
 * The directory's keyword search (docs/api/search.md). Every word of the query must match the company somewhere it
 * may be searched by the caller:
 * - its name (English or Arabic) or description — signed-in callers only: anonymous callers see these masked, so
 *   matching them would let a search reveal what the mask hides;
 * - the name (English or Arabic) of one of its services or of their categories, or of its location — everyone.
 * Ranked by where the words matched: a name counts 4, a service, category or location 2, a description 1 (per word),
 * and a service, category or location named by the whole query 3 more; ties in id order (the directory's order
 * without a keyword), so paging is stable.
 */

/**
 * The catalog entries a query's words match: per word, the service ids and the location ids; `whole`: the entries
 * that match every word (the query names that service, category or location).
 */
type CatalogHits = {
  services: number[][];
  locations: number[][];
  whole: { services: number[]; locations: number[] };
};

/**
 * The catalog's search vectors (by the rule of documents: src/lib/search.ts `vectorSql`), as the JSON of search rows
 * (`k`: 's' a service with its category's names, 'l' a location with its names; `v`: the tsvector's text): built by
 * the database once per catalog (a catalog read anew — after a change event or its TTL — builds them anew), so that
 * matching a query costs reading 78-odd small vectors, not folding and parsing every catalog text again. `starts`:
 * the first one and two letters of every word in them. A query word matches a vector by a word that begins like it
 * — its prefix, or its English stem (the snowball stemmer changes a word's ending, never its first two letters) —
 * so a word whose first two letters begin no catalog word (a number, most names) matches nothing there, without a
 * query.
 */
type CatalogVectors = { json: string; starts: Set<string>; words: Map<string, WordHits> };

/** The catalog entries one query word matches: service ids and location ids, in the catalog's order. */
type WordHits = { services: number[]; locations: number[] };

/**
 * Words whose catalog entries are kept per catalog (then the kept words start over): a word's entries do not depend
 * on the other words of its query, so a common word (`services`, `الدوحة`) is matched against the catalog once per
 * catalog, and a query of kept words and words that begin no catalog word runs no catalog query at all.
 */
const MAX_KEPT_WORDS = 10_000;
const NO_HITS: WordHits = { services: [], locations: [] };
const catalogVectors = new WeakMap<Awaited<ReturnType<typeof catalogOf>>, Promise<CatalogVectors>>();

/** The words of a tsvector's text (`'word':1,2 'other':3`). */
const LEXEME = /'((?:[^']|'')*)'/g;

async function catalogVectorsOf(db: Db | Tx): Promise<CatalogVectors> {
  const cat = await catalogOf(db);
  const kept = catalogVectors.get(cat);
  if (kept) return kept;
  const folded = (...texts: string[]) => documentWords(texts.join(' \n ')).join(' ');
  const rows = JSON.stringify([
    ...[...cat.services.values()].map((s) => {
      const c = cat.categories.get(s.categoryId);
      return { k: 's', id: s.id, t: folded(s.nameEn, s.nameAr, c?.nameEn ?? '', c?.nameAr ?? '') };
    }),
    ...[...cat.locations.values()].map((l) => ({ k: 'l', id: l.id, t: folded(l.nameEn, l.nameAr) })),
  ]);
  const built = db
    .execute(
      sql`select coalesce(json_agg(json_build_object('k', k, 'id', id, 'v', ${sql.raw(vectorSql('t'))}::text)), '[]'::json)::text as v from jsonb_to_recordset(${rows}::jsonb) as r(k text, id int, t text)`,
    )
    .then((r) => {
      const json = String((r.rows[0] as { v: string }).v);
      const starts = new Set<string>();
      for (const row of JSON.parse(json) as { v: string }[])
        for (const m of row.v.matchAll(LEXEME)) {
          const word = m[1]!.replaceAll("''", "'");
          starts.add(word.slice(0, 1));
          starts.add(word.slice(0, 2));
        }
      return { json, starts, words: new Map<string, WordHits>() };
    });
  built.catch(() => catalogVectors.delete(cat));
  catalogVectors.set(cat, built);
  return built;
}

/**
 * Which services (with their categories' names) and locations each word matches, by the same rule: from the words
 * kept for this catalog, and one query for the words not kept yet that begin like a catalog word.
 */
async function catalogHits(db: Db | Tx, words: string[]): Promise<CatalogHits> {
  const vectors = await catalogVectorsOf(db);
  const unknown = words.filter((w) => !vectors.words.has(w) && vectors.starts.has(w.slice(0, 2)));
  if (unknown.length) {
    const hits = sql.join(
      unknown.map((w) => sql`(x.v @@ ${wordQuery(w)})`),
      sql`, `,
    );
    const rows = (
      await db.execute(
        sql`select x.k, x.id, array[${hits}] as hits from jsonb_to_recordset(${vectors.json}::jsonb) as x(k text, id int, v tsvector)`,
      )
    ).rows as { k: string; id: number; hits: boolean[] | string }[];
    const found = unknown.map((): WordHits => ({ services: [], locations: [] }));
    for (const r of rows) {
      const flags = (Array.isArray(r.hits) ? r.hits : String(r.hits).replace(/[{}]/g, '').split(',')).map(
        (hit) => hit === true || hit === 't',
      );
      flags.forEach((hit, i) => {
        if (hit) (r.k === 's' ? found[i]!.services : found[i]!.locations).push(r.id);
      });
    }
    if (vectors.words.size + unknown.length > MAX_KEPT_WORDS) vectors.words.clear();
    for (const [i, w] of unknown.entries()) vectors.words.set(w, found[i]!);
  }
  const each = words.map((w) => vectors.words.get(w) ?? NO_HITS);
  // The entries every word matches, in the catalog's order (each word's entries are).
  const inEvery = (pick: (h: WordHits) => number[]) => {
    const others = each.slice(1).map((h) => new Set(pick(h)));
    return pick(each[0]!).filter((id) => others.every((o) => o.has(id)));
  };
  return {
    services: each.map((h) => h.services),
    locations: each.map((h) => h.locations),
    whole: { services: inEvery((h) => h.services), locations: inEvery((h) => h.locations) },
  };
}

/** The company has one of these services or is in one of these locations (false for none). */
function offersOrIsIn(svc: number[], loc: number[], bind?: Bind): SQL {
  bind?.shape(svc.length || loc.length ? 'catalog' : 'none');
  if (!svc.length && !loc.length) return sql`false`;
  const intArray = (ids: number[]) => {
    const text = `{${ids.join(',')}}`;
    return sql`${bind ? bind.value(text) : text}::int[]`;
  };
  // The company's own copy of its service ids (companies.service_ids): an array test, where a subquery of
  // company_services (in the condition and again in the rank) made PostgreSQL plan it anew for each new word —
  // half of a keyword statement's planning (docs/api/benchmarks.md).
  return sql`(${companies.serviceIds} && ${intArray(svc)} or ${companies.locationId} = any(${intArray(loc)}))`;
}

/**
 * The keyword's condition and rank over `companies` for a caller signed in or not (`words` from `queryWords`,
 * at least one). With `bind`: its values as placeholders of a shaped statement (src/lib/statements.ts).
 */
export async function companyKeyword(
  db: Db | Tx,
  words: string[],
  signedIn: boolean,
  bind?: Bind,
): Promise<{ where: SQL; rank: SQL }> {
  const hits = await catalogHits(db, words);
  const conds: SQL[] = [];
  const ranks: SQL[] = [];
  bind?.shape(`${signedIn ? 'signed in' : 'visitor'}, ${words.length} words`);
  // A service, category or location the whole query names counts once more (3) than its words one by one.
  if (words.length > 1 && (hits.whole.services.length || hits.whole.locations.length)) {
    bind?.shape('whole');
    ranks.push(sql`3 * (${offersOrIsIn(hits.whole.services, hits.whole.locations, bind)})::int`);
  }
  words.forEach((w, i) => {
    const inCatalog = offersOrIsIn(hits.services[i]!, hits.locations[i]!, bind);
    if (!signedIn) {
      conds.push(inCatalog);
      ranks.push(sql`2 * (${inCatalog})::int`);
      return;
    }
    const q = wordQuery(w, bind);
    const inName = sql`(search_name @@ ${q})`;
    const inText = sql`(search_text @@ ${q})`;
    // The texts first: the catalog's condition (the companies offering a matched service) is built only for a row
    // whose texts do not hold the word.
    conds.push(sql`(${inName} or ${inText} or ${inCatalog})`);
    ranks.push(sql`(4 * ${inName}::int + 2 * (${inCatalog})::int + ${inText}::int)`);
  });
  return { where: sql.join(conds, sql` and `), rank: sql.join(ranks, sql` + `) };
}
