import { Button, Span } from '@bawaba/shared';
import type { TextLang } from '@bawaba/shared/rules';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { textLangProps } from './lang.ts';

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
