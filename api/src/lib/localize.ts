import type { Lang } from '../errors.ts';

export const named = (l: Lang, r: { nameEn: string; nameAr: string }) => ({
  name: l === 'ar' ? r.nameAr : r.nameEn,
  nameEn: r.nameEn,
  nameAr: r.nameAr,
});

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** %…% pattern for ILIKE with the wildcards of the user's text escaped. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
