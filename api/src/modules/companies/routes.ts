import {
  adminCompanies,
  approveCompany,
  company,
  companyDirectory,
  decisionSettings,
  myCompany,
  rejectCompany,
  saveDecisionSettings,
  saveMyCompany,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { lang, paged } from '../../http.ts';
import { holdsRole } from '../../lib/auth.ts';
import { followReputationChanges } from '../../lib/reputation.ts';
import { serve, serveUnparsed } from '../../route.ts';
import { createDirectory } from './directory.ts';
import {
  followCatalogChanges,
  serializeCompanies,
  serializeCompany,
  withAdminActions,
} from './serializers.ts';
import * as companies from './service.ts';

/**
 * The company routes (declared in shared/src/contracts/routes/companies.ts): thin handlers; the rules are in
 * service.ts, the directory search and its caches in directory.ts.
 */
export const companiesModule: Module = (app, ctx) => {
  const db = ctx.database.db;
  const directory = createDirectory(ctx);
  const stopCatalog = followCatalogChanges(ctx.database);
  const stopReputations = followReputationChanges(ctx.database);
  app.addHook('onClose', async () => {
    directory.close();
    stopCatalog();
    stopReputations();
  });

  // A cached page is sent at once (no await): directory.ts reads the caller and the query only when it builds one.
  serveUnparsed(app, companyDirectory, (req, reply) => {
    const l = lang(req);
    reply.type('application/json; charset=utf-8');
    return directory.cachedPage(req, l) ?? directory.pageOf(req, l);
  });

  serve(app, ctx, myCompany, async ({ auth, lang }) => {
    const row = await companies.myCompany(ctx, auth);
    // Saving it is `company:admin|self` (saveMyCompany): the page offers the form only to whom that admits.
    return row
      ? { ...(await serializeCompany(db, row, lang, false)), canEdit: holdsRole(auth, 'admin') }
      : null;
  });

  serve(app, ctx, saveMyCompany, async ({ auth, body, lang }) => {
    const row = await companies.saveMyCompany(ctx, auth, body, directory.changed);
    return serializeCompany(db, row, lang, false);
  });

  serve(app, ctx, decisionSettings, ({ auth }) => companies.decisionSettings(ctx, auth));

  serve(app, ctx, saveDecisionSettings, async ({ auth, body }) => {
    await companies.saveDecisionSettings(ctx, auth, body.approvalAbove);
    return { ok: true as const };
  });

  serve(app, ctx, company, async ({ auth, params, lang }) => {
    const row = await companies.visibleCompany(ctx, auth, params.id);
    return serializeCompany(db, row, lang, !auth);
  });

  serve(app, ctx, adminCompanies, async ({ query, lang }) => {
    const { rows, total } = await companies.adminCompanies(ctx, query);
    const list = await serializeCompanies(db, rows, lang, false);
    return paged(list.map(withAdminActions), total, query.limit);
  });

  serve(app, ctx, approveCompany, async ({ auth, params, lang }) => {
    const row = await companies.decideCompany(ctx, auth, params.id, 'approve', directory.changed, null);
    return serializeCompany(db, row, lang, false);
  });

  serve(app, ctx, rejectCompany, async ({ auth, params, body, lang }) => {
    const row = await companies.decideCompany(ctx, auth, params.id, 'reject', directory.changed, body.reason);
    return serializeCompany(db, row, lang, false);
  });
};
