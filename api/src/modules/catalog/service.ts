import type {
  AdminActionCode,
  AdminCatalog,
  AdminCategory,
  AdminLocation,
  AdminService,
  CatalogCreateBody,
  CatalogKind,
  CatalogPatchBody,
} from '@bawaba/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { categories, services } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { inTx } from '../../lib/tx.ts';
import { type AdminActor, recordAdminAction } from '../audit/index.ts';
import {
  allCategories,
  allLocations,
  allServices,
  CATALOG_TABLES,
  type CategoryRow,
  catalogUses,
  categoryInUse,
  type EntryRow,
  type LocationRow,
  lockedEntry,
  nextPosition,
  type ServiceRow,
  siblingIds,
  takenSlugs,
  writeOrder,
} from './queries.ts';
import { adminCatalogOf, adminCategory, adminLocation, adminService } from './serializers.ts';

/**
 * The catalogue's writes (platform administrators): create, rename, move, retire and restore, each checked against
 * the version the administrator read (a newer one: someone else changed the entry meanwhile, refused with nothing
 * written). Names are unique per language among siblings whatever their case (the database's unique indexes decide,
 * so two administrators racing cannot both take one). Merging services is merge.ts.
 */

type AdminEntry = AdminCategory | AdminService | AdminLocation;

/** The whole catalogue as administrators manage it, retired entries included. */
export async function readAdminCatalog(ctx: Ctx): Promise<AdminCatalog> {
  const db = ctx.database.db;
  const [cats, svcs, locs, uses] = await Promise.all([
    allCategories(db, true),
    allServices(db, true),
    allLocations(db, true),
    catalogUses(db),
  ]);
  return adminCatalogOf(cats, svcs, locs, uses);
}

/** An entry as the administrator sees it after a write. */
export async function adminEntry(tx: Tx, kind: CatalogKind, row: EntryRow): Promise<AdminEntry> {
  const uses = await catalogUses(tx);
  if (kind === 'services') return adminService(row as ServiceRow, uses);
  if (kind === 'locations') return adminLocation(row as LocationRow, uses);
  const svcs = await allServices(tx, true);
  return adminCategory(row as CategoryRow, svcs, uses);
}

const TARGET = { categories: 'category', services: 'service', locations: 'location' } as const;

/** An entry as the audit log names it: both its names, as they are at the time. */
const labelOf = (r: { nameEn: string; nameAr: string }) => `${r.nameEn} / ${r.nameAr}`;

type Verb = 'create' | 'rename' | 'move' | 'retire' | 'restore';

/** Records one catalogue action in the audit log, in the write's transaction. */
export function audit<K extends CatalogKind>(
  tx: Tx,
  admin: AdminActor,
  kind: K,
  verb: K extends 'services' ? Verb | 'merge' : Verb,
  row: EntryRow,
  details?: Record<string, unknown>,
) {
  return recordAdminAction(tx, admin, {
    // Every kind with each of its verbs is a code of the log's list (ADMIN_ACTIONS), a service's merge too.
    action: `${TARGET[kind]}.${verb}` as AdminActionCode,
    target: { type: TARGET[kind], id: row.id, label: labelOf(row) },
    ...(details ? { details } : {}),
  });
}

/** A unique-index violation (a name already used among the siblings); drizzle wraps the driver's error. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Runs a write whose names may collide with a sibling's: the collision is the translated refusal. */
async function namesOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CATALOG_NAME_TAKEN');
    throw err;
  }
}

const slugBase = (name: string, kind: 'categories' | 'services') =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || (kind === 'categories' ? 'category' : 'service');

