import {
  Badge,
  Box,
  Button,
  Card,
  Link as ChakraLink,
  CompanyLogo,
  chakra,
  HStack,
  RouterLink as Link,
  requestSignIn,
  Stack,
  Text,
} from '@bawaba/shared';
import { Wrap } from '@bawaba/shared/chakra-extra';
import type { Company } from '@bawaba/shared/contracts';
import { CredentialBadges } from '@bawaba/shared/kit';
import { Highlighted } from '@bawaba/shared/search/highlighted';
import { textLangProps } from '@bawaba/shared/user-text/lang';
import { Trans, useLingui } from '@lingui/react/macro';
import { htmlToText } from '../rules/text.ts';
import { ReputationSummary } from './ReputationSummary.tsx';

/** The card's selection box (signed-in non-admins pick companies to invite to a tender). */
export interface CardSelection {
  selected: boolean;
  onChange(selected: boolean): void;
}

/**
 * A directory card. Masked companies (anonymous visitors) show blurred text, a login prompt and no website.
 * With `selection`, a "Select <name>" box at the start of the card.
 */
export function CompanyCard({
  company,
  selection,
  marks = [],
}: {
  company: Company;
  selection?: CardSelection;
  /** The words a search matched (`queryWords`): marked in the name, the summary, the location and the services. */
  marks?: readonly string[];
}) {
  const { t } = useLingui();
  const masked = company.masked;
  const summary = htmlToText(company.description);
  const name = company.name;
  return (
    <Card.Root
      variant="outline"
      data-testid="company-card"
      data-company-id={company.id}
      data-masked={masked ? 'true' : 'false'}
      data-selected={selection?.selected ? 'true' : undefined}
      borderColor={selection?.selected ? 'brand.solid' : undefined}
    >
      <Card.Body>
        <HStack align="start" gap="4">
          {selection && !masked && (
            // A native box: the directory is a first page and stays within its JavaScript budget.
            <chakra.input
              type="checkbox"
              checked={selection.selected}
              onChange={(e) => selection.onChange(e.target.checked)}
              aria-label={t`Select ${name}`}
              mt="1"
              w="4"
              h="4"
              flexShrink={0}
              cursor="pointer"
              accentColor="brand.solid"
              data-testid="company-select"
            />
          )}
          <CompanyLogo url={company.logo_url} name={masked ? t`Company logo` : company.name} size="16" />
          <Stack gap="1.5" flex="1" minW="0">
            <ChakraLink asChild fontWeight="semibold" fontSize="lg" color="brand.fg">
              <Link to={`/companies/${company.id}`} aria-label={masked ? t`View company` : company.name}>
                {masked ? (
                  <Box
                    dir="auto"
                    as="span"
                    filter="blur(5px)"
                    userSelect="none"
                    aria-hidden="true"
                    data-testid="masked-name"
                  >
                    {company.name}
                  </Box>
                ) : (
                  <span {...textLangProps(company.nameLang)} data-testid="company-name">
                    <Highlighted text={company.name} words={marks} />
                  </span>
                )}
              </Link>
            </ChakraLink>
            {company.location && (
              <Text fontSize="sm" color="fg.muted">
                <Highlighted text={company.location.name} words={marks} />
              </Text>
            )}
            {masked ? (
              <Box position="relative">
                <Text dir="auto" filter="blur(4px)" userSelect="none" aria-hidden="true" lineClamp={2}>
                  {summary}
                </Text>
                <Button
                  variant="plain"
                  size="sm"
                  px="0"
                  h="auto"
                  color="brand.fg"
                  textDecoration="underline"
                  data-testid="login-prompt"
                  onClick={() => void requestSignIn()}
                >
                  <Trans>Login to view details</Trans>
                </Button>
              </Box>
            ) : (
              <Text
                {...textLangProps(company.descriptionLang)}
                lineClamp={2}
                fontSize="sm"
                data-testid="company-summary"
              >
                <Highlighted text={summary} words={marks} />
              </Text>
            )}
            {company.services.length > 0 && (
              <Wrap gap="1.5" aria-label={t`Services`}>
                {company.services.map((s) => (
                  <Badge key={s.id} variant="subtle" colorPalette="brand" data-testid="service-tag">
                    <Highlighted text={s.name} words={marks} />
                  </Badge>
                ))}
              </Wrap>
            )}
            <CredentialBadges badges={company.credentials} />
            <ReputationSummary reputation={company.reputation} />
            {!masked && company.website_url && (
              <ChakraLink
                href={company.website_url}
                target="_blank"
                rel="noopener noreferrer"
                fontSize="sm"
                data-testid="company-website"
              >
                {company.website_url.replace(/^https?:\/\//, '')}
              </ChakraLink>
            )}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
