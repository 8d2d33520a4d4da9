import {
  AdminCompanyListQuery,
  Company,
  CompanyBody,
  CompanyListQuery,
  IdParams,
  Paged,
} from '@bawaba/shared/contracts';
import { and, asc, count, eq, exists, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Module } from '../context.ts';
import { companies, companyServices, files, locations, services } from '../db/schema.ts';
import { AppError, type Lang } from '../errors.ts';
import { lang, paged, parse } from '../http.ts';
import { knownAuth, optionalAuth, requireAdmin, requireAuth, requireNonAdmin } from '../lib/auth.ts';
import {
  sanitizeDescription,
  serializeCompanies,
  serializeCompaniesWithServices,
  serializeCompany,
  serviceIdsOfCompany,
} from '../lib/companies.ts';
import { filePath } from '../lib/fileurl.ts';
import { likePattern } from '../lib/localize.ts';
import { inTx, notify } from '../lib/tx.ts';
import { doc } from '../openapi.ts';

/**
 * Directory search, per filter (keyword, services, location; signed in or not): the ids of the matching approved
 * companies in id order, kept for ID_TTL_MS. The total is their number and page N is a slice of them, read with its
 * services in one query by primary key (a deep page costs what page 1 costs: no OFFSET walk, no count query).
 * Whole pages are also kept for PAGE_TTL_MS as the UTF-8 bytes of the response: a hit costs no validation, query,
 * serialization or encoding. This process drops both on every company write; another process sees a change within
 * the TTL, and never lists a company that is no longer approved (the page query checks the status again).
 */
const ID_TTL_MS = 10_000;
const PAGE_TTL_MS = 10_000;
/** Bounds of the caches (entries; ids over all filters, 4 bytes each). */
const MAX_ID_LISTS = 2000;
const MAX_IDS = 4_000_000;
const MAX_PAGES = 5000;

