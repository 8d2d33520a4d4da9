import { Box, Button, Heading, Stack, Text } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';

/**
 * What a slot shows when the host did not mount the fragment it names: a host release older than the slots (it
 * leaves the slot's own child in place). The same panel, in the same words, as a section built for a newer site;
 * the account layout and its menu keep working around it.
 */
export function SlotNeedsNewerSite({ remote }: { remote: string }) {
  return (
    <Box
      role="alert"
      data-testid="section-needs-newer-site"
      data-remote={remote}
      data-slot="unfilled"
      py="16"
      px="6"
      textAlign="center"
    >
      <Stack gap="4" align="center" maxW="lg" mx="auto">
        <Heading size="lg">
          <Trans>This section needs a newer site version</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>
            Reload the page to get the latest version of the site. The rest of the site still works.
          </Trans>
        </Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
