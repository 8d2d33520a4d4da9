import type { TenderListQuery } from '@bawaba/shared/contracts';
import { clarificationCutoff } from '@bawaba/shared/rules';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Lang } from '../../errors.ts';
import { paged } from '../../http.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import { createIdListCache, idListOf, inListOrder, pageIdsOf } from '../../lib/id-lists.ts';
import { searchQueryWords } from '../../lib/search.ts';
import { shapedStatements, statementName } from '../../lib/statements.ts';
import { clockMoves } from './lifecycle.ts';
import { type ListWords, tenderIdList, tendersWithStakeOf } from './queries.ts';
import { LIST_SCOPES, type ListScope } from './service.ts';
import { pageReader, tenderOf, tenderPageQuery, type Viewer } from './tender-serializer.ts';

/**
 * The tender lists (the market, an owner's own, the admins'), per scope and filter: the ids of the matching tenders
 * in the list's order (src/lib/id-lists.ts), kept in a change cache of the tables they are chosen from — dropped on
 * every change to a tender (or to the services a category filter stands for) in any process, so the next read
 * anywhere sees it. The total is their number and page N is a slice of them read by primary key. A list of tenders
 * in a state the clock moves ("published", "bids opened") is kept only until the next deadline of any tender passes.
 * What is kept is the same for everyone who asks with that key: the scope is part of it (the market is the same
 * list for every caller; an owner's list is keyed by the owner; the admins' list is every tender), and the page
 * query checks the scope again, so a list held a moment too long never shows a tender the caller may no longer see.
 *
 * Market pages are also kept whole, as the bytes of the answer, for the two callers a page reads the same for: a
 * visitor, and a signed-in user (not an admin) who neither owns nor took part in (an interest, a proposal) any tender
 * on it. A signed-in caller gets that page once their own stake is known not to touch it (their tenders with a stake,
 * kept per user and dropped on any interest or proposal written); anyone else gets a page serialized for them. A
 * kept page is dropped on any change to what it shows (tenders, their services, documents, owners, winners) and
 * holds only until the next deadline or clarification cut-off of a tender on it (its state and `can` change then).
 */
const PAGE_TTL_MS = 10_000;
const MAX_PAGES = 5000;
const STAKE_TTL_MS = 10_000;
const MAX_STAKES = 10_000;

/** Tables a list's ids are chosen from: the tenders, and the services (a category filter's services). */
const LISTED_TABLES = new Set(['tenders', 'services']);
/** Tables a market page shows: the tenders, their services, documents and owners, the winners' names. */
const SHOWN_TABLES = new Set(['tenders', 'services', 'files', 'users', 'companies', 'proposals']);
/** Tables a user's stake in tenders is read from. */
const STAKE_TABLES = new Set(['interests', 'proposals']);

/**
 * The caller a kept market page is serialized for: signed in, not an admin, owning and taking part in none of its
 * tenders (no user has id 0), so the page reads the same for every such caller.
 */
const NO_STAKE: Viewer = { id: 0, isAdmin: false };

type Query = v.InferOutput<typeof TenderListQuery>;

/** Which tenders a list may show: its SQL condition, and a key naming it (the same key, the same tenders). */
export type KeyedScope = { key: string; where: ListScope };

const MARKET: KeyedScope = { key: 'market', where: LIST_SCOPES.market() };
/** The scopes whose condition is the same for every caller (their page statement is built once). */
const SHARED_SCOPES = new Set([MARKET.key, 'all']);

/** A list's ids, and when it must be built again at the latest (a deadline passing; undefined: no such time). */
type IdList = { ids: Int32Array; until: number | undefined };

/** A kept market page: the answer's bytes, and the ids and owners of its tenders (whose stake it may not touch). */
type KeptPage = { bytes: Buffer; tenderIds: number[]; ownerIds: number[]; companyIds: (number | null)[] };

const encode = (data: unknown) => Buffer.from(JSON.stringify({ data }));

