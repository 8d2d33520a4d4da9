import {
  Badge,
  Button,
  Card,
  Link as ChakraLink,
  CompanyLogo,
  chakra,
  Heading,
  HStack,
  RouterLink as Link,
  SafeHtml,
  Stack,
  Text,
} from '@bawaba/shared';
import { Wrap } from '@bawaba/shared/chakra-extra';
import type { Company, TextLang } from '@bawaba/shared/contracts';
import { CredentialBadges } from '@bawaba/shared/kit';
import { textLangProps, useVersion, VersionSwitch } from '@bawaba/shared/user-text';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { FollowToggle } from '../../components/FollowToggle.tsx';
import { ReputationSummary } from '../../components/ReputationSummary.tsx';
import { InviteButton } from '../../features/invitations/InviteLauncher.tsx';
import { useCanFollow } from '../../follows.ts';

/** Doha, the fixed default location of the embedded map (docs/product-spec.md §2: "an embedded map at a fixed default location"). */
const MAP_EMBED_URL =
  'https://www.openstreetmap.org/export/embed.html?bbox=51.44%2C25.24%2C51.62%2C25.36&layer=mapnik&marker=25.2854%2C51.5310';

const SOCIALS = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'google', label: 'Google' },
  { key: 'skype', label: 'Skype' },
] as const;

/** A social value as a link target: URLs as they are, a Skype name as a skype: link. */
function socialHref(key: (typeof SOCIALS)[number]['key'], value: string): string | null {
  if (/^https?:\/\//i.test(value)) return value;
  if (key === 'skype' && /^[\w.,:-]+$/.test(value)) return `skype:${value}?chat`;
  return null;
}

/** Social links, each only when present (docs/product-spec.md §2). */
function SocialLinks({ company }: { company: Company }) {
  const { t } = useLingui();
  const present = SOCIALS.flatMap(({ key, label }) => {
    const value = company[key];
    const href = value ? socialHref(key, value) : null;
    return href ? [{ key, label, href }] : [];
  });
  if (present.length === 0) return null;
  return (
    <HStack
      as="ul"
      aria-label={t`Social links`}
      gap="3"
      wrap="wrap"
      listStyleType="none"
      data-testid="social-links"
    >
      {present.map((s) => (
        <li key={s.key}>
          <ChakraLink href={s.href} target="_blank" rel="noopener noreferrer" data-social={s.key}>
            {s.label}
          </ChakraLink>
        </li>
      ))}
    </HStack>
  );
}

/**
 * The logo, name, location and website block (profile pages and the request page header). `name`: the version of
 * the name to show (the profile's language switch); the API's choice when absent.
 */
export function CompanyHeading({
  company,
  name = { text: company.name, lang: company.nameLang },
  children,
}: {
  company: Company;
  name?: { text: string; lang: TextLang };
  children?: ReactNode;
}) {
  return (
    <HStack align="start" gap="4" data-testid="company-heading">
      <CompanyLogo url={company.logo_url} name={name.text} size="20" />
      <Stack gap="1" flex="1" minW="0">
        <Heading {...textLangProps(name.lang)} as="h1" size="xl" data-testid="company-title">
          {name.text}
        </Heading>
        {company.location && (
          <Text color="fg.muted" data-testid="company-location">
            {company.location.name}
          </Text>
        )}
        {company.website_url && (
          <ChakraLink
            href={company.website_url}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            data-testid="company-website"
          >
            {company.website_url.replace(/^https?:\/\//, '')}
          </ChakraLink>
        )}
        <CredentialBadges badges={company.credentials} />
        <ReputationSummary reputation={company.reputation} />
        {children}
      </Stack>
    </HStack>
  );
}

/** Everything the public profile shows (docs/product-spec.md §2 Company profile). `aside` goes above the details (owner tools). */
export function CompanyDetails({
  company,
  aside,
  requestable = true,
  invitable = false,
}: {
  company: Company;
  aside?: ReactNode;
  /** False on the signed-in user's own company: nobody requests a service from themselves. */
  requestable?: boolean;
  /** "Invite to tender": signed-in non-admins, not on their own company (the page decides). */
  invitable?: boolean;
}) {
  const { t } = useLingui();
  const canFollow = useCanFollow();
  const name = useVersion({
    text: company.name,
    lang: company.nameLang,
    en: company.nameEn,
    ar: company.nameAr,
  });
  const description = useVersion({
    text: company.description,
    lang: company.descriptionLang,
    en: company.descriptionEn,
    ar: company.descriptionAr,
  });
  const showVersion = (l: TextLang) => {
    name.show(l);
    description.show(l);
  };
  return (
    <Stack gap="6" data-testid="company-profile" data-company-id={company.id}>
      <Card.Root variant="outline">
        <Card.Body>
          <Stack gap="4">
            <CompanyHeading company={company} name={name}>
              <VersionSwitch other={name.other ?? description.other} onSwitch={showVersion} />
              <SocialLinks company={company} />
            </CompanyHeading>
            {aside}
            {(requestable || invitable) && (
              <HStack gap="3" wrap="wrap">
                {requestable && (
                  <Button asChild colorPalette="brand">
                    <Link to={`/request-service/${company.id}`}>
                      <Trans>Request Service</Trans>
                    </Link>
                  </Button>
                )}
                {invitable && (
                  <InviteButton
                    company={{ id: company.id, name: company.name, nameLang: company.nameLang }}
                  />
                )}
              </HStack>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Stack gap="2">
        <Heading as="h2" size="md">
          <Trans>Services</Trans>
        </Heading>
        <Wrap gap="2" as="ul" listStyleType="none" aria-label={t`Services`}>
          {company.services.map((s) => (
            <HStack as="li" key={s.id} gap="1">
              <Badge size="lg" variant="subtle" colorPalette="brand" data-testid="service-tag">
                {s.name}
              </Badge>
              {canFollow && <FollowToggle target={{ kind: 'service', id: s.id, name: s.name }} />}
            </HStack>
          ))}
        </Wrap>
      </Stack>
      <Stack gap="2">
        <Heading as="h2" size="md">
          <Trans>About the company</Trans>
        </Heading>
        <SafeHtml
          html={description.text}
          {...textLangProps(description.lang)}
          data-testid="company-description"
        />
      </Stack>
      <Stack gap="2">
        <Heading as="h2" size="md">
          <Trans>Location</Trans>
        </Heading>
        <chakra.iframe
          title={t`Map of Doha, Qatar`}
          src={MAP_EMBED_URL}
          loading="lazy"
          w="full"
          h="72"
          borderWidth="1px"
          borderRadius="md"
          data-testid="company-map"
        />
      </Stack>
    </Stack>
  );
}
