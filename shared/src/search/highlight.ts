import { normalizeText, WORD, withoutArticle } from './normalize.ts';

/** A piece of a shown text (`at`: where it starts): `hit` when it is a word the search matched. */
export type HighlightPart = { text: string; hit: boolean; at: number };

/**
 * A shown text cut into the words a search matched and the rest, by the search's own rule: a word matches when its
 * normalised form without the article (or the conjunction و) begins with one of the query's words (`queryWords` of
 * ./normalize.ts: light stems are prefixes of their words), so `التَّقييم` in a title is marked for the query `تقييم`
 * and `Doha` for `doha`. The parts joined give the text back.
 */
export function highlightParts(text: string, words: readonly string[]): HighlightPart[] {
  if (words.length === 0 || !text) return [{ text, hit: false, at: 0 }];
  const parts: HighlightPart[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    const folded = withoutArticle(normalizeText(m[0]));
    const bare = folded.startsWith('و') ? folded.slice(1) : folded;
    if (!words.some((w) => folded.startsWith(w) || bare.startsWith(w))) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index), hit: false, at: last });
    parts.push({ text: m[0], hit: true, at: m.index });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hit: false, at: last });
  return parts;
}
