import type { TenderListQuery } from '@bawaba/shared/contracts';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { createIdListCache, idListOf, inListOrder, pageIdsOf } from '../../lib/id-lists.ts';
import { searchQueryWords } from '../../lib/search.ts';
import { clockMoves } from './lifecycle.ts';
import { tenderIdList, tendersByIds } from './queries.ts';
import type { TenderRow } from './rows.ts';
import type { ListScope } from './service.ts';

/**
 * The tender lists (the market, an owner's own, the admins'), per scope and filter: the ids of the matching tenders
 * in the list's order (src/lib/id-lists.ts), kept in a change cache of the tables they are chosen from — dropped on
 * every change to a tender (or to the services a category filter stands for) in any process, so the next read
 * anywhere sees it. The total is their number and page N is a slice of them read by primary key. A list of tenders
 * in a state the clock moves ("published", "bids opened") is kept only until the next deadline of any tender passes.
 * What is kept is the same for everyone who asks with that key: the scope is part of it (the market is the same
 * list for every caller; an owner's list is keyed by the owner; the admins' list is every tender), the page itself
 * is serialized for each caller, and the page query checks the scope again, so a list held a moment too long never
 * shows a tender the caller may no longer see.
 */
/** Tables a list's ids are chosen from: the tenders, and the services (a category filter's services). */
const LISTED_TABLES = new Set(['tenders', 'services']);

type Query = v.InferOutput<typeof TenderListQuery>;

/** Which tenders a list may show: its SQL condition, and a key naming it (the same key, the same tenders). */
export type KeyedScope = { key: string; where: ListScope };

export function createTenderLists(ctx: Ctx) {
  const db = ctx.database.db;
  const lists = createIdListCache(ctx.database.changes, LISTED_TABLES);

  /** The ids of a list, from the cache or the database. */
  const idsOf = (scope: KeyedScope, q: Query): Promise<Int32Array> => {
    const { page: _page, limit: _limit, ...filters } = q;
    const key = JSON.stringify([
      scope.key,
      { ...filters, q: searchQueryWords(q.q), title: searchQueryWords(q.title) },
    ]);
    return lists.get(key, async () => {
      const now = new Date();
      const { ids, nextDeadline } = await tenderIdList(db, scope.where, q, now);
      return {
        value: idListOf(ids),
        until: q.state && clockMoves(q.state) && nextDeadline !== null ? nextDeadline : undefined,
      };
    });
  };

  /** One page of a list (`q.state` set), in its order, and how many tenders the whole list holds. */
  const page = async (scope: KeyedScope, q: Query): Promise<{ rows: TenderRow[]; total: number }> => {
    const ids = await idsOf(scope, q);
    const pageIds = pageIdsOf(ids, q.page, q.limit);
    if (pageIds.length === 0) return { rows: [], total: ids.length };
    return { rows: inListOrder(await tendersByIds(db, pageIds, scope.where), pageIds), total: ids.length };
  };

  return { page, close: lists.close };
}
