import { Box, Button, Center, EmptyState, Heading, HStack, Spinner, Stack, Text } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <HStack justify="space-between" align="center" mb="5" gap="3" wrap="wrap">
      <Heading as="h1" size="xl">
        {children}
      </Heading>
      {actions}
    </HStack>
  );
}

export function Loading() {
  return (
    <Center py="12" data-testid="account-loading">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">
          <Trans>Loading…</Trans>
        </Text>
      </Stack>
    </Center>
  );
}

export function Empty({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <EmptyState.Root data-testid="empty-state" borderWidth="1px" borderRadius="md" borderStyle="dashed">
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Box role="alert" py="8" textAlign="center">
      <Text mb="3">
        <Trans>This list could not be loaded.</Trans>
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Box>
  );
}

/** A labelled value in a details list. */
export function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box>{children}</Box>
    </Box>
  );
}

export type Decision = 'approve' | 'reject';

/** The Approve / Reject pair every admin or owner decision uses (companies, tenders, interests, requests). */
export function DecisionButtons({
  onDecide,
  approveTestId,
  size = 'xs',
  canApprove = true,
  canReject = true,
}: {
  onDecide: (decision: Decision) => void;
  approveTestId: string;
  size?: 'xs' | 'sm';
  canApprove?: boolean;
  canReject?: boolean;
}) {
  return (
    <>
      {canApprove ? (
        <Button
          size={size}
          colorPalette="green"
          // green.600 under white text is 3.3:1; green.700 reaches WCAG AA (5:1).
          bg="green.700"
          _hover={{ bg: 'green.800' }}
          onClick={() => onDecide('approve')}
          data-testid={approveTestId}
        >
          <Trans>Approve</Trans>
        </Button>
      ) : null}
      {canReject ? (
        <Button size={size} variant="outline" colorPalette="red" onClick={() => onDecide('reject')}>
          <Trans>Reject</Trans>
        </Button>
      ) : null}
    </>
  );
}