export function createTenderLists(ctx: Ctx) {
  const db = ctx.database.db;
  const changes = ctx.database.changes;
  const lists = createIdListCache<IdList>(changes, LISTED_TABLES, (l) => l.ids);
  const pages = createChangeCache<KeptPage>(changes, {
    tables: SHOWN_TABLES,
    ttlMs: PAGE_TTL_MS,
    maxEntries: MAX_PAGES,
  });
  const stakes = createChangeCache<Set<number>>(changes, {
    tables: STAKE_TABLES,
    ttlMs: STAKE_TTL_MS,
    maxEntries: MAX_STAKES,
  });

  /** The words of a query's keyword and title filter, folded once per request (the query object). */
  const asked = new WeakMap<Query, ListWords>();
  const wordsOf = (q: Query): ListWords => {
    let words = asked.get(q);
    if (!words) {
      words = { q: searchQueryWords(q.q), title: searchQueryWords(q.title) };
      asked.set(q, words);
    }
    return words;
  };

  /** The key of a list: its scope and filters, the keyword as its words. */
  const listKeyOf = (scope: KeyedScope, q: Query) => {
    const { page: _page, limit: _limit, ...filters } = q;
    const words = wordsOf(q);
    return JSON.stringify([scope.key, { ...filters, q: words.q, title: words.title }]);
  };

  /** The id-list statements, compiled once per shape of query (src/lib/statements.ts). */
  const idStatements = shapedStatements<{ ids: string | null; nextDeadline: number | null }[]>();

  /** A list's ids, from the cache or the database. */
  const listOf = (scope: KeyedScope, q: Query): Promise<IdList> =>
    lists.get(listKeyOf(scope, q), async () => {
      const now = new Date();
      const { ids, nextDeadline } = await tenderIdList(
        db,
        idStatements,
        { where: scope.where, shared: SHARED_SCOPES.has(scope.key) },
        q,
        wordsOf(q),
        now,
      );
      const until = q.state && clockMoves(q.state) && nextDeadline !== null ? nextDeadline : undefined;
      return { value: { ids: idListOf(ids), until }, until };
    });

  /**
   * The page statement of a scope (tender-serializer.ts `tenderPageQuery`), prepared under the name of its text
   * (src/lib/statements.ts: an owner's scope has the same text for every owner, with its own values); built once
   * for a scope that is the same for every caller.
   */
  const sharedStatements = new Map<string, ReturnType<typeof preparePage>>();
  const preparePage = (scope: KeyedScope) => {
    const query = tenderPageQuery(db, scope.where);
    return query.prepare(statementName(query.toSQL().sql));
  };
  const statementOf = (scope: KeyedScope) => {
    const kept = sharedStatements.get(scope.key);
    if (kept) return kept;
    const statement = preparePage(scope);
    if (SHARED_SCOPES.has(scope.key)) sharedStatements.set(scope.key, statement);
    return statement;
  };

  /**
   * One page of a list (`q.state` set) serialized for `viewer`, in its order, with the ids and owners of its
   * tenders, how many tenders the whole list holds, and until when the list holds: the rows and what their answers
   * name besides in one statement.
   */
  const page = async (scope: KeyedScope, q: Query, l: Lang, viewer: Viewer | null) => {
    const list = await listOf(scope, q);
    const pageIds = pageIdsOf(list.ids, q.page, q.limit);
    const rows = pageIds.length
      ? inListOrder(await statementOf(scope).execute({ ids: pageIds, ...pageReader(viewer) }), pageIds)
      : [];
    const now = Date.now();
    const items = rows.map((t) => tenderOf(t, t, l, viewer, now, ctx.apiUrl));
    return { rows, items, pageIds, total: list.ids.length, until: list.until };
  };

  /** A page of a list serialized for `viewer`. */
  const serialized = async (scope: KeyedScope, q: Query, l: Lang, viewer: Viewer | null) => {
    const { items, total } = await page(scope, q, l, viewer);
    return paged(items, total, q.limit);
  };

  /** A market page for a visitor or a caller without a stake in it, and until when it reads the same. */
  const keptPage = async (q: Query, l: Lang, viewer: Viewer | null) => {
    const { rows, items, pageIds, total, until } = await page(MARKET, q, l, viewer);
    const now = Date.now();
    // The next deadline or cut-off of a tender on the page: its state and what callers may do change then.
    const next = rows
      .flatMap((t) => [t.deadline, clarificationCutoff(t.deadline, t.clarificationCutoff)])
      .map((d) => d?.getTime() ?? Number.POSITIVE_INFINITY)
      .filter((ms) => ms > now);
    const first = Math.min(until ?? Number.POSITIVE_INFINITY, ...next);
    return {
      value: {
        bytes: encode(paged(items, total, q.limit)),
        tenderIds: pageIds,
        ownerIds: rows.map((t) => t.ownerId),
        companyIds: rows.map((t) => t.companyId),
      },
      until: Number.isFinite(first) ? first : undefined,
    };
  };

  /** The market's page (`q.state` set) for any caller, as the bytes of the answer. */
  const marketPage = async (q: Query, l: Lang, viewer: Viewer | null): Promise<Buffer> => {
    if (viewer?.isAdmin) return encode(await serialized(MARKET, q, l, viewer));
    const key = `${viewer ? 'u' : 'v'}${l}|${q.page}|${q.limit}|${listKeyOf(MARKET, q)}`;
    const kept = await pages.get(key, () => keptPage(q, l, viewer && NO_STAKE));
    if (!viewer) return kept.bytes;
    const stake =
      kept.ownerIds.includes(viewer.id) ||
      (viewer.companyId != null && kept.companyIds.includes(viewer.companyId))
        ? true
        : await stakes
            .get(`${viewer.id}:${viewer.companyId ?? ''}`, async () => ({
              value: await tendersWithStakeOf(db, { userId: viewer.id, companyId: viewer.companyId ?? null }),
            }))
            .then((mine) => kept.tenderIds.some((id) => mine.has(id)));
    return stake ? encode(await serialized(MARKET, q, l, viewer)) : kept.bytes;
  };

  const close = () => {
    lists.close();
    pages.close();
    stakes.close();
  };
  return { serialized, marketPage, close };
}
