/**
 * The attributes that mark a business-written text with the language it is written in, for any element: an
 * Arabic-only title inside an English page is `lang="ar" dir="rtl"`, so screen readers pronounce it and the layout
 * runs it right to left. Its own entry (`@bawaba/shared/user-text/lang`), importing nothing: first pages (the
 * tender list, the directory) mark their cards without the switch's code.
 */
export const textLangProps = (lang: 'en' | 'ar') => ({
  lang,
  dir: lang === 'ar' ? ('rtl' as const) : ('ltr' as const),
});
