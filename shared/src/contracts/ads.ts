import * as v from 'valibot';
import { IntLike, IsoDate, Optional } from './common.ts';

export const Ad = v.object({
  id: v.number(),
  title: v.string(),
  imageUrl: v.string(),
  linkUrl: v.nullable(v.string()),
  active: v.boolean(),
  startsAt: v.nullable(v.string()),
  endsAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type Ad = v.InferOutput<typeof Ad>;

/** POST /admin/ads and PATCH /admin/ads/:id. `imageFileId`: upload with purpose `ad`. */
export const AdBody = v.object({
  title: v.pipe(
    v.string('Title is required.'),
    v.trim(),
    v.nonEmpty('Title is required.'),
    v.maxLength(200, 'Title must be at most 200 characters.'),
  ),
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
});
export type AdBody = v.InferInput<typeof AdBody>;
export const AdPatchBody = v.partial(AdBody);
export type AdPatchBody = v.InferInput<typeof AdPatchBody>;

/** GET /admin/ads: the admin's list, newest first, searched (title or link) and paged by the server. */
export const AdminAdListQuery = v.object({
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text must be at most 100 characters.')),
  ),
  page: v.optional(IntLike, 1),
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 10),
});
