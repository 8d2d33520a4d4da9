import * as v from 'valibot';
import { IntLike, LocalizedName } from './common.ts';

/** `retired`: true on a retired entry, given only where retired entries are asked for (CatalogQuery). */
const Retired = { retired: v.optional(v.boolean()) };

export const ServiceRef = v.object({ id: v.number(), slug: v.string(), ...LocalizedName, ...Retired });
export const CategoryRef = v.object({ id: v.number(), slug: v.string(), ...LocalizedName, ...Retired });

export const Service = v.object({ ...ServiceRef.entries, category: CategoryRef });
export type Service = v.InferOutput<typeof Service>;

export const Category = v.object({ ...CategoryRef.entries, services: v.array(ServiceRef) });
export type Category = v.InferOutput<typeof Category>;

export const Location = v.object({ id: v.number(), ...LocalizedName, ...Retired });
export type Location = v.InferOutput<typeof Location>;

/** GET /services/autocomplete?q=… (matches English and Arabic names). */
export const AutocompleteQuery = v.object({
  q: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text must be at most 100 characters.')),
    '',
  ),
  limit: v.optional(
    v.pipe(
      v.union([v.number(), v.string()]),
      v.transform(Number),
      v.integer('Must be a whole number'),
      v.minValue(1, 'Must be at least 1'),
      v.maxValue(50, 'At most 50 suggestions'),
    ),
    10,
  ),
});

/**
 * The public catalogue routes leave retired entries out (nobody picks them for a new record); `retired=include` puts
 * them in, marked, for a form that shows a record's existing choices.
 */
export const CatalogQuery = v.object({
  retired: v.optional(v.picklist(['include'], 'retired is include or left out.')),
});

/** The three kinds of catalogue entries an administrator manages. */
export type CatalogKind = 'categories' | 'services' | 'locations';

/** A catalogue name: written in both languages (the site shows it in either). */
const CatalogName = (language: 'English' | 'Arabic') =>
  v.pipe(
    v.string(`Write the name in ${language}.`),
    v.trim(),
    v.nonEmpty(`Write the name in ${language}.`),
    v.maxLength(100, 'A catalogue name is at most 100 characters.'),
  );

/** A new category or location: its names. It goes last among its siblings. */
export const CatalogCreateBody = v.object({
  nameEn: CatalogName('English'),
  nameAr: CatalogName('Arabic'),
});

/** A new service: its names and its category. It goes last among the category's services. */
export const ServiceCreateBody = v.object({ ...CatalogCreateBody.entries, categoryId: IntLike });

/**
 * A change to an entry, naming the version it was read at (a newer one: someone else changed it, refused): new
 * names, a new place among its siblings (1 = first), or retired / restored.
 */
export const CatalogPatchBody = v.object({
  version: v.pipe(v.number('The version read is required.'), v.integer('The version read is required.')),
  nameEn: v.optional(CatalogName('English')),
  nameAr: v.optional(CatalogName('Arabic')),
  position: v.optional(
    v.pipe(
      v.number('A position is a whole number.'),
      v.integer('A position is a whole number.'),
      v.minValue(1, 'Must be at least 1'),
    ),
  ),
  retired: v.optional(v.boolean('Retired is true or false.')),
});

/** Merging a service (the path's) into another: every company, tender and follow of it moves there. */
export const CatalogMergeBody = v.object({
  version: CatalogPatchBody.entries.version,
  into: IntLike,
});

/** An entry as an administrator manages it; `uses`: the records that name it (what a merge moves, what retiring keeps). */
const AdminEntry = {
  id: v.number(),
  nameEn: v.string(),
  nameAr: v.string(),
  position: v.number(),
  retired: v.boolean(),
  version: v.number(),
};
export const AdminService = v.object({
  ...AdminEntry,
  slug: v.string(),
  categoryId: v.number(),
  uses: v.object({ companies: v.number(), tenders: v.number(), follows: v.number() }),
});
export type AdminService = v.InferOutput<typeof AdminService>;
export const AdminCategory = v.object({
  ...AdminEntry,
  slug: v.string(),
  services: v.array(AdminService),
  uses: v.object({ follows: v.number() }),
});
export type AdminCategory = v.InferOutput<typeof AdminCategory>;
export const AdminLocation = v.object({ ...AdminEntry, uses: v.object({ companies: v.number() }) });
export type AdminLocation = v.InferOutput<typeof AdminLocation>;

/** The whole catalogue, retired entries included, each list in its order. */
export const AdminCatalog = v.object({
  categories: v.array(AdminCategory),
  locations: v.array(AdminLocation),
});
export type AdminCatalog = v.InferOutput<typeof AdminCatalog>;

/** What a merge moved to the survivor. */
export const CatalogMergeResult = v.object({
  survivor: AdminService,
  moved: v.object({ companies: v.number(), tenders: v.number(), follows: v.number(), told: v.number() }),
});
