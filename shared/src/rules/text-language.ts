/**
 * Business-written texts (a company's name and description, a tender's title and description, an ad's title) are
 * kept in two versions, English and Arabic, at least one of them written. These rules decide which language a
 * single text is written in and which version a reader gets.
 */

export type TextLang = 'en' | 'ar';

/** Arabic letters (the Arabic block and its supplements, presentation forms excluded: they are never typed). */
const ARABIC_LETTER =
  /[\u0620-\u064A\u066E-\u06D3\u06D5\u06EE\u06EF\u06FA-\u06FC\u06FF\u0750-\u077F\u08A0-\u08C9]/g;
/** Latin letters, accented ones included: counted against the Arabic ones. */
const LATIN_LETTER = /[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]/g;
const TAGS = /<[^>]*>/g;
const ENTITIES = /&[a-z]+;|&#\d+;/gi;

/**
 * The language a text is written in, by script: more Arabic letters than Latin ones → 'ar', else 'en' (a mixed
 * text goes to its majority script; a text without either counts as English). HTML tags and
 * entities are not counted, so a rich-text description is judged by its words. The migration that split the
 * single-language columns (api/drizzle/0014_bilingual_texts.sql) applies the same rule in SQL.
 */
export function textLanguage(text: string): TextLang {
  const plain = text.replace(TAGS, ' ').replace(ENTITIES, ' ');
  const arabic = plain.match(ARABIC_LETTER)?.length ?? 0;
  const latin = plain.match(LATIN_LETTER)?.length ?? 0;
  return arabic > latin ? 'ar' : 'en';
}

/** A version is written when it has something besides white space (an empty rich-text editor gives `<p></p>`). */
export function isWritten(text: string | null | undefined): text is string {
  if (!text) return false;
  return (
    text
      .replace(TAGS, '')
      .replace(/&nbsp;/gi, ' ')
      .trim() !== ''
  );
}

/**
 * The version a reader in `lang` gets: theirs when written, else the other one; with the language it is in, so the
 * page can mark it (`lang`, `dir`). Neither written: an empty text in the reader's language.
 */
export function inLanguage(
  lang: TextLang,
  en: string | null | undefined,
  ar: string | null | undefined,
): { text: string; lang: TextLang } {
  const mine = lang === 'ar' ? ar : en;
  if (isWritten(mine)) return { text: mine, lang };
  const other = lang === 'ar' ? en : ar;
  if (isWritten(other)) return { text: other, lang: lang === 'ar' ? 'en' : 'ar' };
  return { text: '', lang };
}

/** The writing direction of a language's texts. */
export const directionOf = (lang: TextLang): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');