/** A slug from the English name not used yet by the kind (`name`, `name-2`, …). */
async function freeSlug(tx: Tx, kind: 'categories' | 'services', name: string): Promise<string> {
  const base = slugBase(name, kind);
  const taken = await takenSlugs(tx, kind, base);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Adds an entry, last among its siblings; a service goes into an existing category offered now. */
export function createEntry(
  ctx: Ctx,
  admin: AdminActor,
  kind: CatalogKind,
  body: v.InferOutput<typeof CatalogCreateBody> & { categoryId?: number },
): Promise<AdminEntry> {
  return inTx(ctx, async (tx) => {
    const names = { nameEn: body.nameEn, nameAr: body.nameAr };
    let row: EntryRow | undefined;
    if (kind === 'services') {
      if (body.categoryId === undefined) throw new AppError('UNKNOWN_CATEGORY');
      const [cat] = await tx
        .select()
        .from(categories)
        .where(eq(categories.id, body.categoryId))
        .for('update');
      if (!cat) throw new AppError('UNKNOWN_CATEGORY');
      if (cat.retiredAt) throw new AppError('CATEGORY_RETIRED');
      const values = {
        ...names,
        categoryId: cat.id,
        slug: await freeSlug(tx, 'services', body.nameEn),
        position: await nextPosition(tx, 'services', cat.id),
      };
      [row] = await namesOnce(() => tx.insert(services).values(values).returning());
    } else if (kind === 'categories') {
      const values = {
        ...names,
        slug: await freeSlug(tx, 'categories', body.nameEn),
        position: await nextPosition(tx, 'categories'),
      };
      [row] = await namesOnce(() => tx.insert(categories).values(values).returning());
    } else {
      const values = { ...names, position: await nextPosition(tx, 'locations') };
      [row] = await namesOnce(() => tx.insert(CATALOG_TABLES.locations).values(values).returning());
    }
    await audit(tx, admin, kind, 'create', row!);
    return adminEntry(tx, kind, row!);
  });
}

/**
 * Retiring the last service offered in a category whose services companies still offer is refused: the category
 * would stay on those companies with nothing left to choose in it for new records. Retire the category instead, or
 * merge the service into another.
 */
async function checkRetireService(tx: Tx, s: ServiceRow) {
  if (s.retiredAt) return;
  const [cat] = await tx.select().from(categories).where(eq(categories.id, s.categoryId));
  if (cat?.retiredAt) return;
  const { used, offered } = await categoryInUse(tx, s.categoryId);
  if (used && offered <= 1) throw new AppError('LAST_SERVICE_IN_USE');
}

/**
 * Renames, moves (1 = first among its siblings; past the end: last), retires or restores an entry, at the version
 * the administrator read; the entry's version goes up by one.
 */
export function updateEntry(
  ctx: Ctx,
  admin: AdminActor,
  kind: CatalogKind,
  id: number,
  body: v.InferOutput<typeof CatalogPatchBody>,
): Promise<AdminEntry> {
  return inTx(ctx, async (tx) => {
    const row = await lockedEntry(tx, kind, id);
    if (!row) throw new AppError('CATALOG_ENTRY_NOT_FOUND');
    if (row.version !== body.version) throw new AppError('CATALOG_VERSION_CONFLICT');
    const retiring = body.retired === true && row.retiredAt === null;
    if (retiring && kind === 'services') await checkRetireService(tx, row as ServiceRow);
    if (body.position !== undefined) {
      const order = (await siblingIds(tx, kind, row)).filter((x) => x !== id);
      order.splice(Math.min(body.position, order.length + 1) - 1, 0, id);
      await writeOrder(tx, kind, order);
    }
    const table = CATALOG_TABLES[kind];
    const set = {
      ...(body.nameEn !== undefined && { nameEn: body.nameEn }),
      ...(body.nameAr !== undefined && { nameAr: body.nameAr }),
      ...(body.retired !== undefined && {
        retiredAt: body.retired ? (row.retiredAt ?? new Date()) : null,
      }),
      version: sql`${table.version} + 1`,
    };
    const [updated] = await namesOnce(() => tx.update(table).set(set).where(eq(table.id, id)).returning());
    // One row of the audit log per change the write made.
    if (updated!.nameEn !== row.nameEn || updated!.nameAr !== row.nameAr)
      await audit(tx, admin, kind, 'rename', updated!, { was: labelOf(row) });
    if (body.position !== undefined) await audit(tx, admin, kind, 'move', updated!, { to: body.position });
    if ((updated!.retiredAt === null) !== (row.retiredAt === null))
      await audit(tx, admin, kind, updated!.retiredAt ? 'retire' : 'restore', updated!);
    return adminEntry(tx, kind, updated!);
  });
}
