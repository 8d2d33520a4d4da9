import {
  Badge,
  Box,
  Button,
  Flex,
  IconButton,
  Link,
  Portal,
  RouterLink,
  Stack,
  Text,
  useNavigate,
} from '@bawaba/shared';
import { Popover } from '@bawaba/shared/chakra-overlays';
import type { Notification } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { BellIcon } from '../shell/icons.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import { unreadCount, useNotificationStore } from './store.ts';

/** Spec §9: the dropdown list is at most 400 px high. */
export const DROPDOWN_MAX_HEIGHT = '400px';

/**
 * The bell (docs/product-spec.md §2 Shell): a badge with the number of unread notifications, and a dropdown with the latest
 * ones (scrolling past 400 px) and a footer link to /notifications. Opening an item marks it read and
 * follows its link.
 */
export function NotificationBell() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const items = useNotificationStore((s) => s.items);
  const markRead = useNotificationStore((s) => s.markRead);
  const markAllRead = useNotificationStore((s) => s.markAllRead);
  const [open, setOpen] = useState(false);
  const unread = unreadCount(items);
  const badge = unread > 99 ? '99+' : String(unread);

  const openItem = (item: Notification) => {
    void markRead(item.id);
    setOpen(false);
    if (item.link) navigate(item.link);
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
    >
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          // The name carries the badge's text as is (axe: the visible text must be part of the name).
          aria-label={unread > 0 ? t`Notifications: ${badge} unread` : t`Notifications`}
          data-testid="notification-bell"
          position="relative"
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
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="notification-dropdown" width={{ base: '90vw', sm: '96' }}>
            <Flex justify="space-between" align="center" px="4" py="3" borderBottomWidth="1px">
              <Text fontWeight="bold">
                <Trans>Notifications</Trans>
              </Text>
              {unread > 0 ? (
                <Button size="xs" variant="ghost" onClick={() => void markAllRead()}>
                  <Trans>Mark all as read</Trans>
                </Button>
              ) : null}
            </Flex>
            <Box maxH={DROPDOWN_MAX_HEIGHT} overflowY="auto" data-testid="notification-list">
              {items.length === 0 ? (
                <Text px="4" py="6" color="fg.muted" textAlign="center">
                  <Trans>No notifications</Trans>
                </Text>
              ) : (
                <Stack as="ul" gap="0" listStyleType="none">
                  {items.map((item) => (
                    <Box as="li" key={item.id} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                      <Box
                        as="button"
                        w="full"
                        px="4"
                        py="3"
                        textAlign="start"
                        _hover={{ bg: 'bg.muted' }}
                        onClick={() => openItem(item)}
                      >
                        <NotificationItem item={item} compact />
                      </Box>
                    </Box>
                  ))}
                </Stack>
              )}
            </Box>
            <Box borderTopWidth="1px" px="4" py="2" textAlign="center">
              <Link asChild colorPalette="brand" fontWeight="semibold" onClick={() => setOpen(false)}>
                <RouterLink to="/notifications">
                  <Trans>See all notifications</Trans>
                </RouterLink>
              </Link>
            </Box>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