export const companiesModule: Module = (app, ctx) => {
  const db = ctx.database.db;
  const idLists = new Map<string, { at: number; ids: Promise<Int32Array> }>();
  let idsHeld = 0;
  /** Ids (ascending) of the approved companies matching `cond`, built on a miss. */
  const idsOf = (key: string, cond: () => Promise<SQL | undefined>): Promise<Int32Array> => {
    const hit = idLists.get(key);
    if (hit && Date.now() - hit.at < ID_TTL_MS) return hit.ids;
    if (idLists.size >= MAX_ID_LISTS || idsHeld >= MAX_IDS) {
      idLists.clear();
      idsHeld = 0;
    }
    const ids = cond()
      .then((where) =>
        db
          .select({
            ids: sql<string | null>`string_agg(${companies.id}::text, ',' order by ${companies.id})`,
          })
          .from(companies)
          .where(where),
      )
      .then((r) => {
        const list = r[0]?.ids;
        const out = list ? Int32Array.from(list.split(','), Number) : new Int32Array(0);
        idsHeld += out.length;
        return out;
      });
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
  const companiesChanged = () => {
    idLists.clear();
    idsHeld = 0;
    pages.clear();
  };

  /** The directory condition of a query (approved, and the filters); resolving a keyword costs one query. */
  const conditionOf = async (q: v.InferOutput<typeof CompanyListQuery>, signedIn: boolean) => {
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
    if (q.name) {
      const p = likePattern(q.name);
      // The services table is small: resolve the keyword to service ids first, then use the index.
      const svcIds = (
        await db
          .select({ id: services.id })
          .from(services)
          .where(or(ilike(services.nameEn, p), ilike(services.nameAr, p)))
      ).map((s) => s.id);
      // `id = ANY(ARRAY(subquery))`: the subquery runs once and the condition is indexable, so with the name
      // condition below PostgreSQL combines two index scans (BitmapOr) instead of scanning every company.
      const byService = svcIds.length
        ? sql`${companies.id} = any(array(${db
            .select({ id: companyServices.companyId })
            .from(companyServices)
            .where(inArray(companyServices.serviceId, svcIds))}))`
        : sql`false`;
      where.push(signedIn ? (or(ilike(companies.name, p), byService) as SQL) : byService);
    }
    return and(...where);
  };

  /** A directory page (cached or built), for any caller: the session looked up when it is not cached. */
  const pageOf = async (req: FastifyRequest, l: Lang): Promise<Buffer> => {
    const auth = await optionalAuth(ctx, req);
    const pageKey = pageKeyOf(!!auth, l, req.url);
    const cached = pages.get(pageKey);
    if (cached && Date.now() - cached.at < PAGE_TTL_MS) return cached.body;
    const q = parse(CompanyListQuery, req.query);
    const compute = async () => {
      const key = JSON.stringify([!!auth, q.services ?? [], q.location ?? null, q.name ?? '']);
      const ids = await idsOf(key, () => conditionOf(q, !!auth));
      const start = (q.page - 1) * q.limit;
      const pageIds = start < ids.length ? Array.from(ids.subarray(start, start + q.limit)) : [];
      const rows = pageIds.length ? await pageRows.execute({ ids: pageIds }) : [];
      const items = await serializeCompaniesWithServices(db, rows, l, !auth);
      return Buffer.from(JSON.stringify({ data: paged(items, ids.length, q.limit) }));
    };
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

  app.get(
    '/companies',
    {
      schema: doc('companies', 'Directory search (approved companies; masked for anonymous callers)', {
        response: Paged(Company),
        query: CompanyListQuery,
        auth: 'optional',
      }),
    },
    (req, reply) => {
      const l = lang(req);
      reply.type('application/json; charset=utf-8');
      // A cached page for a caller known without a lookup (anonymous, or a session in the session cache) is sent at
      // once: no promise, no await.
      const known = knownAuth(ctx, req);
      if (known !== undefined) {
        const hit = pages.get(pageKeyOf(!!known, l, req.url));
        if (hit?.bytes && Date.now() - hit.at < PAGE_TTL_MS) return hit.bytes;
      }
      return pageOf(req, l);
    },
  );
  app.get(
    '/companies/mine',
    {
      schema: doc('companies', 'My company (any status) or null', {
        response: v.nullable(Company),
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const [row] = await db.select().from(companies).where(eq(companies.ownerId, a.user.id)).limit(1);
      return { data: row ? await serializeCompany(db, row, lang(req), false) : null };
    },
  );

  app.put(
    '/companies/mine',
    {
      schema: doc('companies', 'Register or update my company (goes to pending approval)', {
        response: Company,
        body: CompanyBody,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireNonAdmin(ctx, req);
      const b = parse(CompanyBody, req.body);
      const row = await inTx(ctx, async (tx, after) => {
        after(companiesChanged);
        const svc = await tx
          .select({ id: services.id })
          .from(services)
          .where(inArray(services.id, b.serviceIds));
        if (svc.length !== new Set(b.serviceIds).size) throw new AppError('UNKNOWN_SERVICE');
        if (b.locationId != null) {
          const [loc] = await tx.select().from(locations).where(eq(locations.id, b.locationId));
          if (!loc) throw new AppError('UNKNOWN_LOCATION');
        }
        const [existing] = await tx.select().from(companies).where(eq(companies.ownerId, a.user.id)).limit(1);
        let logoUrl = existing?.logoUrl ?? null;
        if (b.logoFileId === null) logoUrl = null;
        else if (b.logoFileId) {
          const [f] = await tx
            .select()
            .from(files)
            .where(and(eq(files.id, b.logoFileId), eq(files.ownerId, a.user.id), eq(files.purpose, 'logo')));
          if (!f) throw new AppError('INVALID_FILE_REFERENCE', 'logoFileId');
          logoUrl = ctx.apiUrl(filePath(f.id, f.mimeType));
        }
        const s = (x: string | null | undefined) => (x ? x : null);
        const values = {
          name: b.name,
          description: sanitizeDescription(b.description),
          logoUrl,
          websiteUrl: s(b.website_url),
          facebook: s(b.facebook),
          twitter: s(b.twitter),
          linkedin: s(b.linkedin),
          google: s(b.google),
          skype: s(b.skype),
          locationId: b.locationId ?? null,
          status: 'pending',
          updatedAt: new Date(),
        };
        const [saved] = existing
          ? await tx.update(companies).set(values).where(eq(companies.id, existing.id)).returning()
          : await tx
              .insert(companies)
              .values({ ...values, ownerId: a.user.id })
              .returning();
        if (!saved) throw new AppError('INTERNAL');
        await tx.delete(companyServices).where(eq(companyServices.companyId, saved.id));
        await tx
          .insert(companyServices)
          .values([...new Set(b.serviceIds)].map((serviceId) => ({ companyId: saved.id, serviceId })));
        await notify(ctx, tx, after, [
          {
            userId: a.user.id,
            title: 'Company submitted for approval',
            content: `${saved.name} will be listed once an administrator approves it.`,
            titleAr: 'تم إرسال الشركة للموافقة',
            contentAr: `سيتم إدراج ${saved.name} بعد موافقة المسؤول.`,
            link: '/account',
          },
        ]);
        return saved;
      });
      return { data: await serializeCompany(db, row, lang(req), false) };
    },
  );

  app.get(
    '/companies/:id',
    {
      schema: doc('companies', 'Company by id (masked for anonymous callers)', {
        response: Company,
        params: IdParams,
        auth: 'optional',
      }),
    },
    async (req) => {
      const { id } = parse(IdParams, req.params);
      const auth = await optionalAuth(ctx, req);
      const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
      const visible =
        row && (row.status === 'approved' || auth?.user.isAdmin || (auth && row.ownerId === auth.user.id));
      if (!row || !visible) throw new AppError('COMPANY_NOT_FOUND');
      return { data: await serializeCompany(db, row, lang(req), !auth) };
    },
  );

  app.get(
    '/admin/companies',
    {
      schema: doc('admin', 'All companies (admin)', {
        response: Paged(Company),
        query: AdminCompanyListQuery,
        auth: true,
      }),
    },
    async (req) => {
      await requireAdmin(ctx, req);
      const q = parse(AdminCompanyListQuery, req.query);
      // Searched and paged here, not in the browser: each word matches the name, a service or the location.
      const words = (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
      const cond = and(
        q.status ? eq(companies.status, q.status) : undefined,
        ...words.map((word) => {
          const p = likePattern(word);
          return or(
            ilike(companies.name, p),
            exists(
              db
                .select({ one: sql`1` })
                .from(companyServices)
                .innerJoin(services, eq(services.id, companyServices.serviceId))
                .where(
                  and(
                    eq(companyServices.companyId, companies.id),
                    or(ilike(services.nameEn, p), ilike(services.nameAr, p)),
                  ),
                ),
            ),
            exists(
              db
                .select({ one: sql`1` })
                .from(locations)
                .where(
                  and(
                    eq(locations.id, companies.locationId),
                    or(ilike(locations.nameEn, p), ilike(locations.nameAr, p)),
                  ),
                ),
            ),
          );
        }),
      );
      const [total] = await db.select({ n: count() }).from(companies).where(cond);
      const rows = await db
        .select()
        .from(companies)
        .where(cond)
        .orderBy(sql`case when ${companies.status} = 'pending' then 0 else 1 end`, asc(companies.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      return { data: paged(await serializeCompanies(db, rows, lang(req), false), total?.n ?? 0, q.limit) };
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/admin/companies/:id/${action}`,
      {
        schema: doc('admin', `${action === 'approve' ? 'Approve' : 'Reject'} a company (admin)`, {
          response: Company,
          params: IdParams,
          auth: true,
        }),
      },
      async (req) => {
        await requireAdmin(ctx, req);
        const { id } = parse(IdParams, req.params);
        const row = await inTx(ctx, async (tx, after) => {
          after(companiesChanged);
          if (action === 'approve') {
            // A company without a service would be listed under no category: nobody could ever find it.
            const [one] = await tx
              .select({ id: companyServices.serviceId })
              .from(companyServices)
              .where(eq(companyServices.companyId, id))
              .limit(1);
            if (!one) {
              const [exists] = await tx
                .select({ id: companies.id })
                .from(companies)
                .where(eq(companies.id, id));
              throw new AppError(exists ? 'COMPANY_WITHOUT_SERVICES' : 'COMPANY_NOT_FOUND');
            }
          }
          const [c] = await tx
            .update(companies)
            .set({ status: action === 'approve' ? 'approved' : 'rejected', updatedAt: new Date() })
            .where(eq(companies.id, id))
            .returning();
          if (!c) throw new AppError('COMPANY_NOT_FOUND');
          if (c.ownerId) {
            await notify(ctx, tx, after, [
              action === 'approve'
                ? {
                    userId: c.ownerId,
                    title: 'Company approved',
                    content: `${c.name} is now listed in the directory.`,
                    titleAr: 'تمت الموافقة على الشركة',
                    contentAr: `أصبحت ${c.name} مدرجة في الدليل.`,
                    link: `/companies/${c.id}`,
                  }
                : {
                    userId: c.ownerId,
                    title: 'Company not approved',
                    content: `${c.name} was not approved. Please review its details.`,
                    titleAr: 'لم تتم الموافقة على الشركة',
                    contentAr: `لم تتم الموافقة على ${c.name}. يرجى مراجعة بياناتها.`,
                    link: '/account',
                  },
            ]);
          }
          return c;
        });
        return { data: await serializeCompany(db, row, lang(req), false) };
      },
    );
  }
};
