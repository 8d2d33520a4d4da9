import { Badge, HStack } from '@bawaba/shared';
import type { AdminUserSummary } from '@bawaba/shared/contracts';
import { Trans } from '@lingui/react/macro';

/** A person's state at a glance: platform admin, verified or not, suspended. */
export function UserBadges({ user }: { user: AdminUserSummary }) {
  return (
    <HStack gap="2" wrap="wrap">
      {user.isAdmin ? (
        <Badge colorPalette="purple" variant="subtle">
          <Trans>Platform admin</Trans>
        </Badge>
      ) : null}
      {user.verified ? (
        <Badge colorPalette="green" variant="subtle">
          <Trans>Verified</Trans>
        </Badge>
      ) : (
        <Badge colorPalette="orange" variant="subtle" data-testid="user-unverified">
          <Trans>Not verified</Trans>
        </Badge>
      )}
      {user.suspended ? (
        <Badge colorPalette="red" variant="solid" data-testid="user-suspended">
          <Trans>Suspended</Trans>
        </Badge>
      ) : null}
    </HStack>
  );
}
