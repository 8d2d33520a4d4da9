import type { AdminCompany, Company } from '@bawaba/shared/contracts';
import { MASKED_DESCRIPTION, MASKED_NAME } from '@bawaba/shared/contracts';
import { inLanguage } from '@bawaba/shared/rules';
import type { Database, Db, Tx } from '../../db/client.ts';
import { categories, type companies, locations, services } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { named } from '../../lib/localize.ts';
import { NO_REPUTATION, reputationsOf } from '../../lib/reputation.ts';
import { badgesOf } from '../credentials/index.ts';

export type CompanyRow = typeof companies.$inferSelect;

type Catalog = {
  services: Map<number, typeof services.$inferSelect>;
  categories: Map<number, typeof categories.$inferSelect>;
  locations: Map<number, typeof locations.$inferSelect>;
};
const catalogCache = new WeakMap<object, { at: number; value: Promise<Catalog> }>();
/** The databases whose change events may be missed (listening connection down): no catalog cache meanwhile. */
const catalogUnwatched = new WeakSet<object>();
const CATALOG_TTL_MS = 60_000;
const CATALOG_TABLES = new Set(['services', 'categories', 'locations']);

/**
 * Services, categories and locations change only with a deploy (seed) or by hand: kept in memory for a minute, and
 * dropped in every process as soon as the database announces a change to one of them (`followCatalogChanges`).
 */
export function catalogOf(db: Db | Tx): Promise<Catalog> {
  const hit = catalogCache.get(db);
  if (hit && Date.now() - hit.at < CATALOG_TTL_MS && !catalogUnwatched.has(db)) return hit.value;
  const value = Promise.all([
    db.select().from(services),
    db.select().from(categories),
    db.select().from(locations),
  ]).then(([s, c, l]) => ({
    services: new Map(s.map((x) => [x.id, x])),
    categories: new Map(c.map((x) => [x.id, x])),
    locations: new Map(l.map((x) => [x.id, x])),
  }));
  value.catch(() => catalogCache.delete(db));
  catalogCache.set(db, { at: Date.now(), value });
  return value;
}

/** Drops the catalog cache of `database` on the change events of its tables; returns the unsubscribe. */
export function followCatalogChanges(database: Database): () => void {
  return database.changes.on((e) => {
    if ((e.type === 'table' || e.type === 'write') && !CATALOG_TABLES.has(e.table)) return;
    if (e.type === 'down') catalogUnwatched.add(database.db);
    else if (e.type === 'up') catalogUnwatched.delete(database.db);
    catalogCache.delete(database.db);
  });
}

/**
 * Serializes companies in one pass (location, services with categories, derived categories, badges, reputation): one
 * query (their badges) beyond the kept catalog and reputations; a row carries its services (`serviceIds`).
 */
export async function serializeCompanies(
  db: Db | Tx,
  rows: CompanyRow[],
  l: Lang,
  masked: boolean,
): Promise<Company[]> {
  if (rows.length === 0) return [];
  const [cat, badges, reputations] = await Promise.all([
    catalogOf(db),
    badgesOf(
      db,
      rows.map((r) => r.id),
      masked,
    ),
    // From contracts only, kept in memory like the catalog (src/lib/reputation.ts).
    reputationsOf(db),
  ]);
  return rows.map((r) => {
    const svc = r.serviceIds
      .map((id) => cat.services.get(id))
      .filter((s) => s !== undefined)
      .map((s) => ({ s, c: cat.categories.get(s.categoryId)! }));
    const cats = new Map<
      number,
      { id: number; slug: string; name: string; nameEn: string; nameAr: string }
    >();
    for (const x of svc) cats.set(x.c.id, { id: x.c.id, slug: x.c.slug, ...named(l, x.c) });
    const loc = r.locationId != null ? cat.locations.get(r.locationId) : undefined;
    const name = inLanguage(l, r.nameEn, r.nameAr);
    const description = inLanguage(l, r.descriptionEn, r.descriptionAr);
    return {
      id: r.id,
      // Masked: one placeholder in the caller's language, and no version of either text.
      name: masked ? MASKED_NAME : name.text,
      nameLang: masked ? l : name.lang,
      nameEn: masked ? null : r.nameEn,
      nameAr: masked ? null : r.nameAr,
      description: masked ? MASKED_DESCRIPTION : description.text,
      descriptionLang: masked ? l : description.lang,
      descriptionEn: masked ? null : r.descriptionEn,
      descriptionAr: masked ? null : r.descriptionAr,
      logo_url: r.logoUrl,
      website_url: masked ? null : r.websiteUrl,
      facebook: masked ? null : r.facebook,
      twitter: masked ? null : r.twitter,
      linkedin: masked ? null : r.linkedin,
      google: masked ? null : r.google,
      skype: masked ? null : r.skype,
      location: loc ? { id: loc.id, ...named(l, loc) } : null,
      services: svc.map((x) => ({
        id: x.s.id,
        slug: x.s.slug,
        ...named(l, x.s),
        category: { id: x.c.id, slug: x.c.slug, ...named(l, x.c) },
      })),
      categories: [...cats.values()],
      status: r.status as 'pending' | 'approved' | 'rejected',
      // Shown while rejected (only its owner and the admins see a rejected company).
      rejectionReason: r.status === 'rejected' ? r.rejectionReason : null,
      masked,
      credentials: badges.get(r.id) ?? [],
      createdAt: r.createdAt.toISOString(),
      reputation: reputations.get(r.id) ?? NO_REPUTATION,
    };
  });
}

export async function serializeCompany(
  db: Db | Tx,
  row: CompanyRow,
  l: Lang,
  masked: boolean,
): Promise<Company> {
  const [c] = await serializeCompanies(db, [row], l, masked);
  return c!;
}

/**
 * What an admin may do to a company, as the rules of companies/service.ts `decideCompany` say: approve one that offers
 * at least one service and is not approved yet; reject one not rejected yet. The admin list offers only these.
 */
export function withAdminActions(c: Company): AdminCompany {
  const complete = c.services.length > 0;
  return {
    ...c,
    complete,
    canApprove: complete && c.status !== 'approved',
    canReject: c.status !== 'rejected',
  };
}
