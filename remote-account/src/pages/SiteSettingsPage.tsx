import { Box, Button, Card, Heading, HStack, notify, SimpleGrid, Stack, Text, useLoad } from '@bawaba/shared';
import { Checkbox, Tag, Wrap } from '@bawaba/shared/chakra-extra';
import { BoSetting, type BoSettingPatch, SITE_SETTINGS_CHANGED } from '@bawaba/shared/contracts';
import { FormError, TextField } from '@bawaba/shared/forms';
import { LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { api } from '../api.ts';
import { SiteSettingsPreview } from './SiteSettingsPreview.tsx';

type Field = keyof BoSetting;

/** The fields a save sends: those that differ from `base` (another admin's change to the others stays). */
function changedFields(values: BoSetting, base: BoSetting): BoSettingPatch {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(base[key as Field]),
    ),
  ) as BoSettingPatch;
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

/** The footer lists at most this many services (the contract's limit). */
const FOOTER_SERVICES_MAX = 8;

/** Toggles `id` in the chosen list: added at the end (the footer's order), or removed. */
function toggleService(chosen: readonly number[], id: number): number[] {
  return chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id];
}

/** The services of the catalogue, by category, to choose the footer's from (in the order chosen). */
function FooterServicePicker({ value, onChange }: { value: number[]; onChange: (next: number[]) => void }) {
  const { t } = useLingui();
  const categories = useLoad('categories', api.categories);
  const names = new Map(
    (categories.data ?? []).flatMap((c) => c.services.map((s) => [s.id, s.name] as const)),
  );
  const full = value.length >= FOOTER_SERVICES_MAX;
  if (categories.loading && !categories.data) return <Loading />;
  if (categories.failed && !categories.data) return <LoadFailed onRetry={categories.reload} />;
  return (
    <Stack gap="3">
      <Text fontSize="sm" data-testid="footer-services-chosen">
        {value.length ? (
          <Trans>
            {value.length} of {FOOTER_SERVICES_MAX} chosen, listed in this order:
          </Trans>
        ) : (
          <Trans>
            None chosen: the footer lists the first {FOOTER_SERVICES_MAX} services of the catalogue.
          </Trans>
        )}
      </Text>
      {value.length ? (
        <Wrap gap="2">
          {value.map((id) => (
            <Tag.Root key={id} size="md">
              <Tag.Label>{names.get(id) ?? `#${id}`}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={t`Remove ${names.get(id) ?? id}`}
                  onClick={() => onChange(toggleService(value, id))}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      ) : null}
      <Box maxH="64" overflowY="auto" borderWidth="1px" borderRadius="md" p="3">
        <Stack gap="3">
          {(categories.data ?? []).map((category) => (
            <Stack key={category.id} gap="1" role="group" aria-label={category.name}>
              <Text fontWeight="semibold" fontSize="sm">
                {category.name}
              </Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="1">
                {category.services.map((service) => {
                  const checked = value.includes(service.id);
                  return (
                    <Checkbox.Root
                      key={service.id}
                      size="sm"
                      checked={checked}
                      disabled={!checked && full}
                      onCheckedChange={() => onChange(toggleService(value, service.id))}
                      data-testid={`footer-service-${service.id}`}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{service.name}</Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}

function SettingsForm({ initial }: { initial: BoSetting }) {
  const { t } = useLingui();
  // What the form started from (the last saved values): a save sends only what differs.
  const base = useRef(initial);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BoSetting>({
    resolver: valibotResolver(BoSetting),
    defaultValues: initial,
    mode: 'onTouched',
  });

  const save = handleSubmit(async (values) => {
    try {
      const saved = await api.saveSiteSettings(changedFields(values, base.current));
      base.current = saved;
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
        <Section title={<Trans>Footer services</Trans>}>
          <Controller
            control={control}
            name="footerServiceIds"
            render={({ field }) => <FooterServicePicker value={field.value} onChange={field.onChange} />}
          />
          <FormError error={errors.footerServiceIds} />
        </Section>
        <SiteSettingsPreview control={control} />
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

/**
 * /account/site-settings (admins) — the contact details, social links and services the footer and contact page
 * show.
 */
export default function SiteSettingsPage() {
  const settings = useLoad('site-settings', api.siteSettings);
  return (
    <Box data-testid="account-page-site-settings">
      <PageTitle>
        <Trans>Site settings</Trans>
      </PageTitle>
      <Text color="fg.muted" mb="6">
        <Trans>
          The contact details, social links and services shown in the site's footer and on the Contact us
          page.
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
