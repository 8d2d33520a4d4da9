import { Badge, Span, Text } from '@bawaba/shared';
import { Trans } from '@lingui/react/macro';

/** Marks an interest that an invitation from the tender's owner approved (it was not asked for). */
export function InvitedBadge() {
  return (
    <Badge colorPalette="blue" variant="subtle" data-testid="invited-marker">
      <Trans>Invited</Trans>
    </Badge>
  );
}

/** Why something was rejected: the decider's own words, in their own direction. */
export function ReasonLine({ reason }: { reason: string }) {
  return (
    <Text fontSize="sm" textAlign="start" data-testid="rejection-reason">
      <Span fontWeight="medium">
        <Trans>Reason:</Trans>
      </Span>{' '}
      <Span dir="auto" whiteSpace="pre-wrap">
        {reason}
      </Span>
    </Text>
  );
}

/**
 * In place of a price, milestone amount, payment terms or price breakdown that the API sent sealed (the proposal's
 * `financialSealed`: a two-envelope tender's financial part, closed to the buyer's side until the technical
 * evaluation is locked, and for ever for a proposal that did not pass it).
 */
export function SealedPrice() {
  return (
    <Text as="span" fontSize="sm" color="fg.muted" fontStyle="italic" data-testid="sealed-price">
      <Trans>Sealed until the technical evaluation is locked</Trans>
    </Text>
  );
}
