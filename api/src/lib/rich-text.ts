import { RICH_TEXT_SANITIZE_OPTIONS } from '@bawaba/shared/rules';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich-text descriptions (a company's, a tender's, an amendment's changed description) are stored sanitized: safe to
 * render as HTML, by the policy the render server applies too (shared/src/rules/rich-text.ts).
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_SANITIZE_OPTIONS);
}
