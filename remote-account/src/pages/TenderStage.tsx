import { Badge, HStack, StatusBadge } from '@bawaba/shared';
import type { Tender, TenderState } from '@bawaba/shared/contracts';
import { tenderStage } from '@bawaba/shared/rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/** Where the owner's tender stands (tenderStage in @bawaba/shared/rules, from the API's `state`), and its colour. */
const STAGE_LABELS: Record<TenderState, { label: MessageDescriptor; palette: string }> = {
  draft: { label: msg`Draft`, palette: 'gray' },
  pending_approval: { label: msg`Pending approval`, palette: 'orange' },
  rejected: { label: msg`Rejected`, palette: 'red' },
  published: { label: msg`Accepting proposals`, palette: 'green' },
  bids_opened: { label: msg`Bids opened: awaiting your decision`, palette: 'orange' },
  awarded: { label: msg`Awarded`, palette: 'blue' },
  no_award: { label: msg`Closed without award`, palette: 'gray' },
  cancelled: { label: msg`Cancelled`, palette: 'red' },
};

/**
 * The stage badge of a tender card, then its access (open to all, or closed: interest needed) while that still
 * matters — an ended tender, or one whose bids are opened, is never shown as "Open".
 */
export function TenderStageBadges({ tender }: { tender: Pick<Tender, 'state' | 'status'> }) {
  const { i18n } = useLingui();
  const { stage, showsAccess } = tenderStage(tender);
  const entry = STAGE_LABELS[stage];
  return (
    <HStack gap="2">
      <Badge colorPalette={entry.palette} variant="subtle" data-testid="tender-stage" data-stage={stage}>
        {i18n._(entry.label)}
      </Badge>
      {showsAccess ? <StatusBadge status={tender.status} testId="tender-access" /> : null}
    </HStack>
  );
}
