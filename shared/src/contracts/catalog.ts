import * as v from 'valibot';
import { LocalizedName } from './common.ts';

export const ServiceRef = v.object({ id: v.number(), slug: v.string(), ...LocalizedName });
export const CategoryRef = v.object({ id: v.number(), slug: v.string(), ...LocalizedName });

export const Service = v.object({ ...ServiceRef.entries, category: CategoryRef });
export type Service = v.InferOutput<typeof Service>;

export const Category = v.object({ ...CategoryRef.entries, services: v.array(ServiceRef) });
export type Category = v.InferOutput<typeof Category>;

export const Location = v.object({ id: v.number(), ...LocalizedName });
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
