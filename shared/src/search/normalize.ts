/**
 * The one text normalisation of search: applied to what is indexed (at write time, stored) and to what a user
 * types, so that spelling variants of one word meet. Pure (no DOM, no Intl): the API, the seed and the front ends'
 * highlighting import the same functions.
 *
 * Arabic: alef forms (أ إ آ ٱ) → ا, alef maksura ى → ي, ta marbuta ة → ه, hamza carriers ؤ → و and ئ → ي, the
 * standalone hamza ء dropped, tashkeel (harakat, shadda, sukun, dagger alef) and tatweel removed, Persian/Urdu yeh and
 * keheh (ی ک) → ي ك, Arabic-Indic and Persian digits → 0–9, presentation forms → their letters (NFKD). Latin: lower
 * case, accents folded (NFKD, combining marks removed).
 */

/** Letters mapped one to one (after NFKD, which has already split أ إ آ ؤ ئ into a letter and a combining hamza). */
const LETTERS: Record<string, string> = {
  ٱ: 'ا',
  ى: 'ي',
  ة: 'ه',
  ی: 'ي',
  ک: 'ك',
  ڪ: 'ك',
  ە: 'ه',
  ۀ: 'ه',
  ۃ: 'ه',
};

/** Removed: combining marks (Latin accents, tashkeel, the hamza and madda NFKD split off), tatweel, hamza, joiners. */
const REMOVED = /\p{M}|[\u0640\u0621\u200e\u200f]|\u200c|\u200d/gu;
/** Arabic-Indic (U+0660…) and Persian (U+06F0…) digits. */
const EASTERN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;
const MAPPED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/** One text folded for search (the same length of words, the same order; punctuation and spaces kept as they are). */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(REMOVED, '')
    .replace(EASTERN_DIGIT, (d) => String((d.charCodeAt(0) - 0x0660) % 0x90))
    .replace(MAPPED, (c) => LETTERS[c] ?? c)
    .toLowerCase();
}

/** A word: letters, digits and combining marks (a word with its diacritics, tatweel or joiners stays one word). */
export const WORD = /(?:[\p{L}\p{N}\p{M}\u0640]|\u200c|\u200d)+/gu;

/**
 * The Arabic definite article and the prefixes that carry it (و, ب, ك, ف + ال; ل + ل for "لل"), on normalised
 * text: taken off when at least two letters remain, so that `الدوحة`, `بالدوحة` and `دوحة` meet.
 */
const ARTICLE = /^(?:[وبكف]?ال|لل)(?=\p{L}{2,})/u;

/** A normalised word without its article (`الشركه` → `شركه`); other words unchanged. */
export function withoutArticle(word: string): string {
  return word.replace(ARTICLE, '');
}

const ARABIC_WORD = /^[\u0620-\u064a]+$/;

/**
 * A light Arabic stem of a normalised word without its article: the sound feminine plural (ات), the ta marbuta
 * (ه once folded) and the nisba (ي, يه) taken off while at least three letters remain, so that the singular and
 * the plural of a word meet (`تاشيره` and `تاشيرات` → `تاشير`, `فعاليه` and `فعاليات` → `فعال`). Suffixes only:
 * a stem is a prefix of the word, so a stem matched by prefix also marks the word as written. Other words unchanged.
 */
export function lightStem(word: string): string {
  if (!ARABIC_WORD.test(word)) return word;
  let w = word;
  const cut = (suffix: string) => {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) w = w.slice(0, -suffix.length);
  };
  cut('ات');
  cut('يه');
  cut('ه');
  cut('ي');
  return w;
}

/**
 * The search words of a text, normalised, without the article and lightly stemmed (`lightStem`), in order
 * (duplicates kept). The same function makes a stored search document and the words of a query.
 */
export function searchWords(text: string): string[] {
  const out: string[] = [];
  for (const m of normalizeText(text).matchAll(WORD)) {
    const w = lightStem(withoutArticle(m[0]));
    if (w) out.push(w);
  }
  return out;
}

/** The conjunction و written onto an Arabic word, with at least three letters after it. */
const CONJUNCTION = /^و(?=[\u0620-\u064a]{3,}$)/;

/**
 * The words of a stored search document: `searchWords`, plus each word that begins with the conjunction و once
 * more without it (`ومعايير` is found by `معايير`, while a query `وزاره` still asks for that word as written).
 */
export function documentWords(text: string): string[] {
  const out: string[] = [];
  for (const w of searchWords(text)) {
    out.push(w);
    if (CONJUNCTION.test(w)) out.push(w.slice(1));
  }
  return out;
}

/**
 * The words a user typed, for a query: as `searchWords` makes them, each once, at most `max` (a longer
 * query adds nothing a user would notice and costs the database more).
 */
export function queryWords(query: string, max = 8): string[] {
  return [...new Set(searchWords(query))].slice(0, max);
}
