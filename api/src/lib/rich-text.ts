import sanitizeHtml from 'sanitize-html';

/**
 * Rich-text descriptions (a company's, a tender's, an amendment's changed description) are stored sanitized: safe to
 * render as HTML. What the editor produces survives (headings, lists, bold, italic, links); scripts, images, styles
 * and event handlers do not; links get rel/target so they open apart from the site.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'img'), 'h1', 'h2', 'u', 's'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  });
}
