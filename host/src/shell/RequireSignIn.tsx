import { useSessionStore } from '@bawaba/shared';
import { Box, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** Guarded routes (spec §2) need a signed-in user. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const token = useSessionStore((s) => s.token);
  if (token) return children;
  return (
    <Box py="16" textAlign="center" data-testid="sign-in-required">
      <Text>
        <Trans>Please sign in to continue.</Trans>
      </Text>
    </Box>
  );
}
