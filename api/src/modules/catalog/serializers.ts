import type { AdminCatalog, AdminCategory, AdminLocation, AdminService } from '@bawaba/shared/contracts';
import type { CategoryRow, catalogUses, LocationRow, ServiceRow } from './queries.ts';

/** Catalogue rows → the administrator's entries (the contract's AdminCatalog), with what uses each. */

type Uses = Awaited<ReturnType<typeof catalogUses>>;

const entry = (r: CategoryRow | ServiceRow | LocationRow) => ({
  id: r.id,
  nameEn: r.nameEn,
  nameAr: r.nameAr,
  position: r.position,
  retired: r.retiredAt !== null,
  version: r.version,
});

export const adminService = (s: ServiceRow, uses: Uses): AdminService => ({
  ...entry(s),
  slug: s.slug,
  categoryId: s.categoryId,
  uses: {
    companies: uses.companies.get(s.id) ?? 0,
    tenders: uses.tenders.get(s.id) ?? 0,
    follows: uses.follows.get(s.id) ?? 0,
  },
});

export const adminCategory = (c: CategoryRow, services: ServiceRow[], uses: Uses): AdminCategory => ({
  ...entry(c),
  slug: c.slug,
  services: services.filter((s) => s.categoryId === c.id).map((s) => adminService(s, uses)),
  uses: { follows: uses.categoryFollows.get(c.id) ?? 0 },
});

export const adminLocation = (l: LocationRow, uses: Uses): AdminLocation => ({
  ...entry(l),
  uses: { companies: uses.locationCompanies.get(l.id) ?? 0 },
});

export const adminCatalogOf = (
  categories: CategoryRow[],
  services: ServiceRow[],
  locations: LocationRow[],
  uses: Uses,
): AdminCatalog => ({
  categories: categories.map((c) => adminCategory(c, services, uses)),
  locations: locations.map((l) => adminLocation(l, uses)),
});
