import { highlightParts } from './highlight.ts';

/**
 * A shown text with the words a search matched in `<mark>` (the search's own normalisation, so a variant spelling
 * is marked too). Only the text: its element, language and direction are the caller's.
 */
export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  const parts = highlightParts(text, words);
  if (!parts.some((p) => p.hit)) return text;
  return parts.map((p) => (p.hit ? <mark key={p.at}>{p.text}</mark> : <span key={p.at}>{p.text}</span>));
}
