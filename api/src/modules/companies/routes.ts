import {
  AdminCompany,
  AdminCompanyListQuery,
  Company,
  CompanyBody,
  CompanyListQuery,
  IdParams,
  Paged,
  RejectionBody,
} from '@bawaba/shared/contracts';
import * as v from 'valibot';
import type { Module } from '../../context.ts';
import { lang, paged, parse } from '../../http.ts';
import { optionalAuth, requireAdmin, requireAuth, requireNonAdmin } from '../../lib/auth.ts';
import { doc } from '../../openapi.ts';
import { createDirectory } from './directory.ts';
import {
  followCatalogChanges,
  serializeCompanies,
  serializeCompany,
  withAdminActions,
} from './serializers.ts';
import * as companies from './service.ts';

/** The company routes: thin handlers; the rules are in service.ts, the directory search and its caches in directory.ts. */
export const companiesModule: Module = (app, ctx) => {
  const db = ctx.database.db;
  const directory = createDirectory(ctx);
  const stopCatalog = followCatalogChanges(ctx.database);
  app.addHook('onClose', async () => {
    directory.close();
    stopCatalog();
  });

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
      return directory.cachedPage(req, l) ?? directory.pageOf(req, l);
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
      const row = await companies.myCompany(ctx, a);
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
      const row = await companies.saveMyCompany(ctx, a, parse(CompanyBody, req.body), directory.changed);
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
      const a = await optionalAuth(ctx, req);
      const row = await companies.visibleCompany(ctx, a, id);
      return { data: await serializeCompany(db, row, lang(req), !a) };
    },
  );

  app.get(
    '/admin/companies',
    {
      schema: doc('admin', 'All companies (admin)', {
        response: Paged(AdminCompany),
        query: AdminCompanyListQuery,
        auth: true,
      }),
    },
    async (req) => {
      await requireAdmin(ctx, req);
      const q = parse(AdminCompanyListQuery, req.query);
      const { rows, total } = await companies.adminCompanies(ctx, q);
      const list = await serializeCompanies(db, rows, lang(req), false);
      return { data: paged(list.map(withAdminActions), total, q.limit) };
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/companies/:id/${decision}`,
      {
        schema: doc(
          'admin',
          decision === 'approve'
            ? 'Approve a company (admin)'
            : 'Reject a company, saying why (admin; the owner sees the reason)',
          {
            response: Company,
            params: IdParams,
            ...(decision === 'reject' ? { body: RejectionBody } : {}),
            auth: true,
          },
        ),
      },
      async (req) => {
        await requireAdmin(ctx, req);
        const { id } = parse(IdParams, req.params);
        const reason = decision === 'reject' ? parse(RejectionBody, req.body).reason : null;
        const row = await companies.decideCompany(ctx, id, decision, directory.changed, reason);
        return { data: await serializeCompany(db, row, lang(req), false) };
      },
    );
  }
};
