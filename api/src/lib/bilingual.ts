import { isWritten, textLanguage } from '@bawaba/shared/rules';

/** A business-written text's two versions as stored: null where not written. */
export type Versions = { en: string | null; ar: string | null };

/**
 * The versions a request leaves a text with. `en` / `ar` are the request's new fields (undefined: not sent, the
 * stored version stays; null or blank: removed). `legacy` is the single field an older form sends (`name`,
 * `title`, `description`): used when neither new field is sent, it replaces the version of the language it is
 * written in (textLanguage) and keeps the other. `clean` runs on each written version (the HTML sanitizer for
 * descriptions); a version that is empty after it counts as not written.
 */
export function versionsOf(
  sent: { en?: string | null; ar?: string | null; legacy?: string | null },
  stored: Versions = { en: null, ar: null },
  clean: (text: string) => string = (t) => t.trim(),
): Versions {
  const next: Versions = { ...stored };
  if (sent.en !== undefined || sent.ar !== undefined) {
    if (sent.en !== undefined) next.en = sent.en;
    if (sent.ar !== undefined) next.ar = sent.ar;
  } else if (sent.legacy !== undefined && sent.legacy !== null) {
    next[textLanguage(sent.legacy)] = sent.legacy;
  }
  const kept = (t: string | null) => {
    const c = isWritten(t) ? clean(t) : '';
    return isWritten(c) ? c : null;
  };
  return { en: kept(next.en), ar: kept(next.ar) };
}

/** At least one version written. */
export const eitherWritten = (v: Versions) => v.en !== null || v.ar !== null;
