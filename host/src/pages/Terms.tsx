import { Heading, List, Stack, Text } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';

/**
 * Terms (docs/product-spec.md §1/§2, last updated December 24, 2023): a business-to-business information web app that
 * requires account registration and lawful use, and lets the operator change or end access at any time.
 */
export function TermsPage() {
  return (
    <Stack gap="8" maxW="4xl" data-testid="host-page-terms">
      <Stack gap="2">
        <Heading as="h1" size="3xl">
          <Trans>Terms and conditions</Trans>
        </Heading>
        <Text color="fg.muted" data-testid="terms-updated">
          <Trans>Last updated: December 24, 2023</Trans>
        </Text>
      </Stack>
      <Stack as="section" gap="2">
        <Heading as="h2" size="lg">
          <Trans>1. The service</Trans>
        </Heading>
        <Text>
          <Trans>
            Bawaba is a business-to-business information web application. It publishes information about
            service-provider companies and tenders, and lets businesses contact providers and respond to
            tenders.
          </Trans>
        </Text>
      </Stack>
      <Stack as="section" gap="2">
        <Heading as="h2" size="lg">
          <Trans>2. Your account</Trans>
        </Heading>
        <Text>
          <Trans>
            Browsing is open to everyone, but requesting services, expressing interest and submitting
            proposals require you to register an account. You are responsible for the accuracy of the
            information you give and for keeping your password confidential.
          </Trans>
        </Text>
      </Stack>
      <Stack as="section" gap="2">
        <Heading as="h2" size="lg">
          <Trans>3. Lawful use</Trans>
        </Heading>
        <Text>
          <Trans>You agree to use Bawaba lawfully. In particular you will not:</Trans>
        </Text>
        <List.Root ps="5">
          <List.Item>
            <Trans>publish false, misleading or unlawful information;</Trans>
          </List.Item>
          <List.Item>
            <Trans>use another person's account or data without permission;</Trans>
          </List.Item>
          <List.Item>
            <Trans>interfere with the operation or security of the service.</Trans>
          </List.Item>
        </List.Root>
      </Stack>
      <Stack as="section" gap="2">
        <Heading as="h2" size="lg">
          <Trans>4. Changes and termination</Trans>
        </Heading>
        <Text>
          <Trans>
            The operator may change these terms or the service, and may suspend or end your access at any
            time. Continuing to use Bawaba after a change means you accept the updated terms.
          </Trans>
        </Text>
      </Stack>
    </Stack>
  );
}
