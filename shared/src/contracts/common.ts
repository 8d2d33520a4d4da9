import * as v from 'valibot';

/** A positive integer given as a number or as a numeric string (path and query parameters). */
export const IntLike = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'Must be a whole number'))]),
  v.transform((x) => Number(x)),
  v.integer('Must be a whole number'),
  v.minValue(1, 'Must be at least 1'),
  // Ids are PostgreSQL `integer`s: a bigger number is no id (and would make the query fail).
  v.maxValue(2_147_483_647, 'Must be at most 2147483647'),
);
/** A number given as a number or a numeric string (query parameters). */
export const NumberLike = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, 'Must be a number'))]),
  v.transform((x) => Number(x)),
);
export const BoolLike = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', '1', '0'])]),
  v.transform((x) => x === true || x === 'true' || x === '1'),
);
/** An ISO date or timestamp string. */
export const IsoDate = (message = 'Must be a valid date') =>
  v.pipe(
    v.string(message),
    v.nonEmpty(message),
    v.check((s) => !Number.isNaN(Date.parse(s)), message),
  );

export const IdParams = v.object({ id: IntLike });
export const UuidParams = v.object({ id: v.pipe(v.string(), v.uuid('Must be a valid id')) });

export const PageQuery = v.object({
  page: v.optional(IntLike, 1),
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 10),
});

export const Paged = <T extends v.GenericSchema>(item: T) =>
  v.object({ items: v.array(item), pageCount: v.number(), totalItems: v.number() });
export type PagedOf<T> = { items: T[]; pageCount: number; totalItems: number };

/** Every successful response: `{ data }`. */
export type Envelope<T> = { data: T };

/** Every error response. `issues` only on 422. */
export const ApiError = v.object({
  statusCode: v.number(),
  error: v.string(),
  message: v.string(),
  code: v.string(),
  issues: v.optional(v.array(v.object({ field: v.string(), message: v.string() }))),
});
export type ApiError = v.InferOutput<typeof ApiError>;

export const Ok = v.object({ ok: v.literal(true) });
export type Ok = v.InferOutput<typeof Ok>;

/** Names of catalog data come in both languages plus `name` in the request's language (Accept-Language). */
export const LocalizedName = { name: v.string(), nameEn: v.string(), nameAr: v.string() };

export const Optional = <T extends v.GenericSchema>(s: T) => v.optional(v.nullable(s));
