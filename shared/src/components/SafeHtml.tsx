import { Box, type BoxProps } from '@chakra-ui/react';
import type { DOMPurify } from 'dompurify';
import { useEffect, useMemo, useState } from 'react';
import { useHydrating } from '../render/hydrating.ts';

// DOMPurify (~11 KB gzip) is fetched the first time rich text is shown, not with the shared singleton
// every page loads. Until it is there, nothing is rendered: never unsanitized HTML.
let purify: DOMPurify | undefined;
let loading: Promise<DOMPurify> | undefined;

/** The render server's sanitizer (sanitize-html with the stored rich text's own policy): set only on the server. */
let serverSanitize: ((html: string) => string) | undefined;
/**
 * A server render has no DOM for DOMPurify: the render server sanitizes with sanitize-html and the policy the API
 * stores rich text by (shared/src/rules/rich-text.ts). The browser keeps the server's markup while hydrating and
 * sanitizes it again with DOMPurify as soon as that has loaded.
 */
export function sanitizeOnServerWith(sanitize: ((html: string) => string) | undefined): void {
  serverSanitize = sanitize;
}

/** Fetches the sanitizer (once); SafeHtml does it by itself, a page may call it early to save a beat. */
export function loadSanitizer(): Promise<DOMPurify> {
  loading ??= import('dompurify').then((m) => {
    purify = m.default;
    return m.default;
  });
  return loading;
}

/** Sanitize HTML for rendering (defence in depth: the API sanitizes rich text on write too). */
export async function sanitizeHtml(html: string): Promise<string> {
  return sanitizeWith(await loadSanitizer(), html);
}

function sanitizeWith(sanitizer: DOMPurify, html: string): string {
  return withOwnDirection(
    sanitizer.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }),
  );
}

/**
 * Every block of rich text takes the direction of its own text (`dir="auto"`): an English list item in an Arabic
 * description is laid out left to right with its marker beside it, not at the page's right edge. A list item decides
 * for what it holds, so blocks inside one keep no `dir` of their own (`auto` skips descendants that have one). A
 * `dir` the text already has is kept. Parsed in an inert template (nothing loads or runs).
 */
function withOwnDirection(html: string): string {
  if (typeof document === 'undefined' || !/<(p|li|h[1-6]|blockquote)\b/i.test(html)) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const block of template.content.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, blockquote')) {
    if (block.hasAttribute('dir')) continue;
    if (block.tagName !== 'LI' && block.parentElement?.closest('li')) continue;
    block.setAttribute('dir', 'auto');
  }
  return template.innerHTML;
}

/** Renders rich text (company descriptions…) through DOMPurify. */
export function SafeHtml({ html, ...props }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML'>) {
  const [sanitizer, setSanitizer] = useState<DOMPurify | undefined>(purify);
  useEffect(() => {
    if (sanitizer) return;
    let live = true;
    void loadSanitizer().then((loaded) => {
      if (live) setSanitizer(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [sanitizer]);
  // While hydrating, the server's sanitized markup stays as it is until DOMPurify is here (React leaves an element's
  // inner HTML alone when hydrating it); it is then replaced by DOMPurify's.
  const hydrating = useHydrating();
  const clean = useMemo(
    () => (serverSanitize ? serverSanitize(html) : sanitizer ? sanitizeWith(sanitizer, html) : ''),
    [sanitizer, html],
  );
  const busy = !serverSanitize && !sanitizer && !hydrating;
  return (
    <Box
      className="bawaba-rich-text"
      css={{
        // Each block takes the direction of its own text (English paragraphs on an Arabic page and vice versa).
        '& p, & li, & h1, & h2, & h3, & h4, & blockquote': { unicodeBidi: 'plaintext', textAlign: 'start' },
        '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', fontSize: 'lg', mt: '3', mb: '2' },
        '& p': { mb: '2' },
        // Room for the marker on both sides: each item puts it on its own start side.
        '& ul, & ol': { px: '6', mb: '2' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
      }}
      aria-busy={busy ? true : undefined}
      {...props}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
