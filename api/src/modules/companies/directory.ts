import { CompanyListQuery } from '@bawaba/shared/contracts';
import { and, asc, eq, exists, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { companies, companyServices } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { paged, parse } from '../../http.ts';
import { knownAuth, optionalAuth } from '../../lib/auth.ts';
import { searchQueryWords } from '../../lib/search.ts';
import { companyKeyword } from './search.ts';
import { serializeCompaniesWithServices, serviceIdsOfCompany } from './serializers.ts';

/**
 * Directory search, per filter (keyword, services, location; signed in or not): the ids of the matching approved
 * companies in id order, kept for ID_TTL_MS. The total is their number and page N is a slice of them, read with its
 * services in one query by primary key (a deep page costs what page 1 costs: no OFFSET walk, no count query).
 * Whole pages are also kept for PAGE_TTL_MS as the UTF-8 bytes of the response: a hit costs no validation, query,
 * serialization or encoding. This process drops both on its own company writes once they committed (`changed`), and
 * every process drops them when the database announces a change to a table a page shows (companies, their services,
 * the catalog: triggers of migration 0009 on LISTEN/NOTIFY, whoever wrote — another API process, the seed, psql), so
 * the next read anywhere sees the change; the TTL is only a backstop. While the listening connection is down the
 * caches are not used (pages are built for each read) and they start empty once it is back. A page query also checks
 * the status again, so a list held a moment too long never shows a company that is no longer approved.
 */
const ID_TTL_MS = 10_000;
const PAGE_TTL_MS = 10_000;
/** Bounds of the caches (entries; ids over all filters, 4 bytes each). */
const MAX_ID_LISTS = 2000;
const MAX_IDS = 4_000_000;
const MAX_PAGES = 5000;

/** A directory query: its condition and the order of its ids. */
type Plan = { where: SQL | undefined; order: SQL };

/** Tables whose changes can change a directory page (the `database.changes` events that clear the caches). */
const SHOWN_TABLES = new Set(['companies', 'company_services', 'services', 'categories', 'locations']);

/**
 * The directory search of one process: its caches, the page answer, `changed()` for this process's company writes,
 * and `close()` to stop following the database's change events.
 */
export function createDirectory(ctx: Ctx) {
  const db = ctx.database.db;
  const idLists = new Map<string, { at: number; ids: Promise<Int32Array> }>();
  let idsHeld = 0;
  /** Ids of the approved companies matching a plan, in its order, built on a miss. */
  const idsOf = (key: string, plan: () => Promise<Plan>): Promise<Int32Array> => {
    const hit = idLists.get(key);
    if (hit && listening && Date.now() - hit.at < ID_TTL_MS) return hit.ids;
    if (idLists.size >= MAX_ID_LISTS || idsHeld >= MAX_IDS) {
      idLists.clear();
      idsHeld = 0;
    }
    const ids = plan()
      .then(({ where, order }) =>
        db
          .select({ ids: sql<string | null>`string_agg(${companies.id}::text, ',' order by ${order})` })
          .from(companies)
          .where(where),
      )
      .then((r) => {
        const list = r[0]?.ids;
        const out = list ? Int32Array.from(list.split(','), Number) : new Int32Array(0);
        idsHeld += out.length;
        return out;
      });
    if (!listening) return ids;
    ids.catch(() => idLists.delete(key));
    idLists.set(key, { at: Date.now(), ids });
    return ids;
  };
  /**
   * A page of companies by id with their services, built once (a prepared statement: no query building and, on
   * PostgreSQL, no planning per page). The status again: a list built before another process withdrew a company
   * never shows it.
   */
  const pageRows = db
    .select({ ...getTableColumns(companies), serviceIds: serviceIdsOfCompany })
    .from(companies)
    .where(and(sql`${companies.id} = any(${sql.placeholder('ids')})`, eq(companies.status, 'approved')))
    .orderBy(asc(companies.id))
    .prepare('directory_page');
  /**
   * Cached pages as the bytes of the response: a hit costs no query, validation, serialization or encoding. The
   * key: signed in or not (the only thing about the caller a directory page depends on: masking and what a keyword
   * matches), the language, and the raw URL (the same URL is the same page; a differently spelled query is another
   * entry). `bytes` is set once `body` has resolved.
   */
  type CachedPage = { at: number; body: Promise<Buffer>; bytes?: Buffer };
  const pages = new Map<string, CachedPage>();
  const pageKeyOf = (signedIn: boolean, l: Lang, url: string) => `${signedIn ? 1 : 0}${l}${url}`;
  const changed = () => {
    idLists.clear();
    idsHeld = 0;
    pages.clear();
  };
  /** False while the database's change events may be missed (the listening connection is down). */
  let listening = true;
  const close = ctx.database.changes.on((e) => {
    if (e.type === 'table' && !SHOWN_TABLES.has(e.table)) return;
    if (e.type === 'down') listening = false;
    else if (e.type === 'up') listening = true;
    changed();
  });

  /**
   * The directory condition of a query (approved, and the filters) and its order: id order, or with a keyword its
   * rank first (./search.ts; resolving the keyword against the catalog costs one query).
   */
  const conditionOf = async (q: v.InferOutput<typeof CompanyListQuery>, signedIn: boolean): Promise<Plan> => {
    const where: SQL[] = [eq(companies.status, 'approved')];
    if (q.services?.length) {
      where.push(
        exists(
          db
            .select({ x: sql`1` })
            .from(companyServices)
            .where(
              and(
                eq(companyServices.companyId, companies.id),
                inArray(companyServices.serviceId, q.services),
              ),
            ),
        ),
      );
    }
    if (typeof q.location === 'number') where.push(eq(companies.locationId, q.location));
    const words = searchQueryWords(q.name);
    if (words.length === 0) return { where: and(...where), order: sql`${companies.id}` };
    const keyword = await companyKeyword(db, words, signedIn);
    where.push(keyword.where);
    return { where: and(...where), order: sql`${keyword.rank} desc, ${companies.id}` };
  };

  /** A directory page (cached or built), for any caller: the session looked up when it is not cached. */
  const pageOf = async (req: FastifyRequest, l: Lang): Promise<Buffer> => {
    const auth = await optionalAuth(ctx, req);
    const pageKey = pageKeyOf(!!auth, l, req.url);
    const cached = pages.get(pageKey);
    if (cached && listening && Date.now() - cached.at < PAGE_TTL_MS) return cached.body;
    const q = parse(CompanyListQuery, req.query);
    const compute = async () => {
      const key = JSON.stringify([!!auth, q.services ?? [], q.location ?? null, searchQueryWords(q.name)]);
      const ids = await idsOf(key, () => conditionOf(q, !!auth));
      const start = (q.page - 1) * q.limit;
      const pageIds = start < ids.length ? Array.from(ids.subarray(start, start + q.limit)) : [];
      const found = pageIds.length ? await pageRows.execute({ ids: pageIds }) : [];
      // In the list's order (a keyword's rank), not the page query's id order.
      const at = new Map(pageIds.map((id, i) => [id, i]));
      const rows = found.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
      const items = await serializeCompaniesWithServices(db, rows, l, !auth);
      return Buffer.from(JSON.stringify({ data: paged(items, ids.length, q.limit) }));
    };
    if (!listening) return compute();
    if (pages.size >= MAX_PAGES) pages.clear();
    const entry: CachedPage = { at: Date.now(), body: compute() };
    entry.body.then(
      (bytes) => {
        entry.bytes = bytes;
      },
      () => {
        if (pages.get(pageKey) === entry) pages.delete(pageKey);
      },
    );
    pages.set(pageKey, entry);
    return entry.body;
  };

  /**
   * The cached page for a caller known without a lookup (anonymous, or a session in the session cache), as bytes
   * to send at once: no promise, no await. Undefined when it must be built (or the caller looked up).
   */
  const cachedPage = (req: FastifyRequest, l: Lang): Buffer | undefined => {
    if (!listening) return undefined;
    const known = knownAuth(ctx, req);
    if (known === undefined) return undefined;
    const hit = pages.get(pageKeyOf(!!known, l, req.url));
    return hit?.bytes && Date.now() - hit.at < PAGE_TTL_MS ? hit.bytes : undefined;
  };

  return { pageOf, cachedPage, changed, close };
}
