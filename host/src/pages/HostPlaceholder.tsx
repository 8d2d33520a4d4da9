import { Heading, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** Host pages until the shell issue builds them: shows which page the host rendered. */
export function HostPlaceholder({ page }: { page: string }) {
  return (
    <section data-testid={`host-page-${page}`}>
      <Heading as="h1" size="xl">
        {page}
      </Heading>
      <Text>
        <Trans>Rendered by the host.</Trans>
      </Text>
    </section>
  );
}
