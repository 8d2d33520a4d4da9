import { HStack, StatusBadge } from '@bawaba/shared';
import type { Tender, TenderState } from '@bawaba/shared/contracts';
import { tenderStage } from '@bawaba/shared/rules';
import { TenderStateBadge } from '../../components/TenderLifecycle.tsx';

/** The colours of the states before publication, which only the owner sees (the rest: TenderLifecycle.tsx). */
const BEFORE_PUBLICATION: Partial<Record<TenderState, string>> = {
  draft: 'gray',
  pending_approval: 'orange',
  rejected: 'red',
  published: 'green',
};

/**
 * The owner's badges of a tender (tenderStage in @bawaba/shared/rules, from the API's `state`): its state, then its
 * access (open to all, or closed: interest needed) while that still matters — an ended tender, or one whose bids are
 * opened, is never shown as "Open".
 */
export function TenderStageBadges({ tender }: { tender: Pick<Tender, 'state' | 'status'> }) {
  const { stage, showsAccess } = tenderStage(tender);
  return (
    <HStack gap="2">
      <TenderStateBadge state={stage} palette={BEFORE_PUBLICATION[stage]} testId="tender-stage" />
      {showsAccess ? <StatusBadge status={tender.status} testId="tender-access" /> : null}
    </HStack>
  );
}
