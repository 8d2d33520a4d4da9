import {
  autocompleteServices,
  categories as categoryList,
  locations as locationList,
  services as serviceList,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import type { Lang } from '../../errors.ts';
import { named } from '../../lib/localize.ts';
import { serve } from '../../route.ts';
import { allCategories, allLocations, allServices, servicesWithCategory } from './queries.ts';

/** The catalogue (declared in shared/src/contracts/routes/site.ts): categories, services, locations (read in queries.ts). */
export const catalogModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  serve(app, ctx, categoryList, async ({ lang }) => {
    const [cats, svcs] = [await allCategories(db), await allServices(db)];
    return cats.map((c) => ({
      id: c.id,
      slug: c.slug,
      ...named(lang, c),
      services: svcs
        .filter((s) => s.categoryId === c.id)
        .map((s) => ({ id: s.id, slug: s.slug, ...named(lang, s) })),
    }));
  });

  serve(app, ctx, locationList, async ({ lang }) => {
    const rows = await allLocations(db);
    return rows.map((r) => ({ id: r.id, ...named(lang, r) }));
  });

  const serviceRows = async (lang: Lang, search?: string, limit?: number) => {
    const rows = await servicesWithCategory(db, search, limit);
    return rows.map(({ s, c }) => ({
      id: s.id,
      slug: s.slug,
      ...named(lang, s),
      category: { id: c.id, slug: c.slug, ...named(lang, c) },
    }));
  };

  serve(app, ctx, serviceList, async ({ lang }) => serviceRows(lang));

  serve(app, ctx, autocompleteServices, async ({ lang, query }) => serviceRows(lang, query.q, query.limit));
};
