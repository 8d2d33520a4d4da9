import * as v from 'valibot';
import { CategoryRef, Location, Service } from './catalog.ts';
import { BoolLike, IntLike, NumberLike, Optional } from './common.ts';
import { CredentialBadge } from './credentials.ts';
import { Reputation } from './ratings.ts';
import { textAnswer, textRequest, writtenInOneVersion } from './texts.ts';

export const CompanyStatus = v.picklist(['pending', 'approved', 'rejected']);
export type CompanyStatus = v.InferOutput<typeof CompanyStatus>;

/**
 * A company. For anonymous callers `masked` is true: `name` is the fixed placeholder MASKED_NAME, `description`
 * is the fixed placeholder MASKED_DESCRIPTION, both versions (`nameEn`, `nameAr`, `descriptionEn`,
 * `descriptionAr`) are null, and website_url and the socials are null — the real values never leave the server.
 * `description` is sanitized HTML (safe to render). `name` / `description`: the caller's language version, else
 * the other (texts.ts); `nameLang` / `descriptionLang`: the language it is in.
 */
export const Company = v.object({
  id: v.number(),
  ...textAnswer('name'),
  ...textAnswer('description'),
  logo_url: v.nullable(v.string()),
  website_url: v.nullable(v.string()),
  facebook: v.nullable(v.string()),
  twitter: v.nullable(v.string()),
  linkedin: v.nullable(v.string()),
  google: v.nullable(v.string()),
  skype: v.nullable(v.string()),
  location: v.nullable(Location),
  services: v.array(Service),
  categories: v.array(CategoryRef),
  status: CompanyStatus,
  /** While rejected: the admin's reason (the owner and admins see it), otherwise null. */
  rejectionReason: v.optional(v.nullable(v.string())),
  masked: v.boolean(),
  /** Its verified credentials not expired yet, by expiry date (credentials.ts `CredentialBadge`). */
  credentials: v.array(CredentialBadge),
  createdAt: v.string(),
  /** From its contracts on Bawaba only: contracts delivered and the revealed ratings it received (ratings.ts). */
  reputation: Reputation,
});
export type Company = v.InferOutput<typeof Company>;

/** GET /companies/mine: the company the session acts for, and whether the caller may save it (its administrators). */
export const MyCompany = v.object({ ...Company.entries, canEdit: v.boolean() });
export type MyCompany = v.InferOutput<typeof MyCompany>;

/**
 * A company as the admin list shows it, with what an admin may do to it now: `complete` is false while it offers no
 * service (it would be listed under no category), and `canApprove` is false then (approving it is refused) or once it
 * is approved; `canReject` is false once it is rejected.
 */
export const AdminCompany = v.object({
  ...Company.entries,
  complete: v.boolean(),
  canApprove: v.boolean(),
  canReject: v.boolean(),
});
export type AdminCompany = v.InferOutput<typeof AdminCompany>;

export const MASKED_NAME = '•••••• •••••';
export const MASKED_DESCRIPTION =
  '<p>••••• ••••• •••• ••••••• ••••• ••• •••••••• •••• ••••• •••••• ••• •••••••.</p>';

/** Service ids as `services=1,2,3`, `services=1&services=2` or an array. */
export const IdList = v.pipe(
  v.union([v.string(), v.number(), v.array(v.union([v.string(), v.number()]))]),
  v.transform((x) =>
    (Array.isArray(x) ? x : String(x).split(',')).map((s) => String(s).trim()).filter((s) => s !== ''),
  ),
  v.check((xs) => xs.every((s) => /^\d+$/.test(s) && Number(s) <= 2_147_483_647), 'Must be a list of ids'),
  v.transform((xs) => xs.map(Number)),
);

/** GET /companies — page size defaults to 5 (docs/product-spec.md §9). */
export const CompanyListQuery = v.object({
  services: v.optional(IdList),
  page: v.optional(IntLike, 1),
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 5),
  /** Keyword: matches the company name and its service names (English or Arabic). */
  name: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text must be at most 100 characters.')),
  ),
  /** Location id. */
  location: v.optional(v.union([IntLike, v.literal('')])),
  /** `rating`: the best rated first (the mean of the revealed ratings received; unrated last), else the list's order. */
  sort: v.optional(v.picklist(['rating', ''], 'Sort by rating or leave it empty.')),
  /** Only companies that delivered at least one contract on Bawaba. */
  delivered: v.optional(v.union([BoolLike, v.literal('')])),
  /** Only companies whose mean rating is at least this (1–5). */
  minRating: v.optional(
    v.union([
      v.literal(''),
      v.pipe(NumberLike, v.minValue(1, 'A rating from 1 to 5.'), v.maxValue(5, 'A rating from 1 to 5.')),
    ]),
  ),
});
export type CompanyListQuery = v.InferInput<typeof CompanyListQuery>;

export const AdminCompanyListQuery = v.object({
  status: v.optional(CompanyStatus),
  /** Words that must all match the name, a service (English or Arabic) or the location. */
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text must be at most 100 characters.')),
  ),
  page: v.optional(IntLike, 1),
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 10),
});

const Url = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(500, 'Please enter a valid URL (https://…)'),
  v.url('Please enter a valid URL (https://…)'),
  // Web addresses only: a javascript: or data: URL would run or render code where the link is clicked.
  v.regex(/^https?:\/\//i, 'Please enter a valid URL (https://…)'),
);
const Social = Optional(v.union([v.literal(''), Url]));

const NAME_TOO_LONG = 'Company name must be at most 200 characters.';
const DESCRIPTION_TOO_LONG = 'Description is too long.';

/**
 * PUT /companies/mine — create or update my company; it goes (back) to `pending` until an admin approves. The
 * name and description in English and Arabic (`nameEn`, `nameAr`, …; a version not sent stays as it was); the
 * single `name` / `description` of older forms is still taken, as the version of the language it is written in.
 */
export const CompanyBody = v.pipe(
  v.object({
    /** The older forms' single name (kept for them): the version of the language it is written in. */
    ...textRequest('name', { maxLength: 200, tooLong: NAME_TOO_LONG, required: 'Company name is required.' }),
    /** HTML; sanitized by the server. The older forms' single description, as `name`. */
    ...textRequest('description', { maxLength: 20000, tooLong: DESCRIPTION_TOO_LONG }),
    /** Id of an upload with purpose `logo` (null removes the logo). */
    logoFileId: Optional(v.pipe(v.string(), v.uuid('Invalid file id'))),
    website_url: Social,
    facebook: Social,
    twitter: Social,
    linkedin: Social,
    google: Social,
    skype: Optional(
      v.pipe(v.string(), v.trim(), v.maxLength(100, 'Skype name must be at most 100 characters.')),
    ),
    locationId: Optional(v.pipe(v.number(), v.integer('Please select a location.'))),
    serviceIds: v.pipe(
      v.array(
        v.pipe(v.number(), v.integer('Please select at least one service.')),
        'Please select at least one service.',
      ),
      v.minLength(1, 'Please select at least one service.'),
      v.maxLength(50, 'At most 50 services.'),
    ),
  }),
  writtenInOneVersion('name', 'Company name is required.'),
);
export type CompanyBody = v.InferInput<typeof CompanyBody>;
