import { Button, lineIcon } from '@bawaba/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FollowTarget, useFollowState, useFollowsStore } from '../follows.ts';

const BELL = 'M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.73 21a2 2 0 01-3.46 0';
const BellIcon = lineIcon(<path d={BELL} />);
const BellOnIcon = lineIcon(<path d={BELL} fill="currentColor" />);

/**
 * Follow or unfollow a service or a whole category: a toggle button (aria-pressed) named "Follow <name>" /
 * "Unfollow <name>". `compact` shows the bell alone (the category tree), otherwise the bell and Follow / Following.
 * Render it only where `useCanFollow()` is true (signed-in non-admins, follows loaded).
 */
export interface FollowToggleProps {
  target: FollowTarget;
  compact?: boolean;
}

export function FollowToggle({ target, compact = false }: FollowToggleProps) {
  const { t } = useLingui();
  const { following, busy } = useFollowState(target.kind, target.id);
  const toggle = useFollowsStore((s) => s.toggle);
  const name = target.name;
  return (
    <Button
      type="button"
      size="2xs"
      variant={following ? 'subtle' : 'ghost'}
      colorPalette="brand"
      px={compact ? '1' : '2'}
      flexShrink={0}
      aria-pressed={following}
      aria-label={following ? t`Unfollow ${name}` : t`Follow ${name}`}
      aria-disabled={busy || undefined}
      data-testid="follow-toggle"
      data-follow={`${target.kind}-${target.id}`}
      onClick={() => {
        if (!busy) void toggle(target, { failed: following ? t`Could not unfollow` : t`Could not follow` });
      }}
    >
      {following ? <BellOnIcon /> : <BellIcon />}
      {!compact && (following ? <Trans>Following</Trans> : <Trans>Follow</Trans>)}
    </Button>
  );
}
