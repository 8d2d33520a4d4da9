/**
 * The only character references in stored rich text: sanitize-html (the API, on write) parses every reference and
 * writes back these four escapes alone (shared/src/rules/rich-text.ts).
 */
const ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * Plain text of stored rich text (card summaries): the tags dropped, the escapes read. The same steps on the server
 * and in the browser, so a page rendered on the server hydrates with the same text.
 */
export function htmlToText(html: string): string {
  // A space before every tag keeps the words of adjacent blocks (<h2>…</h2><p>…</p>) apart.
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot);/g, (reference) => ESCAPES[reference] ?? reference)
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?،])/g, '$1')
    .trim();
}
