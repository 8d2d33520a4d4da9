import {
  Badge,
  Box,
  Button,
  Center,
  EmptyState,
  Heading,
  HStack,
  Spinner,
  Stack,
  Text,
} from '@bawaba/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

const STATUS: Record<string, { label: MessageDescriptor; palette: string }> = {
  draft: { label: msg`Draft`, palette: 'gray' },
  pending: { label: msg`Pending`, palette: 'orange' },
  approved: { label: msg`Approved`, palette: 'green' },
  rejected: { label: msg`Rejected`, palette: 'red' },
  open: { label: msg`Open`, palette: 'green' },
  closed: { label: msg`Closed`, palette: 'red' },
  not_required: { label: msg`No payment due`, palette: 'gray' },
  unpaid: { label: msg`Unpaid`, palette: 'orange' },
  paid: { label: msg`Paid`, palette: 'green' },
  failed: { label: msg`Payment failed`, palette: 'red' },
  submitted: { label: msg`Submitted`, palette: 'blue' },
  resubmitted: { label: msg`Resubmitted`, palette: 'purple' },
  active: { label: msg`Active`, palette: 'green' },
  scheduled: { label: msg`Scheduled`, palette: 'blue' },
  expired: { label: msg`Expired`, palette: 'gray' },
  inactive: { label: msg`Inactive`, palette: 'gray' },
};

/** A coloured, translated status badge; `data-status` carries the raw value for tests and styling. */
export function StatusBadge({ value }: { value: string }) {
  const { i18n } = useLingui();
  const entry = STATUS[value];
  return (
    <Badge colorPalette={entry?.palette ?? 'gray'} variant="subtle" data-status={value}>
      {entry ? i18n._(entry.label) : value}
    </Badge>
  );
}

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
