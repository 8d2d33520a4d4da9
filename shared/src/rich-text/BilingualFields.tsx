import { Input, type InputProps, SimpleGrid, Textarea, useSessionStore } from '@bawaba/shared';
import { Tabs } from '@bawaba/shared/chakra-extra';
import { FormField } from '@bawaba/shared/forms';
import type { TextLang } from '@bawaba/shared/rules';
import { useLingui } from '@lingui/react/macro';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { textLangProps } from '../user-text/lang.ts';

/** The editor (tiptap + ProseMirror) is fetched only when a form with a description opens. */
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/** The page's language first: an Arabic reader writes the Arabic version first. */
function usePageOrder(): TextLang[] {
  const language = useSessionStore((s) => s.language);
  return language === 'ar' ? ['ar', 'en'] : ['en', 'ar'];
}

/**
 * The English and Arabic versions of a name or a title, side by side (the page's language first), each input marked
 * with its language, so Arabic is typed right to left on an English page too.
 */
export function TextVersionInputs({
  label,
  error,
  input,
}: {
  label: (lang: TextLang) => ReactNode;
  error: (lang: TextLang) => string | undefined;
  /** The input's props for one version (the form's `register(…)`, a test id). */
  input: (lang: TextLang) => InputProps & { 'data-testid'?: string };
}) {
  const order = usePageOrder();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {order.map((lang) => (
        <FormField key={lang} label={label(lang)} error={error(lang)}>
          <Input {...input(lang)} {...textLangProps(lang)} />
        </FormField>
      ))}
    </SimpleGrid>
  );
}

/**
 * A description in English and Arabic: the rich-text editor, one language at a time in tabs (the page's language
 * first), each marked with its language. `initial` is where the editors start (each keeps its own state from
 * there); `onChange` gets a version's HTML ('' when emptied). The editor's HTML is what the server's sanitizer keeps.
 */
export function BilingualDescription({
  label,
  helper,
  initial,
  onChange,
  error,
  testId,
}: {
  label: ReactNode;
  helper?: ReactNode;
  initial: Record<TextLang, string>;
  onChange: (lang: TextLang, html: string) => void;
  error: (lang: TextLang) => string | undefined;
  /** The editors' test ids: `<testId>` (English) and `<testId>-ar`; the tabs' `<testId>-tab-<lang>`. */
  testId: string;
}) {
  const { t } = useLingui();
  const order = usePageOrder();
  const [start] = useState(initial);
  const tabLabel = (lang: TextLang) => (lang === 'ar' ? t`Arabic` : t`English`);
  const name = typeof label === 'string' ? label : t`Description`;
  return (
    <FormField label={label} error={error('en') ?? error('ar')} helper={helper}>
      <Tabs.Root defaultValue={order[0]} variant="line" size="sm" w="full" lazyMount>
        <Tabs.List>
          {order.map((lang) => (
            <Tabs.Trigger key={lang} value={lang} data-testid={`${testId}-tab-${lang}`}>
              {tabLabel(lang)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {order.map((lang) => (
          <Tabs.Content key={lang} value={lang} {...textLangProps(lang)}>
            <Suspense fallback={<Textarea rows={8} disabled aria-label={name} />}>
              <RichTextEditor
                label={name}
                value={start[lang]}
                invalid={Boolean(error(lang))}
                testId={lang === 'ar' ? `${testId}-ar` : testId}
                onChange={(html) => onChange(lang, html)}
              />
            </Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </FormField>
  );
}
