import type { Ad } from '@bawaba/shared/contracts';
import { inLanguage } from '@bawaba/shared/rules';
import type { ads } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { iso } from '../../lib/localize.ts';

export type AdRow = typeof ads.$inferSelect;

/** An advertisement as the contract's `Ad`, its title in the caller's language (else the other). */
export const adOut = (a: AdRow, l: Lang): Ad => {
  const title = inLanguage(l, a.titleEn, a.titleAr);
  return {
    id: a.id,
    title: title.text,
    titleLang: title.lang,
    titleEn: a.titleEn,
    titleAr: a.titleAr,
    imageUrl: a.imageUrl,
    linkUrl: a.linkUrl,
    active: a.active,
    startsAt: iso(a.startsAt),
    endsAt: iso(a.endsAt),
    createdAt: a.createdAt.toISOString(),
  };
};
