import { Button, Span } from '@bawaba/shared';
import { directionOf, type TextLang } from '@bawaba/shared/rules';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';

/**
 * The attributes that mark a business-written text with the language it is written in, for any element: an
 * Arabic-only title inside an English page is `lang="ar" dir="rtl"`, so screen readers pronounce it and the layout
 * runs it right to left.
 */
export const textLangProps = (lang: TextLang) => ({ lang, dir: directionOf(lang) });

/** A business-written text, inline, marked with its language (`textLangProps`). */
export function UserText({
  lang,
  children,
  testId,
}: {
  lang: TextLang;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Span {...textLangProps(lang)} data-testid={testId}>
      {children}
    </Span>
  );
}

/** A text with its English and Arabic versions as the API answers it (`title`, `titleLang`, `titleEn`, `titleAr`). */
export type Versions = { text: string; lang: TextLang; en: string | null; ar: string | null };

/**
 * Which version of a text the page shows: the one the API chose for the reader (theirs, else the other) until the
 * reader switches; `other` is the language of the other version when it is written (null: nothing to switch to).
 */
export function useVersion(v: Versions) {
  const [lang, setLang] = useState<TextLang>(v.lang);
  const written = (l: TextLang) => (l === 'ar' ? v.ar : v.en);
  const text = written(lang) ?? v.text;
  const otherLang: TextLang = lang === 'ar' ? 'en' : 'ar';
  return { text, lang, other: written(otherLang) ? otherLang : null, show: setLang };
}

/** The small "also in English / العربية" switch: shown only when the other version is written. */
export function VersionSwitch({
  other,
  onSwitch,
}: {
  other: TextLang | null;
  onSwitch: (l: TextLang) => void;
}) {
  if (!other) return null;
  return (
    <Button
      size="xs"
      variant="ghost"
      colorPalette="blue"
      onClick={() => onSwitch(other)}
      data-testid="version-switch"
    >
      {other === 'ar' ? <Trans>Also in Arabic</Trans> : <Trans>Also in English</Trans>}
    </Button>
  );
}
