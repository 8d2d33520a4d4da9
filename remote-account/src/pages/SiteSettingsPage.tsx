import { Box, Button, Card, Heading, HStack, notify, SimpleGrid, Stack, Text, useLoad } from '@bawaba/shared';
import { BoSetting, type BoSettingPatch, SITE_SETTINGS_CHANGED } from '@bawaba/shared/contracts';
import { TextField } from '@bawaba/shared/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../api.ts';
import { LoadFailed, Loading, PageTitle } from '../components/ui.tsx';

type Field = keyof BoSetting;

/** The fields a save sends: only those the admin changed (another admin's change to the others stays). */
export function changedFields(
  values: BoSetting,
  dirty: Partial<Record<Field, boolean | undefined>>,
): BoSettingPatch {
  return Object.fromEntries(Object.entries(values).filter(([key]) => dirty[key as Field])) as BoSettingPatch;
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function SettingsForm({ initial }: { initial: BoSetting }) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, dirtyFields, isDirty },
  } = useForm<BoSetting>({
    resolver: valibotResolver(BoSetting),
    defaultValues: initial,
    mode: 'onTouched',
  });

  const save = handleSubmit(async (values) => {
    try {
      const saved = await api.saveSiteSettings(changedFields(values, dirtyFields));
      reset(saved);
      // The shell's footer and contact page show the new values without a reload.
      window.dispatchEvent(new CustomEvent(SITE_SETTINGS_CHANGED, { detail: saved }));
      notify.success(t`Site settings saved`);
    } catch {
      // Shown by the shell; the values stay for another try.
    }
  });

  const url = (name: Field, label: ReactNode) => (
    <TextField
      label={label}
      type="url"
      dir="ltr"
      placeholder="https://"
      error={errors[name]}
      testId={`settings-${name}`}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={save} noValidate data-testid="site-settings-form">
      <Stack gap="8">
        <Section title={<Trans>Contact details</Trans>}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              label={<Trans>Email</Trans>}
              type="email"
              dir="ltr"
              required
              error={errors.email}
              testId="settings-email"
              {...register('email')}
            />
            <TextField
              label={<Trans>Phone</Trans>}
              type="tel"
              dir="ltr"
              error={errors.phone}
              testId="settings-phone"
              {...register('phone')}
            />
            <TextField
              label={<Trans>Address (English)</Trans>}
              lang="en"
              dir="ltr"
              multiline
              rows={2}
              error={errors.addressEn}
              testId="settings-addressEn"
              {...register('addressEn')}
            />
            <TextField
              label={<Trans>Address (Arabic)</Trans>}
              lang="ar"
              dir="rtl"
              multiline
              rows={2}
              error={errors.addressAr}
              testId="settings-addressAr"
              {...register('addressAr')}
            />
            <TextField
              label={<Trans>Working hours (English)</Trans>}
              lang="en"
              dir="ltr"
              error={errors.workingHoursEn}
              testId="settings-workingHoursEn"
              {...register('workingHoursEn')}
            />
            <TextField
              label={<Trans>Working hours (Arabic)</Trans>}
              lang="ar"
              dir="rtl"
              error={errors.workingHoursAr}
              testId="settings-workingHoursAr"
              {...register('workingHoursAr')}
            />
          </SimpleGrid>
        </Section>
        <Section title={<Trans>Social links</Trans>}>
          <Text color="fg.muted" fontSize="sm" mt="-2">
            <Trans>The footer shows an icon for each link; leave one empty to hide it.</Trans>
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {url('facebook', 'Facebook')}
            {url('twitter', 'X (Twitter)')}
            {url('linkedin', 'LinkedIn')}
            {url('instagram', 'Instagram')}
            {url('youtube', 'YouTube')}
          </SimpleGrid>
        </Section>
        <HStack gap="3">
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSubmitting}
            disabled={!isDirty}
            data-testid="settings-save"
          >
            <Trans>Save settings</Trans>
          </Button>
          <Button type="button" variant="ghost" disabled={!isDirty} onClick={() => reset()}>
            <Trans>Discard changes</Trans>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** /account/site-settings (admins) — the contact details and social links the footer and contact page show. */
export default function SiteSettingsPage() {
  const settings = useLoad('site-settings', api.siteSettings);
  return (
    <Box data-testid="account-page-site-settings">
      <PageTitle>
        <Trans>Site settings</Trans>
      </PageTitle>
      <Text color="fg.muted" mb="6">
        <Trans>
          The contact details and social links shown in the site's footer and on the Contact us page.
        </Trans>
      </Text>
      {settings.loading && !settings.data ? (
        <Loading />
      ) : settings.failed && !settings.data ? (
        <LoadFailed onRetry={settings.reload} />
      ) : settings.data ? (
        <Card.Root>
          <Card.Body>
            <SettingsForm initial={settings.data} />
          </Card.Body>
        </Card.Root>
      ) : null}
    </Box>
  );
}
