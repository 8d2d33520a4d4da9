import { HStack, StatusBadge } from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { tenderStage } from '@bawaba/shared/rules';
import { TenderStateBadge } from '../../components/TenderLifecycle.tsx';

/**
 * The owner's badges of a tender (tenderStage in @bawaba/shared/rules, from the API's `state`): its state, then its
 * access (open to all, or closed: interest needed) while that still matters — an ended tender, or one whose bids are
 * opened, is never shown as "Open".
 */
export function TenderStageBadges({ tender }: { tender: Pick<Tender, 'state' | 'status'> }) {
  const { stage, showsAccess } = tenderStage(tender);
  return (
    <HStack gap="2">
      <TenderStateBadge state={stage} everyState testId="tender-stage" />
      {showsAccess ? <StatusBadge status={tender.status} testId="tender-access" /> : null}
    </HStack>
  );
}
