import type { AdminCategory, AdminLocation, AdminService } from '@bawaba/shared/contracts';
import {
  adminCatalog,
  autocompleteServices,
  categories as categoryList,
  createCategory,
  createLocation,
  createService,
  locations as locationList,
  mergeService as mergeServiceRoute,
  services as serviceList,
  updateCategory,
  updateLocation,
  updateService,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import type { Lang } from '../../errors.ts';
import { named } from '../../lib/localize.ts';
import { serve } from '../../route.ts';
import { mergeService } from './merge.ts';
import { allCategories, allLocations, allServices, servicesWithCategory } from './queries.ts';
import { createEntry, readAdminCatalog, updateEntry } from './service.ts';

/**
 * The catalogue (declared in shared/src/contracts/routes/site.ts and catalog.ts): the public reads — entries offered
 * for new records, retired ones too (marked) when asked — and the administrators' management (service.ts, merge.ts).
 */
export const catalogModule: Module = (app, ctx) => {
  const db = ctx.database.db;
  /** `retired: true` on a retired entry (only retired entries are marked, only when asked for). */
  const mark = (r: { retiredAt: Date | null }) => (r.retiredAt ? { retired: true } : {});

  serve(app, ctx, categoryList, async ({ lang, query }) => {
    const withRetired = query.retired === 'include';
    const [cats, svcs] = [await allCategories(db, withRetired), await allServices(db, withRetired)];
    return cats.map((c) => ({
      id: c.id,
      slug: c.slug,
      ...named(lang, c),
      ...mark(c),
      services: svcs
        .filter((s) => s.categoryId === c.id)
        .map((s) => ({ id: s.id, slug: s.slug, ...named(lang, s), ...mark(s) })),
    }));
  });

  serve(app, ctx, locationList, async ({ lang, query }) => {
    const rows = await allLocations(db, query.retired === 'include');
    return rows.map((r) => ({ id: r.id, ...named(lang, r), ...mark(r) }));
  });

  const serviceRows = async (lang: Lang, opts: Parameters<typeof servicesWithCategory>[1]) => {
    const rows = await servicesWithCategory(db, opts);
    return rows.map(({ s, c }) => ({
      id: s.id,
      slug: s.slug,
      ...named(lang, s),
      ...mark(s),
      category: { id: c.id, slug: c.slug, ...named(lang, c), ...mark(c) },
    }));
  };

  serve(app, ctx, serviceList, async ({ lang, query }) =>
    serviceRows(lang, { withRetired: query.retired === 'include' }),
  );

  serve(app, ctx, autocompleteServices, async ({ lang, query }) =>
    serviceRows(lang, { search: query.q, limit: query.limit }),
  );

  serve(app, ctx, adminCatalog, () => readAdminCatalog(ctx));

  serve(
    app,
    ctx,
    createCategory,
    ({ auth, body }) => createEntry(ctx, auth, 'categories', body) as Promise<AdminCategory>,
  );
  serve(
    app,
    ctx,
    createService,
    ({ auth, body }) => createEntry(ctx, auth, 'services', body) as Promise<AdminService>,
  );
  serve(
    app,
    ctx,
    createLocation,
    ({ auth, body }) => createEntry(ctx, auth, 'locations', body) as Promise<AdminLocation>,
  );

  serve(
    app,
    ctx,
    updateCategory,
    ({ auth, params, body }) =>
      updateEntry(ctx, auth, 'categories', params.id, body) as Promise<AdminCategory>,
  );
  serve(
    app,
    ctx,
    updateService,
    ({ auth, params, body }) => updateEntry(ctx, auth, 'services', params.id, body) as Promise<AdminService>,
  );
  serve(
    app,
    ctx,
    updateLocation,
    ({ auth, params, body }) =>
      updateEntry(ctx, auth, 'locations', params.id, body) as Promise<AdminLocation>,
  );

  serve(app, ctx, mergeServiceRoute, ({ auth, params, body }) => mergeService(ctx, auth, params.id, body));
};
