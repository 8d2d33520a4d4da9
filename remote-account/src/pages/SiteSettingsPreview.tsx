import { Box, Heading, SimpleGrid, Stack, Text, useLoad } from '@bawaba/shared';
import type { BoSetting, Service } from '@bawaba/shared/contracts';
import { ContactLines, footerServices, SocialLinks } from '@bawaba/shared/site-contact';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { api } from '../api.ts';

const WEB_ADDRESS = /^https?:\/\//i;

/** Only web addresses become links in the preview: a half-typed or unsafe value is not clickable before it is saved. */
function withSafeLinks(values: BoSetting): BoSetting {
  const safe = (url: string) => (WEB_ADDRESS.test(url) ? url : '');
  return {
    ...values,
    facebook: safe(values.facebook),
    twitter: safe(values.twitter),
    linkedin: safe(values.linkedin),
    instagram: safe(values.instagram),
    youtube: safe(values.youtube),
  };
}

function serviceName(service: Service, language: 'en' | 'ar') {
  return language === 'ar' ? service.nameAr || service.nameEn : service.nameEn || service.nameAr;
}

/** The footer's contact column, social links and services as a site in `language` would show them. */
function FooterSample({
  settings,
  services,
  language,
  title,
}: {
  settings: BoSetting;
  services: Service[];
  language: 'en' | 'ar';
  title: ReactNode;
}) {
  const listed = footerServices(services, settings.footerServiceIds);
  return (
    <Stack gap="2">
      <Text fontWeight="semibold" fontSize="sm">
        {title}
      </Text>
      <Box
        lang={language}
        dir={language === 'ar' ? 'rtl' : 'ltr'}
        bg="brand.900"
        color="whiteAlpha.900"
        borderRadius="l2"
        p="5"
        fontSize="sm"
        data-testid={`settings-preview-${language}`}
      >
        <Stack gap="4">
          <SocialLinks settings={settings} />
          <ContactLines settings={settings} language={language} linkColor="whiteAlpha.900" gap="2" />
          <Stack gap="1" as="ul" listStyleType="none" data-testid={`settings-preview-services-${language}`}>
            {listed.map((service) => (
              <Box as="li" key={service.id} color="whiteAlpha.800">
                {serviceName(service, language)}
              </Box>
            ))}
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}

/**
 * A live preview of the values being edited, before they are saved: the footer's contact column, social links and
 * services as the English site and the Arabic site will show them (the Arabic site falls back to the English address
 * or hours when no Arabic one is set, as the footer does).
 */
export function SiteSettingsPreview({ control }: { control: Control<BoSetting> }) {
  const values = useWatch({ control }) as BoSetting;
  const services = useLoad('services', api.services);
  const settings = withSafeLinks(values);
  const list = services.data ?? [];
  return (
    <Stack gap="4" as="section" aria-labelledby="settings-preview-title" data-testid="settings-preview">
      <Heading as="h2" size="md" id="settings-preview-title">
        <Trans>Preview</Trans>
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FooterSample
          settings={settings}
          services={list}
          language="en"
          title={<Trans>The English site's footer</Trans>}
        />
        <FooterSample
          settings={settings}
          services={list}
          language="ar"
          title={<Trans>The Arabic site's footer</Trans>}
        />
      </SimpleGrid>
    </Stack>
  );
}
