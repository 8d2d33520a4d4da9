import { Badge, Box, daysAgo, formatNumber, HStack, Text, useSessionStore } from '@bawaba/shared';
import type { ApprovalStatus, TenderStatus } from '@bawaba/shared/contracts';
import { Plural, useLingui } from '@lingui/react/macro';

/** Spec §4: open = green marker, closed = red marker. */
export function StatusMarker({ status }: { status: TenderStatus }) {
  const { t } = useLingui();
  const open = status === 'open';
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
        {open ? t`Open` : t`Closed`}
      </Text>
    </HStack>
  );
}

const APPROVAL_PALETTE: Record<ApprovalStatus, string> = {
  approved: 'green',
  pending: 'orange',
  rejected: 'red',
  draft: 'gray',
};

/** Spec §4: the approval status as a badge (approved and pending styled). */
export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  const { t } = useLingui();
  const label: Record<ApprovalStatus, string> = {
    approved: t`Approved`,
    pending: t`Pending`,
    rejected: t`Rejected`,
    draft: t`Draft`,
  };
  return (
    <Badge
      colorPalette={APPROVAL_PALETTE[status]}
      variant="subtle"
      data-testid="approval-badge"
      data-approval={status}
    >
      {label[status]}
    </Badge>
  );
}

/** Spec §9: 'Today' or 'N days ago' (Qatar calendar days), with the language's plural forms. */
export function CreatedLabel({ createdAt, now }: { createdAt: string; now?: Date }) {
  const days = daysAgo(createdAt, now);
  const language = useSessionStore((s) => s.language);
  // The count in the locale's digits (Lingui's '#' would format with the bare language, Latin digits).
  const count = formatNumber(days, language);
  return (
    <Text as="span" fontSize="sm" color="fg.muted" data-testid="created-label" data-days={days}>
      {days === 0 ? (
        <TodayLabel />
      ) : (
        <Plural value={days} one={`${count} day ago`} other={`${count} days ago`} />
      )}
    </Text>
  );
}

function TodayLabel() {
  const { t } = useLingui();
  return <>{t`Today`}</>;
}
