import { Box, type BoxProps } from '@chakra-ui/react';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Sanitize HTML for rendering (defence in depth: the API sanitizes rich text on write too). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}

/** Renders rich text (company descriptions…) through DOMPurify. */
export function SafeHtml({ html, ...props }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML'>) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      className="bawaba-rich-text"
      css={{
        // Each block takes the direction of its own text (English paragraphs on an Arabic page and vice versa).
        '& p, & li, & h1, & h2, & h3, & blockquote': { unicodeBidi: 'plaintext', textAlign: 'start' },
        '& h1, & h2, & h3': { fontWeight: 'semibold', fontSize: 'lg', mt: '3', mb: '2' },
        '& p': { mb: '2' },
        '& ul, & ol': { ps: '6', mb: '2' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
      }}
      {...props}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
