import {
  Alert,
  Box,
  Button,
  Card,
  CompanyLogo,
  CompanyStatusBadge,
  chakra,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Span,
  Stack,
  showPopup,
  Text,
  translateMessage,
  useLoad,
  useNavigate,
  useSessionStore,
} from '@bawaba/shared';
import { Fieldset } from '@bawaba/shared/chakra-extra';
import { type Company, CompanyBody, NAME_IN_ONE_LANGUAGE } from '@bawaba/shared/contracts';
import { FileUpload, FormField } from '@bawaba/shared/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { api } from '../api.ts';
import { CategoryTree } from '../components/CategoryTree.tsx';
import { LocationOptions } from '../components/LocationOptions.tsx';
import { PageLoading } from './CompanyPage.tsx';
import {
  CompanyTextFields,
  type CompanyFormOutput as Output,
  type CompanyFormValues as Values,
} from './parts/CompanyTextFields.tsx';

const valuesOf = (c: Company | null | undefined): Values => ({
  nameEn: c?.nameEn ?? '',
  nameAr: c?.nameAr ?? '',
  descriptionEn: c?.descriptionEn ?? '',
  descriptionAr: c?.descriptionAr ?? '',
  logoFileId: undefined,
  website_url: c?.website_url ?? '',
  facebook: c?.facebook ?? '',
  twitter: c?.twitter ?? '',
  linkedin: c?.linkedin ?? '',
  google: c?.google ?? '',
  skype: c?.skype ?? '',
  locationId: c?.location?.id ?? null,
  serviceIds: c?.services.map((s) => s.id) ?? [],
});

const LINK_FIELDS = [
  { key: 'website_url', label: 'Website' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'google', label: 'Google' },
] as const;

function RegisterForm({ mine }: { mine: Company | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const language = useSessionStore((s) => s.language);
  const categories = useLoad(`categories|${language}`, api.categories);
  const locations = useLoad(`locations|${language}`, api.locations);
  const [logoUrl, setLogoUrl] = useState<string | null>(mine?.logo_url ?? null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<Values, unknown, Output>({
    resolver: async (values, context, options) => {
      const result = await valibotResolver(CompanyBody)(values, context, options);
      // A name in at least one language: the API refuses a company without.
      if (values.nameEn?.trim() || values.nameAr?.trim()) return result;
      return {
        values: {},
        errors: { ...result.errors, nameEn: { type: 'required', message: NAME_IN_ONE_LANGUAGE } },
      };
    },
    mode: 'onTouched',
    defaultValues: valuesOf(mine),
  });
  const { register, handleSubmit, formState, watch, setValue } = form;
  const { errors, isSubmitting } = formState;
  const errorOf = (field: FieldPath<Values>) =>
    translateMessage((errors as Record<string, { message?: string } | undefined>)[field]?.message);
  const serviceIds = watch('serviceIds') ?? [];

  const onValid = async (body: Output) => {
    const saved = await api.saveMyCompany(body);
    navigate(`/company-profile/${saved.id}`);
    void showPopup({
      kind: 'success',
      title: t`Company submitted`,
      text: t`Your company will be listed in the directory once an administrator approves it.`,
      confirmLabel: t`OK`,
    });
  };

  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="5"
      noValidate
      data-testid="company-register-form"
      onSubmit={(e) => {
        e.preventDefault();
        handleSubmit(onValid)().catch(() => undefined);
      }}
    >
      <CompanyTextFields form={form} errorOf={errorOf} />

      <FormField label={<Trans>Logo</Trans>}>
        <HStack gap="4">
          <CompanyLogo url={logoUrl} name={t`Company logo`} size="20" />
          <Stack gap="2">
            <HStack align="start">
              <FileUpload
                purpose="logo"
                testId="logo"
                onBusyChange={setUploading}
                onUploaded={(uploaded) => {
                  setValue('logoFileId', uploaded.id, { shouldDirty: true });
                  setLogoUrl(uploaded.url);
                }}
                successMessage={t`Logo uploaded`}
              >
                {logoUrl ? <Trans>Change logo</Trans> : <Trans>Upload logo</Trans>}
              </FileUpload>
              {logoUrl && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setValue('logoFileId', null, { shouldDirty: true });
                    setLogoUrl(null);
                  }}
                >
                  <Trans>Remove logo</Trans>
                </Button>
              )}
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              <Trans>PNG, JPG, JPEG, GIF or WEBP.</Trans>
            </Text>
          </Stack>
        </HStack>
      </FormField>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {LINK_FIELDS.map(({ key, label }) => (
          <FormField key={key} label={key === 'website_url' ? t`Website` : label} error={errorOf(key)}>
            <Input {...register(key)} type="url" dir="ltr" placeholder="https://" />
          </FormField>
        ))}
        <FormField label="Skype" error={errorOf('skype')}>
          <Input {...register('skype')} dir="ltr" maxLength={100} />
        </FormField>
      </SimpleGrid>

      <FormField label={<Trans>Location</Trans>}>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={watch('locationId') == null ? '' : String(watch('locationId'))}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValue('locationId', value ? Number(value) : null, { shouldDirty: true });
            }}
          >
            <LocationOptions locations={locations.data} emptyLabel={t`Choose a location`} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>

      {/* A fieldset, not a Field: checkboxes inside a Field would share the field's one input id. */}
      <Fieldset.Root invalid={Boolean(errorOf('serviceIds'))}>
        <Fieldset.Legend>
          <Trans>Services you offer</Trans>{' '}
          <Span color="fg.error" aria-hidden="true">
            *
          </Span>
        </Fieldset.Legend>
        <Box w="full" borderWidth="1px" borderRadius="md" p="2" maxH="96" overflowY="auto">
          <CategoryTree
            categories={categories.data ?? []}
            selected={serviceIds}
            onChange={(ids) =>
              setValue('serviceIds', ids, { shouldDirty: true, shouldTouch: true, shouldValidate: true })
            }
          />
        </Box>
        <Fieldset.ErrorText>{errorOf('serviceIds')}</Fieldset.ErrorText>
      </Fieldset.Root>

      <HStack>
        <Button type="submit" colorPalette="brand" loading={isSubmitting} disabled={uploading}>
          {mine ? <Trans>Save and submit for approval</Trans> : <Trans>Register company</Trans>}
        </Button>
      </HStack>
    </chakra.form>
  );
}

