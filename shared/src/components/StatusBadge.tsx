import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ComponentProps } from 'react';
import type { CompanyStatus } from '../contracts/companies.ts';
import type { PaymentStatus, PaymentTerms } from '../contracts/proposals.ts';
import type { ApprovalStatus, TenderStatus } from '../contracts/tenders.ts';
import { Badge, Box, HStack, Text } from '../ui/chakra.ts';

/**
 * Every status the site shows as a badge, with its label and colour: tender approval (draft → rejected),
 * tender state (open, closed), a proposal's payment (not_required, unpaid, paid, failed), a proposal
 * (submitted, resubmitted), companies, interests and service requests (pending, approved, rejected), ads
 * (active, scheduled, expired, inactive). One label per value across the site.
 */
export const STATUS_LABELS: Readonly<Record<string, { label: MessageDescriptor; palette: string }>> = {
  draft: { label: msg`Draft`, palette: 'gray' },
  pending: { label: msg`Pending`, palette: 'orange' },
  approved: { label: msg`Approved`, palette: 'green' },
  rejected: { label: msg`Rejected`, palette: 'red' },
  open: { label: msg`Open`, palette: 'green' },
  closed: { label: msg`Closed`, palette: 'red' },
  not_required: { label: msg`No payment required`, palette: 'gray' },
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

/** The payment-terms values of a proposal and their labels (spec: Net 30 Days, Net 60 Days, …). */
export const PAYMENT_TERM_LABELS: Readonly<Record<PaymentTerms, MessageDescriptor>> = {
  '30_days': msg`Net 30 Days`,
  '60_days': msg`Net 60 Days`,
  advance: msg`50% Advance, 50% Completion`,
  custom: msg`Custom Terms`,
};

export interface StatusBadgeProps extends Omit<ComponentProps<typeof Badge>, 'children'> {
  /** The raw status (an unknown one is shown as it is, in gray). */
  status: string;
  testId?: string;
}

/** A coloured, translated status badge; `data-status` carries the raw value for tests and styling. */
export function StatusBadge({ status, testId, ...badge }: StatusBadgeProps) {
  const { i18n } = useLingui();
  const entry = Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status] : undefined;
  return (
    <Badge
      colorPalette={entry?.palette ?? 'gray'}
      variant="subtle"
      data-status={status}
      data-testid={testId}
      {...badge}
    >
      {entry ? i18n._(entry.label) : status}
    </Badge>
  );
}

/** A company's approval, as its owner and the directory word it ("Pending approval": nothing is listed before). */
const COMPANY_LABELS: Readonly<Record<CompanyStatus, MessageDescriptor>> = {
  pending: msg`Pending approval`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
};

/** A company's approval state (`data-testid="company-status"`, `data-status`). */
export function CompanyStatusBadge({
  status,
  ...badge
}: Omit<StatusBadgeProps, 'status'> & { status: CompanyStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge
      colorPalette={STATUS_LABELS[status]?.palette ?? 'gray'}
      variant="subtle"
      data-status={status}
      data-testid="company-status"
      {...badge}
    >
      {i18n._(COMPANY_LABELS[status])}
    </Badge>
  );
}

/** A proposal's payment state (`data-testid="payment-status"`, `data-payment`). */
export function PaymentBadge({
  status,
  ...badge
}: Omit<StatusBadgeProps, 'status'> & { status: PaymentStatus }) {
  return <StatusBadge status={status} testId="payment-status" data-payment={status} {...badge} />;
}

/** A tender's approval state (`data-testid="approval-badge"`, `data-approval`). */
export function ApprovalBadge({
  status,
  ...badge
}: Omit<StatusBadgeProps, 'status'> & { status: ApprovalStatus }) {
  return <StatusBadge status={status} testId="approval-badge" data-approval={status} {...badge} />;
}

/** A tender's state as the spec draws it: a green (open) or red (closed) dot before the word. */
export function TenderStatusMarker({ status }: { status: TenderStatus }) {
  const { i18n } = useLingui();
  const open = status === 'open';
  const entry = STATUS_LABELS[status];
  return (
    <HStack gap="1.5" data-testid="tender-status" data-status={status}>
      <Box
        as="span"
        w="2.5"
        h="2.5"
        borderRadius="full"
        bg={open ? 'green.500' : 'red.500'}
        aria-hidden
        data-testid="status-marker"
      />
      <Text as="span" fontSize="sm" fontWeight="medium" color={open ? 'green.700' : 'red.700'}>
        {entry ? i18n._(entry.label) : status}
      </Text>
    </HStack>
  );
}
