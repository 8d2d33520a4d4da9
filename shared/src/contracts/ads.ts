import * as v from 'valibot';
import { IntLike, IsoDate, Optional } from './common.ts';
import { textAnswer, textRequest, writtenInOneVersion } from './texts.ts';

/** An ad. `title`: the caller's language version, else the other (texts.ts); `titleLang`: the language it is in. */
export const Ad = v.object({
  id: v.number(),
  ...textAnswer('title'),
  imageUrl: v.string(),
  linkUrl: v.nullable(v.string()),
  active: v.boolean(),
  startsAt: v.nullable(v.string()),
  endsAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type Ad = v.InferOutput<typeof Ad>;

const TITLE_TOO_LONG = 'Title must be at most 200 characters.';

const AdFields = {
  /** The older forms' single title (kept for them): the version of the language it is written in. */
  ...textRequest('title', { maxLength: 200, tooLong: TITLE_TOO_LONG, required: 'Title is required.' }),
  imageFileId: v.pipe(v.string('Image is required.'), v.uuid('Image is required.')),
  linkUrl: Optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.url('Please enter a valid URL (https://…)'),
        // Web addresses only: a javascript: or data: URL would run or render code where the link is clicked.
        v.regex(/^https?:\/\//i, 'Please enter a valid URL (https://…)'),
      ),
    ]),
  ),
  active: v.optional(v.boolean(), true),
  startsAt: Optional(IsoDate()),
  endsAt: Optional(IsoDate()),
};

/**
 * POST /admin/ads and PATCH /admin/ads/:id. `imageFileId`: upload with purpose `ad`. The title in English and
 * Arabic (`titleEn`, `titleAr`; at least one), or the older forms' single `title`.
 */
export const AdBody = v.pipe(v.object(AdFields), writtenInOneVersion('title', 'Title is required.'));
export type AdBody = v.InferInput<typeof AdBody>;
export const AdPatchBody = v.partial(v.object(AdFields));
export type AdPatchBody = v.InferInput<typeof AdPatchBody>;

/** GET /admin/ads: the admin's list, newest first, searched (title or link) and paged by the server. */
export const AdminAdListQuery = v.object({
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text must be at most 100 characters.')),
  ),
  page: v.optional(IntLike, 1),
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 10),
});
