import type { CatalogKind } from '@bawaba/shared/contracts';
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, locations, services } from '../../db/schema.ts';
import { likePattern } from '../../lib/localize.ts';

/**
 * The catalogue's reads, in one place: categories, services and locations, each in its order (position, then id).
 * `withRetired`: retired entries too (a service of a retired category counts as retired); otherwise only those
 * offered for new records.
 */

export const CATALOG_TABLES = { categories, services, locations } as const;
export type CategoryRow = typeof categories.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type EntryRow = CategoryRow | ServiceRow | LocationRow;

export const allCategories = (db: Db | Tx, withRetired = false) =>
  db
    .select()
    .from(categories)
    .where(withRetired ? undefined : isNull(categories.retiredAt))
    .orderBy(asc(categories.position), asc(categories.id));

export const allServices = (db: Db | Tx, withRetired = false) =>
  db
    .select()
    .from(services)
    .where(withRetired ? undefined : isNull(services.retiredAt))
    .orderBy(asc(services.position), asc(services.id));

export const allLocations = (db: Db | Tx, withRetired = false) =>
  db
    .select()
    .from(locations)
    .where(withRetired ? undefined : isNull(locations.retiredAt))
    .orderBy(asc(locations.position), asc(locations.id));

/** Services with their category, at most `limit`; with `search`, those whose name in either language holds it. */
export function servicesWithCategory(
  db: Db,
  opts: { search?: string; limit?: number; withRetired?: boolean },
) {
  const p = opts.search === undefined ? undefined : likePattern(opts.search);
  return db
    .select({ s: services, c: categories })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(
      and(
        p === undefined ? undefined : or(ilike(services.nameEn, p), ilike(services.nameAr, p)),
        opts.withRetired ? undefined : and(isNull(services.retiredAt), isNull(categories.retiredAt)),
      ),
    )
    .orderBy(asc(categories.position), asc(categories.id), asc(services.position), asc(services.id))
    .limit(opts.limit ?? 1000);
}

/** One entry of a kind, locked for the write that follows (undefined: no such entry). */
export async function lockedEntry(tx: Tx, kind: CatalogKind, id: number): Promise<EntryRow | undefined> {
  const table = CATALOG_TABLES[kind];
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  return row;
}

/** How many records use each service, category and location (what a merge moves, what retiring keeps). */
export async function catalogUses(db: Db | Tx) {
  const count = async (q: ReturnType<typeof sql>) =>
    new Map(
      ((await db.execute(q)).rows as { id: number; n: number }[]).map((r) => [Number(r.id), Number(r.n)]),
    );
  const [companies, tenders, follows, categoryFollows, locationCompanies] = await Promise.all([
    count(sql`select service_id as id, count(*) as n from company_services group by service_id`),
    count(
      sql`select e::int as id, count(*) as n from tenders, jsonb_array_elements_text(service_ids) as e group by e`,
    ),
    count(
      sql`select service_id as id, count(*) as n from follows where service_id is not null group by service_id`,
    ),
    count(
      sql`select category_id as id, count(*) as n from follows where category_id is not null group by category_id`,
    ),
    count(
      sql`select location_id as id, count(*) as n from companies where location_id is not null group by location_id`,
    ),
  ]);
  return { companies, tenders, follows, categoryFollows, locationCompanies };
}

/** The next place at the end of a kind's list (of a category's services, for a service). */
export async function nextPosition(tx: Tx, kind: CatalogKind, categoryId?: number): Promise<number> {
  const table = CATALOG_TABLES[kind];
  const where =
    kind === 'services' && categoryId !== undefined ? eq(services.categoryId, categoryId) : undefined;
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max(${table.position}), 0)`.mapWith(Number) })
    .from(table)
    .where(where);
  return (row?.max ?? 0) + 1;
}

/** The ids of an entry's siblings in their order (a service's: its category's services), the entry's included. */
export async function siblingIds(tx: Tx, kind: CatalogKind, row: EntryRow): Promise<number[]> {
  const table = CATALOG_TABLES[kind];
  const where = kind === 'services' ? eq(services.categoryId, (row as ServiceRow).categoryId) : undefined;
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(asc(table.position), asc(table.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Writes positions 1…n in the given order. */
export async function writeOrder(tx: Tx, kind: CatalogKind, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update ${sql.identifier(kind)} as t set position = x.pos from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as x(id, pos) where t.id = x.id and t.position <> x.pos`,
  );
}

/** Whether a category has companies offering one of its services, and how many of its services are offered now. */
export async function categoryInUse(tx: Tx, categoryId: number) {
  const [row] = (
    await tx.execute(
      sql`select exists (select 1 from company_services cs join services s on s.id = cs.service_id where s.category_id = ${categoryId}) as used, (select count(*) from services where category_id = ${categoryId} and retired_at is null) as offered`,
    )
  ).rows as { used: boolean; offered: number }[];
  return { used: Boolean(row?.used), offered: Number(row?.offered ?? 0) };
}

/** Slugs taken among categories or services that start with `base`. */
export async function takenSlugs(
  tx: Tx,
  kind: 'categories' | 'services',
  base: string,
): Promise<Set<string>> {
  const table = CATALOG_TABLES[kind];
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(ilike(table.slug, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return new Set(rows.map((r) => r.slug));
}
