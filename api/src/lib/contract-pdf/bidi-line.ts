import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';

/** A text's own direction: its first strong character's (Unicode's rule P2–P3), `fallback` when it has none. */
export function directionOf(text: string, fallback: Direction): Direction {
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === 'L') return 'ltr';
    if (type === 'R' || type === 'AL') return 'rtl';
  }
  return fallback;
}

/** One piece of a line, drawn left to right in this order: its text in logical order, shaped on its own. */
export interface VisualRun {
  text: string;
  /** Right to left: the shaper lays the run out from the right (Arabic letters join, glyphs come out reversed). */
  rtl: boolean;
  font: string;
}

/**
 * A line of text as pieces in visual (left-to-right) order, by the Unicode bidirectional algorithm (bidi-js):
 * each piece has one direction and one font, so each is shaped on its own and drawn after the previous one.
 * `base`: the paragraph's direction. `fontOf` names the font that draws a
 * character (given the previous character's); a change of font starts a new piece. Brackets are not mirrored here: the shaper mirrors them in the
 * right-to-left pieces it lays out (see `mirror` for the others).
 */
export function visualRuns(
  line: string,
  base: Direction,
  fontOf: (char: string, previous: string | undefined) => string,
): VisualRun[] {
  if (line === '') return [];
  // Each character's font, chosen in reading order (a space may keep the font of the word before it).
  const fontAt: string[] = [];
  let previous: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const code = line.codePointAt(i) ?? 0;
    previous = fontOf(String.fromCodePoint(code), previous);
    fontAt[i] = previous;
    if (code > 0xffff) i++;
  }
  const embedding = bidi.getEmbeddingLevels(line, base);
  const levels = embedding.levels;
  // Visual order of the string's UTF-16 indices: reverse each segment the algorithm names, in its order.
  const order = Array.from({ length: line.length }, (_, i) => i);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(line, embedding)) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }
  const runs: VisualRun[] = [];
  // Characters (code points: index and text) of the piece being collected, in visual order.
  let current: { chars: { index: number; text: string }[]; rtl: boolean; font: string } | null = null;
  const flush = () => {
    if (!current) return;
    // A right-to-left piece was collected in visual order: the shaper takes it back in logical order.
    const logical = current.rtl ? [...current.chars].reverse() : current.chars;
    const text = logical.map((c) => c.text).join('');
    runs.push({ text, rtl: current.rtl, font: current.font });
    current = null;
  };
  for (const index of order) {
    const code = line.codePointAt(index) ?? 0;
    // The second half of a surrogate pair is part of the character its first half starts.
    if (code >= 0xdc00 && code <= 0xdfff && index > 0 && (line.codePointAt(index - 1) ?? 0) > 0xffff)
      continue;
    const text = String.fromCodePoint(code);
    // Direction marks and embeddings have done their work in the algorithm; a font has nothing to draw for them.
    if (BIDI_CONTROLS.test(text)) continue;
    const rtl = ((levels[index] ?? 0) & 1) === 1;
    const font = fontAt[index] ?? '';
    const previous = current?.chars.at(-1);
    const adjacent =
      previous !== undefined &&
      (rtl ? previous.index === index + text.length : previous.index + previous.text.length === index);
    if (!current || current.rtl !== rtl || current.font !== font || !adjacent) {
      flush();
      current = { chars: [], rtl, font };
    }
    current.chars.push({ index, text });
  }
  flush();
  return runs;
}

const BIDI_CONTROLS = /^[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]$/;

/** A character's mirror image (brackets, less-than…) for right-to-left display; itself when it has none. */
export const mirror = (char: string): string => bidi.getMirroredCharacter(char) ?? char;
