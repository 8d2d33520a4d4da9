import { Button, Card, Heading, Input, NativeSelect, notify, Stack, Text } from '@bawaba/shared';
import { CREDENTIAL_KINDS, CredentialBody } from '@bawaba/shared/contracts';
import { FormField } from '@bawaba/shared/forms';
import { CREDENTIAL_KIND_LABELS } from '@bawaba/shared/kit';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../api.ts';
import { FilePick } from '../../components/FilePick.tsx';

type Values = CredentialBody;

/** Upload a credential of the active company: its kind, number or title, issuer, dates and document. */
export function CredentialForm({ onUploaded }: { onUploaded: () => void }) {
  const { t, i18n } = useLingui();
  const [fileName, setFileName] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: valibotResolver(CredentialBody),
    mode: 'onTouched',
    defaultValues: {
      kind: 'commercial_registration',
      title: '',
      issuer: '',
      issuedOn: '',
      expiresOn: '',
      fileId: '',
    },
  });

  const save = handleSubmit(async (body) => {
    try {
      await api.uploadCredential(body);
      notify.success(t`Credential uploaded`, t`An administrator of Bawaba will verify it.`);
      reset();
      setFileName(null);
      onUploaded();
    } catch {
      // The shell shows the server's reason (an expired credential, a document not found).
    }
  });

  return (
    <Card.Root data-testid="credential-form">
      <Card.Body>
        <Heading as="h2" size="md" mb="3">
          <Trans>Upload a credential</Trans>
        </Heading>
        <form onSubmit={(e) => void save(e)} noValidate aria-label={t`Upload a credential`}>
          <Stack gap="4">
            <FormField label={<Trans>Kind</Trans>} error={errors.kind?.message} required>
              <NativeSelect.Root maxW="sm">
                <NativeSelect.Field {...register('kind')} data-testid="credential-kind">
                  {CREDENTIAL_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {i18n._(CREDENTIAL_KIND_LABELS[k])}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={<Trans>Number or title</Trans>} error={errors.title?.message} required>
              <Input dir="auto" {...register('title')} data-testid="credential-title-input" />
            </FormField>
            <FormField label={<Trans>Issued by</Trans>} error={errors.issuer?.message} required>
              <Input dir="auto" {...register('issuer')} data-testid="credential-issuer" />
            </FormField>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <FormField label={<Trans>Issue date</Trans>} error={errors.issuedOn?.message} required>
                <Input type="date" {...register('issuedOn')} data-testid="credential-issued" />
              </FormField>
              <FormField label={<Trans>Expiry date</Trans>} error={errors.expiresOn?.message} required>
                <Input type="date" {...register('expiresOn')} data-testid="credential-expires" />
              </FormField>
            </Stack>
            <FormField label={<Trans>Document (PDF or image)</Trans>} error={errors.fileId?.message} required>
              <Stack gap="2" align="start">
                <FilePick
                  purpose="credential-document"
                  testId="credential-file"
                  onBusyChange={setUploading}
                  onUploaded={(f) => {
                    setValue('fileId', f.id, { shouldValidate: true });
                    setFileName(f.name);
                  }}
                >
                  <Trans>Choose the document</Trans>
                </FilePick>
                {fileName && (
                  <Text fontSize="sm" dir="auto" data-testid="credential-file-name">
                    {fileName}
                  </Text>
                )}
              </Stack>
            </FormField>
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="start"
              loading={isSubmitting}
              disabled={uploading}
              data-testid="credential-submit"
            >
              <Trans>Send for verification</Trans>
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
