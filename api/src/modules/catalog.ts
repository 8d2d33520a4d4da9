import { AutocompleteQuery, Category, Location, Service } from '@bawaba/shared/contracts';
import { asc, eq, ilike, or } from 'drizzle-orm';
import * as v from 'valibot';
import type { Module } from '../context.ts';
import { categories, locations, services } from '../db/schema.ts';
import { lang, parse } from '../http.ts';
import { likePattern, named } from '../lib/localize.ts';
import { doc } from '../openapi.ts';

export const catalogModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  app.get(
    '/categories',
    { schema: doc('catalog', 'Categories with their services', { response: v.array(Category) }) },
    async (req) => {
      const l = lang(req);
      const cats = await db.select().from(categories).orderBy(asc(categories.id));
      const svcs = await db.select().from(services).orderBy(asc(services.id));
      return {
        data: cats.map((c) => ({
          id: c.id,
          slug: c.slug,
          ...named(l, c),
          services: svcs
            .filter((s) => s.categoryId === c.id)
            .map((s) => ({ id: s.id, slug: s.slug, ...named(l, s) })),
        })),
      };
    },
  );

  app.get(
    '/locations',
    { schema: doc('catalog', 'Locations', { response: v.array(Location) }) },
    async (req) => {
      const l = lang(req);
      const rows = await db.select().from(locations).orderBy(asc(locations.id));
      return { data: rows.map((r) => ({ id: r.id, ...named(l, r) })) };
    },
  );

  const serviceRows = (where?: ReturnType<typeof or>, limit = 1000) =>
    db
      .select({ s: services, c: categories })
      .from(services)
      .innerJoin(categories, eq(categories.id, services.categoryId))
      .where(where)
      .orderBy(asc(services.id))
      .limit(limit);

  app.get(
    '/services',
    { schema: doc('catalog', 'All services (flat, with category)', { response: v.array(Service) }) },
    async (req) => {
      const l = lang(req);
      const rows = await serviceRows();
      return {
        data: rows.map(({ s, c }) => ({
          id: s.id,
          slug: s.slug,
          ...named(l, s),
          category: { id: c.id, slug: c.slug, ...named(l, c) },
        })),
      };
    },
  );

  app.get(
    '/services/autocomplete',
    {
      schema: doc('catalog', 'Service-name autocomplete (English and Arabic)', {
        query: AutocompleteQuery,
        response: v.array(Service),
      }),
    },
    async (req) => {
      const l = lang(req);
      const q = parse(AutocompleteQuery, req.query);
      const p = likePattern(q.q);
      const rows = await serviceRows(or(ilike(services.nameEn, p), ilike(services.nameAr, p)), q.limit);
      return {
        data: rows.map(({ s, c }) => ({
          id: s.id,
          slug: s.slug,
          ...named(l, s),
          category: { id: c.id, slug: c.slug, ...named(l, c) },
        })),
      };
    },
  );
};
