import { Box, Button, HStack, Input, lineIcon, Span, Stack } from '@bawaba/shared';
import { useLingui } from '@lingui/react/macro';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useState } from 'react';

// Drawn icons, not characters: "1." reads ".1" in a right-to-left toolbar, and 🔗 is an empty box where no emoji font
// is installed.
const BulletListIcon = lineIcon(<path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />);
const NumberedListIcon = lineIcon(
  <path d="M10 6h10M10 12h10M10 18h10M4 4.5h1.5V9M4 9h3M4 14.5c.5-.7 1-1 1.7-1 .8 0 1.3.5 1.3 1.2 0 1.2-3 2.1-3 3.8h3" />,
);
const LinkIcon = lineIcon(
  <>
    <path d="M10 13a5 5 0 007.5.5l3-3a5 5 0 00-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 00-7.5-.5l-3 3a5 5 0 007 7l1.7-1.7" />
  </>,
);

/**
 * A list item takes the direction of its own text (an English item in an Arabic description and vice versa), so its
 * marker sits beside its text; paragraphs and headings do the same through `unicode-bidi: plaintext` below.
 */
const OWN_DIRECTION = { HTMLAttributes: { dir: 'auto' } };

/**
 * The rich-text editor of business-written descriptions (tiptap): headings, bullet and numbered lists, bold, italic and links, producing
 * the HTML the server's sanitizer keeps (p, h2–h4, ul/ol/li, strong, em, a with http/https/mailto links). Loaded
 * lazily (BilingualDescription), so no first page downloads it.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  invalid = false,
  testId,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  invalid?: boolean;
  testId?: string;
}) {
  const { t } = useLingui();
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        listItem: OWN_DIRECTION,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          defaultProtocol: 'https',
        },
      }),
    ],
    content: value,
    immediatelyRender: true,
    // The editor's own stylesheet would be an inline <style> without the page's nonce, which the Content Security
    // Policy refuses; the editor is styled by the form's own styles instead.
    injectCSS: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
        // Each paragraph takes the direction of its own text, as on the company page.
        dir: 'auto',
      },
    },
    // Empty paragraphs at the end are the editor's cursor room, not content.
    onUpdate: ({ editor: current }) =>
      onChange(current.isEmpty ? '' : current.getHTML().replace(/(<p><\/p>)+$/, '')),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (name: string, pressed: boolean, run: () => void, content: ReactNode) => (
    <Button
      type="button"
      size="xs"
      variant={pressed ? 'solid' : 'outline'}
      aria-pressed={pressed}
      title={name}
      onClick={run}
    >
      {/* The glyph is for the eye; the name is the button's text for assistive technology, so the two never
          disagree (axe: label-content-name-mismatch). */}
      <Span aria-hidden="true" dir="ltr" display="inline-flex">
        {content}
      </Span>
      <Span srOnly>{name}</Span>
    </Button>
  );
  const applyLink = () => {
    const url = href.trim();
    if (url === '') chain().extendMarkRange('link').unsetLink().run();
    else
      chain()
        .extendMarkRange('link')
        .setLink({ href: /^(https?:|mailto:)/i.test(url) ? url : `https://${url}` })
        .run();
    setLinkOpen(false);
  };

  return (
    <Stack gap="2">
      <HStack gap="1" wrap="wrap" role="toolbar" aria-label={t`Text formatting`}>
        {tool(t`Heading`, Boolean(active?.h2), () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {tool(t`Subheading`, Boolean(active?.h3), () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {tool(t`Bold`, Boolean(active?.bold), () => chain().toggleBold().run(), <b>B</b>)}
        {tool(t`Italic`, Boolean(active?.italic), () => chain().toggleItalic().run(), <i>I</i>)}
        {tool(
          t`Bulleted list`,
          Boolean(active?.bullet),
          () => chain().toggleBulletList().run(),
          <BulletListIcon />,
        )}
        {tool(
          t`Numbered list`,
          Boolean(active?.ordered),
          () => chain().toggleOrderedList().run(),
          <NumberedListIcon />,
        )}
        {tool(
          t`Link`,
          Boolean(active?.link),
          () => {
            setHref(String(editor.getAttributes('link').href ?? ''));
            setLinkOpen((open) => !open);
          },
          <LinkIcon />,
        )}
      </HStack>
      {linkOpen ? (
        <HStack gap="2">
          <Input
            size="sm"
            type="url"
            dir="ltr"
            placeholder="https://"
            aria-label={t`Link address`}
            value={href}
            onChange={(e) => setHref(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
            }}
          />
          <Button type="button" size="sm" onClick={applyLink}>
            {t`Apply`}
          </Button>
        </HStack>
      ) : null}
      <Box
        borderWidth="1px"
        borderColor={invalid ? 'border.error' : 'border'}
        borderRadius="l2"
        px="3"
        py="2"
        minH="40"
        css={{
          // What the editor's own stylesheet (not injected) gave: typed spaces and line ends kept, long words wrapped.
          '& .ProseMirror': {
            outline: 'none',
            minHeight: '9rem',
            position: 'relative',
            whiteSpace: 'break-spaces',
            overflowWrap: 'break-word',
            fontVariantLigatures: 'none',
          },
          '& .ProseMirror p, & .ProseMirror li, & .ProseMirror h2, & .ProseMirror h3, & .ProseMirror h4': {
            unicodeBidi: 'plaintext',
            textAlign: 'start',
          },
          '& .ProseMirror h2, & .ProseMirror h3, & .ProseMirror h4': {
            fontWeight: 'semibold',
            fontSize: 'lg',
          },
          // Room for the marker on both sides: each item puts it on its own start side.
          '& .ProseMirror ul': { listStyleType: 'disc', px: '6' },
          '& .ProseMirror ol': { listStyleType: 'decimal', px: '6' },
          '& .ProseMirror a': { color: 'brand.fg', textDecoration: 'underline' },
        }}
        _focusWithin={{ borderColor: 'brand.solid', boxShadow: '0 0 0 1px var(--chakra-colors-brand-solid)' }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Stack>
  );
}
