import { Stack } from '@bawaba/shared';
import type { CompanyBody } from '@bawaba/shared/contracts';
import { BilingualDescription, TextVersionInputs } from '@bawaba/shared/rich-text';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import type * as v from 'valibot';

export type CompanyFormValues = v.InferInput<typeof CompanyBody>;
export type CompanyFormOutput = v.InferOutput<typeof CompanyBody>;

/**
 * The company's name and description in English and Arabic: the two names side by side (at least one), the
 * description in the rich-text editor, one language at a time in tabs (the page's language first).
 */
export function CompanyTextFields({
  form,
  errorOf,
}: {
  form: UseFormReturn<CompanyFormValues, unknown, CompanyFormOutput>;
  errorOf: (field: 'nameEn' | 'nameAr' | 'descriptionEn' | 'descriptionAr') => string | undefined;
}) {
  const { t } = useLingui();
  const nameField = (lang: 'en' | 'ar') => (lang === 'ar' ? 'nameAr' : 'nameEn');
  const descriptionField = (lang: 'en' | 'ar') => (lang === 'ar' ? 'descriptionAr' : 'descriptionEn');
  return (
    <Stack gap="5">
      <TextVersionInputs
        label={(lang) =>
          lang === 'ar' ? <Trans>Company name in Arabic</Trans> : <Trans>Company name in English</Trans>
        }
        error={(lang) => errorOf(nameField(lang))}
        input={(lang) => ({
          ...form.register(nameField(lang)),
          maxLength: 200,
          'data-testid': `company-${nameField(lang)}`,
        })}
      />
      <BilingualDescription
        label={t`Description`}
        helper={
          <Trans>
            Write it in English, in Arabic or in both. Headings, lists, bold and italic text and links: use
            the buttons above the text.
          </Trans>
        }
        initial={{ en: form.getValues('descriptionEn') ?? '', ar: form.getValues('descriptionAr') ?? '' }}
        error={(lang) => errorOf(descriptionField(lang))}
        onChange={(lang, html) =>
          form.setValue(descriptionField(lang), html, { shouldDirty: true, shouldValidate: true })
        }
        testId="company-description-editor"
      />
    </Stack>
  );
}
