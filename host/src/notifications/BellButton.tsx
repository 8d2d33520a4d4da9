import { Badge, IconButton } from '@bawaba/shared';
import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { BellIcon } from '../shell/icons.tsx';
import { unreadCount, useNotificationStore } from './store.ts';

/**
 * The bell's button: the icon and a badge with the number of unread notifications. Part of the top bar's own code,
 * so a signed-in page shows it at once; the dropdown (NotificationBell.tsx, with the Popover of the lazy
 * `@bawaba/shared/chakra-overlays`) is fetched when someone reaches for the bell (less JavaScript before the
 * first interaction on every signed-in page).
 */
export function BellButton(props: Omit<ComponentProps<typeof IconButton>, 'aria-label'>) {
  const { t } = useLingui();
  const unread = unreadCount(useNotificationStore((s) => s.items));
  const badge = unread > 99 ? '99+' : String(unread);
  return (
    <IconButton
      variant="ghost"
      // The name carries the badge's text as is (axe: the visible text must be part of the name).
      aria-label={unread > 0 ? t`Notifications: ${badge} unread` : t`Notifications`}
      data-testid="notification-bell"
      position="relative"
      {...props}
    >
      <BellIcon boxSize="5" />
      {unread > 0 ? (
        <Badge
          // The count is in the button's name already; read once, not twice.
          aria-hidden="true"
          data-testid="notification-badge"
          position="absolute"
          top="0"
          insetEnd="0"
          colorPalette="red"
          variant="solid"
          borderRadius="full"
          fontSize="2xs"
          minW="5"
          justifyContent="center"
        >
          {badge}
        </Badge>
      ) : null}
    </IconButton>
  );
}
