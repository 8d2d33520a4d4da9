import { asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, locations, services } from '../../db/schema.ts';
import { likePattern } from '../../lib/localize.ts';

/** The catalogue's reads, in one place: categories, services and locations, each in id order. */

export const allCategories = (db: Db) => db.select().from(categories).orderBy(asc(categories.id));

export const allServices = (db: Db) => db.select().from(services).orderBy(asc(services.id));

export const allLocations = (db: Db) => db.select().from(locations).orderBy(asc(locations.id));

/** Services with their category, at most `limit`; with `search`, those whose name in either language holds it. */
export function servicesWithCategory(db: Db, search?: string, limit = 1000) {
  const p = search === undefined ? undefined : likePattern(search);
  return db
    .select({ s: services, c: categories })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(p === undefined ? undefined : or(ilike(services.nameEn, p), ilike(services.nameAr, p)))
    .orderBy(asc(services.id))
    .limit(limit);
}
