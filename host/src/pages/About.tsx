import { Heading, SimpleGrid, Stack, Text } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';

/** About (docs/product-spec.md §1/§2): who we are, what we do, values — the product provides digital services. */
export function AboutPage() {
  return (
    <Stack gap="10" maxW="4xl" data-testid="host-page-about">
      <Stack gap="3">
        <Heading as="h1" size="3xl">
          <Trans>About Bawaba</Trans>
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          <Trans>Bawaba is a digital services platform for businesses in Qatar.</Trans>
        </Text>
      </Stack>
      <Stack as="section" gap="2">
        <Heading as="h2" size="xl">
          <Trans>Who we are</Trans>
        </Heading>
        <Text>
          <Trans>
            We are a team building the gateway between companies that need services and the providers who
            deliver them. Bawaba — “gateway” in Arabic — brings the directory and the tender market into one
            place, in Arabic and English.
          </Trans>
        </Text>
      </Stack>
      <Stack as="section" gap="2">
        <Heading as="h2" size="xl">
          <Trans>What we do</Trans>
        </Heading>
        <Text>
          <Trans>
            We provide digital services: a searchable directory of service-provider companies, service
            requests sent straight to a provider, and a tender marketplace where buyers publish tenders and
            suppliers express interest and submit proposals with milestones and documents.
          </Trans>
        </Text>
      </Stack>
      <Stack as="section" gap="4">
        <Heading as="h2" size="xl">
          <Trans>Our values</Trans>
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          <Stack gap="1">
            <Heading as="h3" size="md">
              <Trans>Trust</Trans>
            </Heading>
            <Text color="fg.muted">
              <Trans>
                Companies are reviewed before they are listed, and contact details are shared with care.
              </Trans>
            </Text>
          </Stack>
          <Stack gap="1">
            <Heading as="h3" size="md">
              <Trans>Fairness</Trans>
            </Heading>
            <Text color="fg.muted">
              <Trans>Every supplier sees the same tender information and the same deadlines.</Trans>
            </Text>
          </Stack>
          <Stack gap="1">
            <Heading as="h3" size="md">
              <Trans>Simplicity</Trans>
            </Heading>
            <Text color="fg.muted">
              <Trans>Clear steps, in your language, on any device.</Trans>
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
