import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, locations, services } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/**
 * What other domains ask the catalogue before a record takes an entry: it must exist (else the unknown refusal)
 * and be offered for new records (else the retired refusal). An entry the record already has is kept even once
 * retired (`kept`): retiring hides an entry from new use, it never takes it off existing companies and tenders.
 * A service of a retired category counts as retired.
 */

/** Refuses unless every one of `ids` is a service offered now or one of `kept`. */
export async function checkServicesUsable(db: Db | Tx, ids: readonly number[], kept: readonly number[] = []) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const rows = await db
    .select({ id: services.id, retired: services.retiredAt, categoryRetired: categories.retiredAt })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(inArray(services.id, wanted));
  if (rows.length !== wanted.length) throw new AppError('UNKNOWN_SERVICE');
  const keep = new Set(kept);
  if (rows.some((r) => (r.retired || r.categoryRetired) && !keep.has(r.id)))
    throw new AppError('SERVICE_RETIRED');
}

/** Refuses unless the category exists and is offered now. */
export async function checkCategoryUsable(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ retired: categories.retiredAt })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) throw new AppError('UNKNOWN_CATEGORY');
  if (row.retired) throw new AppError('CATEGORY_RETIRED');
}

/** Refuses unless the location exists and is offered now, or is `kept` (the record's location already). */
export async function checkLocationUsable(db: Db | Tx, id: number, kept?: number | null) {
  const [row] = await db.select({ retired: locations.retiredAt }).from(locations).where(eq(locations.id, id));
  if (!row) throw new AppError('UNKNOWN_LOCATION');
  if (row.retired && id !== kept) throw new AppError('LOCATION_RETIRED');
}
