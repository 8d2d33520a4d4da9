import {
  autocompleteServices,
  categories as categoryList,
  locations as locationList,
  services as serviceList,
} from '@bawaba/shared/routes';
import { asc, eq, ilike, or } from 'drizzle-orm';
import type { Module } from '../context.ts';
import { categories, locations, services } from '../db/schema.ts';
import type { Lang } from '../errors.ts';
import { likePattern, named } from '../lib/localize.ts';
import { serve } from '../route.ts';

/** The catalogue (declared in shared/src/contracts/routes/site.ts): categories, services, locations. */
export const catalogModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  serve(app, ctx, categoryList, async ({ lang }) => {
    const cats = await db.select().from(categories).orderBy(asc(categories.id));
    const svcs = await db.select().from(services).orderBy(asc(services.id));
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
    const rows = await db.select().from(locations).orderBy(asc(locations.id));
    return rows.map((r) => ({ id: r.id, ...named(lang, r) }));
  });

  const serviceRows = async (lang: Lang, where?: ReturnType<typeof or>, limit = 1000) => {
    const rows = await db
      .select({ s: services, c: categories })
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .where(where)
      .orderBy(asc(services.id))
      .limit(limit);
    return rows.map(({ s, c }) => ({
      id: s.id,
      slug: s.slug,
      ...named(lang, s),
      category: { id: c.id, slug: c.slug, ...named(lang, c) },
    }));
  };

  serve(app, ctx, serviceList, async ({ lang }) => serviceRows(lang));

  serve(app, ctx, autocompleteServices, async ({ lang, query }) => {
    const p = likePattern(query.q);
    return serviceRows(lang, or(ilike(services.nameEn, p), ilike(services.nameAr, p)), query.limit);
  });
};
