import {
  Box,
  Link as ChakraLink,
  Container,
  Heading,
  RouterLink as Link,
  SimpleGrid,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import { ContactLines, footerServices, SocialLinks } from '@bawaba/shared/site-contact';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { loadSiteInfo, serviceSearchHref, useSiteInfo } from './site-info.ts';

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
            {settings ? <SocialLinks settings={settings} /> : null}
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
            <FooterLink to="/open-data">{t`Open data`}</FooterLink>
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
            {settings ? (
              <ContactLines settings={settings} language={language} linkColor="whiteAlpha.900" gap="2" />
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
