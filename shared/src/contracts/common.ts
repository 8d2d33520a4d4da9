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
/** A calendar day `yyyy-mm-dd`, or that day with a time (`THH:MM[:SS[.sss]]`) and an optional zone (`Z`, `±HH:MM`). */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?)?$/;
export const DATE_YEARS = { min: 1900, max: 2999 } as const;
export const INVALID_DATE_MESSAGE = 'Enter a real date between 1900 and 2999.';

/**
 * A real calendar date written the ISO way, in a sane year range: `2026-02-30` (no such day), `10000-01-01` (a
 * five-digit year), `0` or `12/05/2026` are refused — `Date.parse` would take some of them and roll them over or
 * store years like `+010000`.
 */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < DATE_YEARS.min || year > DATE_YEARS.max || month < 1 || month > 12 || day < 1) return false;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay && !Number.isNaN(Date.parse(value));
}

/** An ISO date or timestamp string (see isCalendarDate); `message` when it is missing or empty. */
export const IsoDate = (message = 'Must be a valid date') =>
  v.pipe(v.string(message), v.nonEmpty(message), v.check(isCalendarDate, INVALID_DATE_MESSAGE));

export const IdParams = v.object({ id: IntLike });
export const UuidParams = v.object({ id: v.pipe(v.string(), v.uuid('Must be a valid id')) });

export const PageQuery = v.object({
  page: v.optional(IntLike, 1),
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 10),
});

export const Paged = <T extends v.GenericSchema>(item: T) =>
  v.object({ items: v.array(item), pageCount: v.number(), totalItems: v.number() });
export type PagedOf<T> = { items: T[]; pageCount: number; totalItems: number };

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

/** GET /health: the process is up, and which database it runs on. */
export const Health = v.object({ status: v.literal('ok'), database: v.picklist(['pglite', 'postgres']) });
export type Ok = v.InferOutput<typeof Ok>;

/** Names of catalog data come in both languages plus `name` in the request's language (Accept-Language). */
export const LocalizedName = { name: v.string(), nameEn: v.string(), nameAr: v.string() };

export const Optional = <T extends v.GenericSchema>(s: T) => v.optional(v.nullable(s));