/**
 * /company-register: registers my company, or edits the company my session acts for (pre-filled; its
 * administrators only). Saving sends
 * it to an administrator for approval (status pending) — the directory lists approved companies only.
 */
export function CompanyRegisterPage() {
  const isAdmin = useSessionStore((s) => Boolean(s.user?.isAdmin));
  const language = useSessionStore((s) => s.language);
  const mine = useLoad(`mine|${language}`, api.myCompany, !isAdmin);
  const [formKey, setFormKey] = useState<string | null>(null);
  // Mount the form once with the first answer (a later language reload must not wipe what was typed).
  useEffect(() => {
    if (formKey === null && !mine.loading && !mine.failed && mine.data !== undefined)
      setFormKey(String(mine.data?.id ?? 'new'));
  }, [formKey, mine.loading, mine.failed, mine.data]);
  return (
    <Stack gap="6" maxW="4xl" data-testid="company-register">
      <Stack gap="2">
        <Heading as="h1" size="xl">
          {mine.data ? <Trans>Edit your company</Trans> : <Trans>Register your company</Trans>}
        </Heading>
        {mine.data && (
          <HStack>
            <Text>
              <Trans>Current status:</Trans>
            </Text>
            <CompanyStatusBadge status={mine.data.status} size="lg" />
          </HStack>
        )}
      </Stack>
      {isAdmin ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>Administrator accounts cannot register a company.</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : mine.failed && formKey === null ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>Your company could not be loaded.</Trans>
          </Alert.Title>
          <Button size="sm" variant="outline" onClick={mine.reload}>
            <Trans>Retry</Trans>
          </Button>
        </Alert.Root>
      ) : formKey === null ? (
        <PageLoading />
      ) : mine.data && !mine.data.canEdit ? (
        <Alert.Root status="info" data-testid="company-edit-admins-only">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>Only your company’s administrators can edit its profile.</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : (
        <Card.Root variant="outline">
          <Card.Body>
            <RegisterForm key={formKey} mine={mine.data ?? null} />
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
