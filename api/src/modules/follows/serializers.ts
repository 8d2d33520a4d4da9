import type { Follow } from '@bawaba/shared/contracts';
import type { categories, follows, services } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { named } from '../../lib/localize.ts';

type Named = { id: number; slug: string; nameEn: string; nameAr: string };

/** A follow with its service or its category (the other one null), as service.ts reads it. */
export type FollowRow = {
  f: typeof follows.$inferSelect;
  s: typeof services.$inferSelect | null;
  c: typeof categories.$inferSelect | null;
};

/** A catalog row as a `ServiceRef` / `CategoryRef` (`name` in the caller's language). */
export const refOut = (l: Lang, r: Named): NonNullable<Follow['service']> => ({
  id: r.id,
  slug: r.slug,
  ...named(l, r),
});

/** A follow as the contract's `Follow`. */
export const followOut = (l: Lang, { f, s, c }: FollowRow): Follow => ({
  id: f.id,
  service: s ? refOut(l, s) : null,
  category: c ? refOut(l, c) : null,
  createdAt: f.createdAt.toISOString(),
});
