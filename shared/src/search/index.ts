/**
 * Search text normalisation and highlighting, one rule for the API (stored search documents, queries) and the front
 * ends (marking matched words): import from '@bawaba/shared/search' (a bundled entry: each app carries its copy);
 * the React part, `<Highlighted>`, from '@bawaba/shared/search/highlighted'.
 */
export { type HighlightPart, highlightParts } from './highlight.ts';
export { documentWords, normalizeText, queryWords, withoutArticle } from './normalize.ts';
