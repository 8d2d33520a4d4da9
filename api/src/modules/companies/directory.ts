import { CompanyListQuery } from '@bawaba/shared/contracts';
import { and, asc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { companies, companyServices } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { paged, parse } from '../../http.ts';
import { knownAuth, optionalAuth } from '../../lib/auth.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import { createIdListCache, idListOf, inListOrder, pageIdsOf } from '../../lib/id-lists.ts';
import { byReputation } from '../../lib/reputation.ts';
import { searchQueryWords } from '../../lib/search.ts';
import { type Bind, shapedStatements } from '../../lib/statements.ts';
import { companyKeyword } from './search.ts';
import { serializeCompanies } from './serializers.ts';

/**
 * Directory search, per filter (keyword, services, location; signed in or not): the ids of the matching approved
 * companies in id order (src/lib/id-lists.ts: the total is their number and page N is a slice of them, read with its
 * services in one query by primary key).
 * Whole pages are also kept for PAGE_TTL_MS as the UTF-8 bytes of the response: a hit costs no validation, query,
 * serialization or encoding. Both are change caches (src/lib/change-cache.ts) of the tables a page shows: dropped on
 * this process's company writes and on the database's announcement of any change to those tables, whoever wrote,
 * so the next read anywhere sees the change; not used while those announcements may be missed. A page query also
 * checks the status again, so a list held a moment too long never shows a company that is no longer approved.
 */
const PAGE_TTL_MS = 10_000;
/** Bound of the page cache (entries). */
const MAX_PAGES = 5000;

/** A directory query: its condition and the order of its ids. */
type Plan = { where: SQL | undefined; order: SQL };

/** Tables whose changes can change a directory page (the `database.changes` events that clear the caches). */
const SHOWN_TABLES = new Set([
  'companies',
  'company_services',
  'services',
  'categories',
  'locations',
  'company_credentials',
  // The reputation on the cards, its sort and its filters.
  'contracts',
  'contract_ratings',
]);

/**
 * The directory search of one process: its caches, the page answer, `changed()` for this process's company writes,
 * and `close()` to stop following the database's change events.
 */
export function createDirectory(ctx: Ctx) {
  const db = ctx.database.db;
  const idLists = createIdListCache<Int32Array>(ctx.database.changes, SHOWN_TABLES, (ids) => ids);
  /** The id-list statements, compiled once per shape of query (src/lib/statements.ts). */
  const idStatements = shapedStatements<{ ids: string | null }[]>();
  /** Ids of the approved companies matching a plan, in its order, built on a miss. */
  const idsOf = (
    key: string,
    plan: (bind: Bind) => Promise<Plan>,
    refine: (ids: Int32Array) => Promise<Int32Array>,
  ): Promise<Int32Array> =>
    idLists.get(key, async () => {
      const bind = idStatements.begin();
      const { where, order } = await plan(bind);
      const r = await bind.run(
        db
          .select({ ids: sql<string | null>`string_agg(${companies.id}::text, ',' order by ${order})` })
          .from(companies)
          .where(where),
      );
      return { value: await refine(idListOf(r[0]?.ids)) };
    });
  /**
   * A page of companies by id (their rows carry their services), built once (a prepared statement: no query
   * building per page). The status again: a list built before another process withdrew a company never shows it.
   */
  const pageRows = db
    .select()
    .from(companies)
    .where(and(sql`${companies.id} = any(${sql.placeholder('ids')})`, eq(companies.status, 'approved')))
    .orderBy(asc(companies.id))
    .prepare('directory_page');
  /**
   * Cached pages as the bytes of the response: a hit costs no query, validation, serialization or encoding. The
   * key: signed in or not (the only thing about the caller a directory page depends on: masking and what a keyword
   * matches), the language, and the raw URL (the same URL is the same page; a differently spelled query is another
   * entry).
   */
  const pages = createChangeCache<Buffer>(ctx.database.changes, {
    tables: SHOWN_TABLES,
    ttlMs: PAGE_TTL_MS,
    maxEntries: MAX_PAGES,
  });
  const pageKeyOf = (signedIn: boolean, l: Lang, url: string) => `${signedIn ? 1 : 0}${l}${url}`;
  const changed = () => {
    idLists.clear();
    pages.clear();
  };
  const close = () => {
    idLists.close();
    pages.close();
  };

  /**
   * The directory condition of a query (approved, and the filters) and its order: id order, or with a keyword its
   * rank first (./search.ts; resolving the keyword against the catalog costs one query). The reputation's filters and
   * sort apply to that list in memory (src/lib/reputation.ts `byReputation`, from the kept reputations).
   */
  const conditionOf = async (
    q: v.InferOutput<typeof CompanyListQuery>,
    signedIn: boolean,
    bind: Bind,
  ): Promise<Plan> => {
    const where: SQL[] = [eq(companies.status, 'approved')];
    if (q.services?.length) {
      bind.shape(`services${q.services.length}`);
      where.push(
        exists(
          db
            .select({ x: sql`1` })
            .from(companyServices)
            .where(
              and(
                eq(companyServices.companyId, companies.id),
                inArray(
                  companyServices.serviceId,
                  q.services.map((id) => bind.value(id)),
                ),
              ),
            ),
        ),
      );
    }
    if (typeof q.location === 'number') {
      bind.shape('location');
      where.push(eq(companies.locationId, bind.value(q.location)));
    }
    const words = searchQueryWords(q.name);
    if (words.length === 0) return { where: and(...where), order: sql`${companies.id}` };
    const keyword = await companyKeyword(db, words, signedIn, bind);
    where.push(keyword.where);
    return { where: and(...where), order: sql`${keyword.rank} desc, ${companies.id}` };
  };

  /** A directory page (cached or built), for any caller: the session looked up when it is not cached. */
  const pageOf = async (req: FastifyRequest, l: Lang): Promise<Buffer> => {
    const auth = await optionalAuth(ctx, req);
    return pages.get(pageKeyOf(!!auth, l, req.url), async () => {
      const q = parse(CompanyListQuery, req.query);
      const key = JSON.stringify([
        !!auth,
        q.services ?? [],
        q.location ?? null,
        searchQueryWords(q.name),
        q.sort ?? '',
        q.delivered === true,
        q.minRating ?? '',
      ]);
      const ids = await idsOf(
        key,
        (bind) => conditionOf(q, !!auth, bind),
        (list) =>
          byReputation(db, list, {
            delivered: q.delivered === true,
            minRating: typeof q.minRating === 'number' ? q.minRating : undefined,
            byRating: q.sort === 'rating',
          }),
      );
      const pageIds = pageIdsOf(ids, q.page, q.limit);
      const found = pageIds.length ? await pageRows.execute({ ids: pageIds }) : [];
      // In the list's order (a keyword's rank), not the page query's id order.
      const rows = inListOrder(found, pageIds);
      const items = await serializeCompanies(db, rows, l, !auth);
      return { value: Buffer.from(JSON.stringify({ data: paged(items, ids.length, q.limit) })) };
    });
  };

  /**
   * The cached page for a caller known without a lookup (anonymous, or a session in the session cache), as bytes
   * to send at once: no promise, no await. Undefined when it must be built (or the caller looked up).
   */
  const cachedPage = (req: FastifyRequest, l: Lang): Buffer | undefined => {
    const known = knownAuth(ctx, req);
    return known === undefined ? undefined : pages.peek(pageKeyOf(!!known, l, req.url));
  };

  return { pageOf, cachedPage, changed, close };
}
