import { Input, SimpleGrid, Stack, Textarea, useSessionStore } from '@bawaba/shared';
import { Tabs } from '@bawaba/shared/chakra-extra';
import type { CompanyBody, TextLang } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { textLangProps } from '@bawaba/shared/user-text';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type * as v from 'valibot';

/** The editor (tiptap + ProseMirror) is fetched only when a company form opens. */
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

export type CompanyFormValues = v.InferInput<typeof CompanyBody>;
export type CompanyFormOutput = v.InferOutput<typeof CompanyBody>;

/**
 * The company's name and description in English and Arabic: the two names side by side (at least one), the
 * description in the rich-text editor, one language at a time in tabs (the page's language first). Each field is
 * marked with its language, so Arabic is typed right to left on an English page too.
 */
export function CompanyTextFields({
  form,
  errorOf,
}: {
  form: UseFormReturn<CompanyFormValues, unknown, CompanyFormOutput>;
  errorOf: (field: 'nameEn' | 'nameAr' | 'descriptionEn' | 'descriptionAr') => string | undefined;
}) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  // The editors' starting descriptions: each editor keeps its own state from there.
  const [start] = useState(() => ({
    en: form.getValues('descriptionEn') ?? '',
    ar: form.getValues('descriptionAr') ?? '',
  }));
  const order: TextLang[] = language === 'ar' ? ['ar', 'en'] : ['en', 'ar'];
  const field = (lang: TextLang) => (lang === 'ar' ? 'descriptionAr' : 'descriptionEn');
  const tabLabel = (lang: TextLang) => (lang === 'ar' ? t`Arabic` : t`English`);
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {order.map((lang) => {
          const name = lang === 'ar' ? 'nameAr' : 'nameEn';
          return (
            <FormField
              key={lang}
              label={
                lang === 'ar' ? <Trans>Company name in Arabic</Trans> : <Trans>Company name in English</Trans>
              }
              error={errorOf(name)}
            >
              <Input
                {...form.register(name)}
                {...textLangProps(lang)}
                maxLength={200}
                data-testid={`company-${name}`}
              />
            </FormField>
          );
        })}
      </SimpleGrid>
      <FormField
        label={<Trans>Description</Trans>}
        error={errorOf('descriptionEn') ?? errorOf('descriptionAr')}
        helper={
          <Trans>
            Write it in English, in Arabic or in both. Headings, lists, bold and italic text and links: use
            the buttons above the text.
          </Trans>
        }
      >
        <Tabs.Root defaultValue={order[0]} variant="line" size="sm" w="full" lazyMount>
          <Tabs.List>
            {order.map((lang) => (
              <Tabs.Trigger key={lang} value={lang} data-testid={`description-tab-${lang}`}>
                {tabLabel(lang)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {order.map((lang) => (
            <Tabs.Content key={lang} value={lang} {...textLangProps(lang)}>
              <Suspense fallback={<Textarea rows={8} disabled aria-label={t`Description`} />}>
                <RichTextEditor
                  label={t`Description`}
                  value={start[lang]}
                  invalid={Boolean(errorOf(field(lang)))}
                  testId={lang === 'ar' ? 'company-description-editor-ar' : 'company-description-editor'}
                  onChange={(html) =>
                    form.setValue(field(lang), html, { shouldDirty: true, shouldValidate: true })
                  }
                />
              </Suspense>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </FormField>
    </Stack>
  );
}
