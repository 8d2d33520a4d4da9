import { Input, intlLocale, Stack, Text, Textarea, useSessionStore } from '@bawaba/shared';
import { FileUpload, FormField } from '@bawaba/shared/forms';
import { useLingui } from '@lingui/react/macro';
import { useFormContext, useWatch } from 'react-hook-form';
import type { FileInfo } from '../../rules/draft.ts';
import { DESCRIPTION_MAX, type ProposalForm, WIZARD_ACCEPT } from '../../rules/proposal.ts';
import { useFieldError } from './useFieldError.ts';

interface Props {
  files: Record<string, FileInfo>;
  onFile(file: FileInfo): void;
}

/** Step 0: title, description (with the '0/2000 characters' counter) and the supporting document. */
export function BasicInfoStep({ files, onFile }: Props) {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const { register, setValue } = useFormContext<ProposalForm>();
  const errorOf = useFieldError<ProposalForm>();
  const description = useWatch<ProposalForm, 'description'>({ name: 'description' }) ?? '';
  const attachment = useWatch<ProposalForm, 'attachment'>({ name: 'attachment' });
  const current = attachment
    ? [files[attachment] ?? { id: attachment, name: t`Uploaded document`, size: 0 }]
    : [];
  // '0/2000 characters' (docs/product-spec.md §2): the locale's digits, no thousands separator.
  const digits = new Intl.NumberFormat(intlLocale(language), { useGrouping: false });
  const count = digits.format(Array.from(description).length);
  const max = digits.format(DESCRIPTION_MAX);

  return (
    <Stack gap="5" data-testid="step-basic">
      <FormField label={t`Proposal title`} error={errorOf('title')} required>
        <Input {...register('title')} maxLength={200} placeholder={t`e.g. CCTV supply and installation`} />
      </FormField>
      <FormField label={t`Proposal description`} error={errorOf('description')} required>
        <Textarea {...register('description')} rows={6} maxLength={DESCRIPTION_MAX} />
        <Text fontSize="xs" color="fg.muted" alignSelf="flex-end" data-testid="description-counter">
          {t`${count}/${max} characters`}
        </Text>
      </FormField>
      <FormField label={t`Supporting document`} error={errorOf('attachment')} required>
        <input type="hidden" {...register('attachment')} />
        <FileUpload
          testId="attachment-upload"
          variant="list"
          purpose="proposal-attachment"
          accept={WIZARD_ACCEPT}
          files={current}
          invalid={Boolean(errorOf('attachment'))}
          hint={t`PDF, Word, Excel, JPG, PNG, max 50MB each`}
          successMessage={t`File uploaded successfully`}
          failureMessage={t`File upload failed`}
          onUploaded={(file) => {
            onFile(file);
            setValue('attachment', file.id, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
          }}
          onRemove={() =>
            setValue('attachment', '', { shouldValidate: true, shouldTouch: true, shouldDirty: true })
          }
        >
          {t`Choose file`}
        </FileUpload>
      </FormField>
    </Stack>
  );
}
