import { Button, HStack, Text } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { watchForNewRelease } from '../federation/new-release.ts';
import { RUNNING_RELEASE } from '../federation/release-stamp.ts';

/** A quiet bar at the bottom once a newer site version is deployed, with a Reload button; never interrupts. */
export function NewReleaseNotice({ running = RUNNING_RELEASE }: { running?: { commit: string } }) {
  const [deployed, setDeployed] = useState(false);
  useEffect(() => watchForNewRelease(running, () => setDeployed(true)), [running]);
  if (!deployed) return null;
  return (
    <HStack
      role="status"
      data-testid="new-release"
      position="fixed"
      insetBlockEnd="4"
      insetInlineStart="4"
      zIndex="toast"
      gap="3"
      px="4"
      py="2"
      borderRadius="md"
      bg="bg.panel"
      borderWidth="1px"
      boxShadow="md"
    >
      <Text fontSize="sm">
        <Trans>A new version of the site is available.</Trans>
      </Text>
      <Button size="xs" colorPalette="brand" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </Button>
    </HStack>
  );
}
