import type { Ad } from '@bawaba/shared/contracts';
import type { ads } from '../../db/schema.ts';
import { iso } from '../../lib/localize.ts';

export type AdRow = typeof ads.$inferSelect;

/** An advertisement as the contract's `Ad`. */
export const adOut = (a: AdRow): Ad => ({
  id: a.id,
  title: a.title,
  imageUrl: a.imageUrl,
  linkUrl: a.linkUrl,
  active: a.active,
  startsAt: iso(a.startsAt),
  endsAt: iso(a.endsAt),
  createdAt: a.createdAt.toISOString(),
});
