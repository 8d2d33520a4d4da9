import { Box, Spinner, Text, VStack } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';

/** The full-screen loading overlay (docs/product-spec.md §2 Shell): 'Loading, please wait...'. */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="blackAlpha.400"
      display="flex"
      alignItems="center"
      justifyContent="center"
      data-testid="loading-overlay"
      role="status"
      aria-live="polite"
    >
      <VStack bg="bg.panel" px="8" py="6" borderRadius="l3" boxShadow="lg" gap="3">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        <Text fontWeight="medium">
          <Trans>Loading, please wait...</Trans>
        </Text>
      </VStack>
    </Box>
  );
}
