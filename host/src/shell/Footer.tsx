import {
  Box,
  Link as ChakraLink,
  Container,
  Heading,
  HStack,
  RouterLink as Link,
  SimpleGrid,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import type { BoSetting } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ComponentType, useEffect } from 'react';
import {
  ClockIcon,
  FacebookIcon,
  InstagramIcon,
  LinkedinIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  XTwitterIcon,
  YoutubeIcon,
} from './icons.tsx';
import { footerServices, loadSiteInfo, serviceSearchHref, useSiteInfo } from './site-info.ts';

type SocialKey = 'facebook' | 'twitter' | 'linkedin' | 'instagram' | 'youtube';

const SOCIAL: { key: SocialKey; label: string; Icon: ComponentType<{ boxSize?: string }> }[] = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'twitter', label: 'X (Twitter)', Icon: XTwitterIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedinIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'youtube', label: 'YouTube', Icon: YoutubeIcon },
];

/** Address and working hours in the page's language. */
export function localized(settings: BoSetting, language: 'en' | 'ar') {
  return {
    address: language === 'ar' ? settings.addressAr || settings.addressEn : settings.addressEn,
    hours: language === 'ar' ? settings.workingHoursAr || settings.workingHoursEn : settings.workingHoursEn,
  };
}

function FooterLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <ChakraLink asChild color="whiteAlpha.800" _hover={{ color: 'white' }}>
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

/**
 * The footer (docs/product-spec.md §2 Shell): site links, up to 8 service names leading to the directory with that keyword,
 * and the back-office contact details and social links.
 */
export function Footer() {
  const { t } = useLingui();
  const language = useSessionStore((s) => s.language);
  const settings = useSiteInfo((s) => s.settings);
  const services = useSiteInfo((s) => s.services);
  useEffect(() => {
    void loadSiteInfo(language);
  }, [language]);
  const local = settings ? localized(settings, language) : null;
  const listed = footerServices(services, settings?.footerServiceIds);
  const year = new Date().getFullYear();

  return (
    <Box as="footer" bg="brand.900" color="whiteAlpha.900" pt="12" pb="6" data-testid="site-footer">
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="8">
          <Stack gap="3">
            <Heading size="md" color="white">
              {t`Bawaba`}
            </Heading>
            <Text color="whiteAlpha.800" fontSize="sm">
              <Trans>The gateway to business services and tenders in Qatar.</Trans>
            </Text>
            <HStack gap="2" data-testid="footer-social">
              {settings
                ? SOCIAL.filter((s) => settings[s.key]).map(({ key, label, Icon }) => (
                    <ChakraLink
                      key={key}
                      href={settings[key]}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={label}
                      color="whiteAlpha.800"
                      _hover={{ color: 'white' }}
                      p="1.5"
                    >
                      <Icon boxSize="5" />
                    </ChakraLink>
                  ))
                : null}
            </HStack>
          </Stack>

          <Stack gap="2" as="nav" aria-label={t`Footer`}>
            <Heading size="sm" color="white">
              <Trans>Quick links</Trans>
            </Heading>
            <FooterLink to="/about">{t`About`}</FooterLink>
            {/* The spec's /services is the directory's route, /service. */}
            <FooterLink to="/service">{t`Services`}</FooterLink>
            {/* The spec also lists /portfolio, but the route table has no portfolio page (it would fall back
                to home): the link is left out rather than shown broken. */}
            <FooterLink to="/tender">{t`Tenders`}</FooterLink>
            <FooterLink to="/contact-us">{t`Contact us`}</FooterLink>
            <FooterLink to="/terms">{t`Terms`}</FooterLink>
          </Stack>

          <Stack gap="2" data-testid="footer-services">
            <Heading size="sm" color="white">
              <Trans>Services</Trans>
            </Heading>
            {listed.map((service) => (
              <FooterLink key={service.id} to={serviceSearchHref(service.name)}>
                {service.name}
              </FooterLink>
            ))}
          </Stack>

          <Stack gap="3" fontSize="sm" data-testid="footer-contact">
            <Heading size="sm" color="white">
              <Trans>Contact</Trans>
            </Heading>
            {settings && local ? (
              <>
                {local.address ? (
                  <HStack align="start" gap="2">
                    <MapPinIcon boxSize="4" mt="0.5" />
                    <Text>{local.address}</Text>
                  </HStack>
                ) : null}
                {settings.email ? (
                  <HStack gap="2">
                    <MailIcon boxSize="4" />
                    <ChakraLink href={`mailto:${settings.email}`} color="whiteAlpha.900">
                      {settings.email}
                    </ChakraLink>
                  </HStack>
                ) : null}
                {settings.phone ? (
                  <HStack gap="2">
                    <PhoneIcon boxSize="4" />
                    <ChakraLink
                      href={`tel:${settings.phone.replace(/\s+/g, '')}`}
                      color="whiteAlpha.900"
                      // dir, not a css prop: a css prop here replaced the link's focus ring.
                      dir="ltr"
                    >
                      {settings.phone}
                    </ChakraLink>
                  </HStack>
                ) : null}
                {local.hours ? (
                  <HStack align="start" gap="2">
                    <ClockIcon boxSize="4" mt="0.5" />
                    <Text>{local.hours}</Text>
                  </HStack>
                ) : null}
              </>
            ) : null}
          </Stack>
        </SimpleGrid>
        <Text
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="whiteAlpha.300"
          fontSize="sm"
          color="whiteAlpha.700"
        >
          <Trans>© {year} Bawaba. All rights reserved.</Trans>
        </Text>
      </Container>
    </Box>
  );
}
