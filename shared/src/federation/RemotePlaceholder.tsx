import { Box, Heading, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { useSessionStore } from '../store/session.ts';

/**
 * Stand-in for a remote's page until its own issue builds the real screen: shows that the remote rendered
 * it, its build label and a value read from the shared store (proof the store is shared).
 */
export function RemotePlaceholder({
  remote,
  segment,
  buildLabel,
}: {
  remote: string;
  segment: string;
  buildLabel: string;
}) {
  const language = useSessionStore((s) => s.language);
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const params = useParams();
  return (
    <Box data-testid={`remote-page-${segment}`} data-remote={remote} data-build={buildLabel}>
      <Heading as="h1" size="xl">
        /{segment}
        {params.id ? `/${params.id}` : ''}
      </Heading>
      <Text>
        <Trans>Loaded from the {remote} remote</Trans> (<span data-testid="build-label">{buildLabel}</span>)
      </Text>
      <Text>
        <Trans>Language in the shared store:</Trans> <span data-testid="store-language">{language}</span>
      </Text>
      <Text data-testid="store-signed-in">{signedIn ? 'signed-in' : 'anonymous'}</Text>
    </Box>
  );
}
