import { inLanguage } from '@bawaba/shared/rules';
import type { Lang } from '../errors.ts';

export const named = (l: Lang, r: { nameEn: string; nameAr: string }) => ({
  name: l === 'ar' ? r.nameAr : r.nameEn,
  nameEn: r.nameEn,
  nameAr: r.nameAr,
});

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** %…% pattern for ILIKE with the wildcards of the user's text escaped. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A business-written text (English and Arabic versions) for a reader of `l`: theirs, else the other one. */
export const textIn = (l: Lang, en: string | null | undefined, ar: string | null | undefined): string =>
  inLanguage(l, en, ar).text;

/**
 * The answer fields of a text written in two languages (contracts' `textAnswer`): the reader's version (`picked`,
 * from inLanguage), its language, and both versions.
 */
export const textOut = <F extends string>(
  field: F,
  picked: { text: string; lang: Lang },
  en: string | null,
  ar: string | null,
) =>
  ({ [field]: picked.text, [`${field}Lang`]: picked.lang, [`${field}En`]: en, [`${field}Ar`]: ar }) as {
    [K in F]: string;
  } & { [K in `${F}Lang`]: Lang } & { [K in `${F}En` | `${F}Ar`]: string | null };

/** A tender's (or an ad's) title for a reader of `l`. */
export const titleIn = (l: Lang, t: { titleEn: string | null; titleAr: string | null }) =>
  textIn(l, t.titleEn, t.titleAr);

/** A company's name for a reader of `l`. */
export const nameIn = (l: Lang, c: { nameEn: string | null; nameAr: string | null }) =>
  textIn(l, c.nameEn, c.nameAr);

/**
 * A tender's (or an ad's) title inside another answer (an interest's, a proposal's, a payment's, a notification's
 * tender): the reader's version, else the other, with the language it is in, as the tender's own page gets it.
 */
export const titleFor = (l: Lang, t: { titleEn: string | null; titleAr: string | null }) => {
  const title = inLanguage(l, t.titleEn, t.titleAr);
  return { title: title.text, titleLang: title.lang };
};

/** A company's name inside another answer: the reader's version, else the other, with the language it is in. */
export const nameFor = (l: Lang, c: { nameEn: string | null; nameAr: string | null }) => {
  const name = inLanguage(l, c.nameEn, c.nameAr);
  return { name: name.text, nameLang: name.lang };
};

/** A person's company, named beside them (a bidder's): null when they have none. */
export const companyNameFor = (l: Lang, c: { nameEn: string | null; nameAr: string | null } | undefined) => {
  const name = c ? nameFor(l, c) : null;
  return { companyName: name?.name ?? null, companyNameLang: name?.nameLang ?? null };
};

/**
 * Who acted, for a reader of `l` (the contracts' `Actor`): the person's name from their account, and the company they
 * acted for (none: null) named in the reader's language.
 */
export const actorFor = (
  l: Lang,
  id: number,
  person: { name: string | null } | null,
  company: { id: number | null; nameEn: string | null; nameAr: string | null } | null,
) => ({ id, name: person?.name ?? '', ...companyNameFor(l, company?.id == null ? undefined : company) });
