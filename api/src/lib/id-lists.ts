import type { ChangeEvents } from '../db/client.ts';
import { type ChangeCache, createChangeCache } from './change-cache.ts';

/**
 * Ordered id lists of a list's query (the directory's, the tender lists'): built by one statement per query and
 * filter, kept in a change cache (./change-cache.ts) of the tables they are chosen from. The total is a list's length
 * and page N a slice of it, read by primary key: no count over every match, no OFFSET walk, a deep page costs what
 * page 1 costs.
 */
const ID_TTL_MS = 10_000;
/** Bounds of the cache (lists; ids over all lists, 4 bytes each). */
const MAX_ID_LISTS = 2000;
const MAX_IDS = 4_000_000;

/** A cache of id lists (`V`: the list, or a value holding it; `idsIn` finds the list in it). */
export function createIdListCache<V>(
  changes: ChangeEvents,
  tables: ReadonlySet<string>,
  idsIn: (value: V) => Int32Array,
): ChangeCache<V> {
  return createChangeCache<V>(changes, {
    tables,
    ttlMs: ID_TTL_MS,
    maxEntries: MAX_ID_LISTS,
    maxWeight: MAX_IDS,
    weigh: (value) => idsIn(value).length,
  });
}

/** An id list from its SQL form, `string_agg(id::text, ',' order by …)` (null: no rows). */
export const idListOf = (list: string | null | undefined): Int32Array =>
  list ? Int32Array.from(list.split(','), Number) : new Int32Array(0);

/** The ids of page `page` (from 1) of `limit` items. */
export function pageIdsOf(ids: Int32Array, page: number, limit: number): number[] {
  const start = (page - 1) * limit;
  return start < ids.length ? Array.from(ids.subarray(start, start + limit)) : [];
}

/** A page's rows (read in any order) in the order of its ids. */
export function inListOrder<R extends { id: number }>(rows: R[], pageIds: number[]): R[] {
  const at = new Map(pageIds.map((id, i) => [id, i]));
  return rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
}
