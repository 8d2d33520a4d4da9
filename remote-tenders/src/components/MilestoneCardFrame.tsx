import { Box, Heading, HStack, IconButton, SimpleGrid } from '@bawaba/shared';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TrashIcon } from './icons.tsx';

/**
 * The card around one milestone's fields, in the wizard and in the resubmit form: numbered heading, the
 * remove button (absent for milestone 1 in the resubmit form), and a two-column grid for the fields.
 */
export function MilestoneCardFrame({
  index,
  onRemove,
  testId,
  removeTestId,
  children,
}: {
  index: number;
  onRemove?: (() => void) | undefined;
  testId: string;
  removeTestId: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Box borderWidth="1px" borderRadius="lg" p="4" data-testid={testId} data-index={index}>
      <HStack justify="space-between" mb="3">
        <Heading as="h3" size="sm">
          {t`Milestone ${index + 1}`}
        </Heading>
        {onRemove && (
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label={t`Remove milestone ${index + 1}`}
            onClick={onRemove}
            data-testid={removeTestId}
          >
            <TrashIcon />
          </IconButton>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {children}
      </SimpleGrid>
    </Box>
  );
}
