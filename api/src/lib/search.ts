import { queryWords } from '@bawaba/shared/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Bind } from './statements.ts';

/**
 * Full-text search, one SQL path on PGlite and PostgreSQL (docs/api/search.md). A searchable row stores two
 * tsvectors built at write time (src/db/search-documents.ts) from its texts folded by `@bawaba/shared/search` — the
 * normaliser the front ends highlight with, which also takes off the Arabic article and lightly stems Arabic words:
 * `search_name` (names, titles, numbers) and `search_text` (descriptions). Each holds every word as folded
 * (`simple`) and as PostgreSQL's English snowball stemmer makes it, so `companies` finds "company". A query word
 * matches a document by prefix (`cyber` finds "Cybersecurity") or by its English stem (`wordQuery`). PostgreSQL's
 * Arabic snowball stemmer was measured and left out: with the light stem it found nothing more on the gold set, and
 * it over-stems (`فعالية` → `عال`).
 */

/**
 * The version of the stored documents: rows built by an older one (or marked stale by the database when their texts
 * changed outside the API: the triggers of the search migration) are rebuilt at start (`refreshStaleSearch`). Bump
 * it when the normaliser or `vectorSql` changes.
 */
export const SEARCH_VERSION = 1;

/** The search vector (SQL text) of a column holding folded words: as folded, and English-stemmed. */
export const vectorSql = (column: string) =>
  `(to_tsvector('simple', ${column}) || to_tsvector('english', ${column}))`;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The words a reader sees in stored HTML (tags gone, the common entities decoded). */
export function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? all;
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
  });
}

/**
 * One query word as a tsquery (SQL): its prefix as folded, or its English stem. The word comes from `queryWords`
 * (letters and digits only), so it cannot carry tsquery syntax. With `bind`: as placeholders of a shaped statement
 * (src/lib/statements.ts).
 */
export function wordQuery(word: string, bind?: Bind): SQL {
  const prefix = `${word}:*`;
  return bind
    ? sql`(to_tsquery('simple', ${bind.value(prefix)}) || plainto_tsquery('english', ${bind.value(word)}))`
    : sql`(to_tsquery('simple', ${prefix}) || plainto_tsquery('english', ${word}))`;
}

/** The words of a user's search text (folded, at most eight); none for a blank text. */
export const searchQueryWords = (text: string | undefined): string[] => (text ? queryWords(text) : []);
