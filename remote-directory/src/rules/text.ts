/** Plain text of an HTML fragment (card summaries). DOMParser documents never run scripts or load images. */
export function htmlToText(html: string): string {
  // A space before every tag keeps the words of adjacent blocks (<h2>…</h2><p>…</p>) apart.
  const spaced = html.replace(/</g, ' <');
  const text =
    typeof DOMParser === 'undefined'
      ? spaced.replace(/<[^>]*>/g, ' ')
      : (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '');
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?،])/g, '$1')
    .trim();
}
