import { Box, Button, Flex, Link, Portal, RouterLink, Stack, Text, useNavigate } from '@bawaba/shared';
import { Popover } from '@bawaba/shared/chakra-overlays';
import type { Notification } from '@bawaba/shared/contracts';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { BellButton } from './BellButton.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import { unreadCount, useNotificationStore } from './store.ts';

/** Spec §9: the dropdown list is at most 400 px high. */
const DROPDOWN_MAX_HEIGHT = '400px';

/**
 * The bell (docs/product-spec.md §2 Shell): a badge with the number of unread notifications, and a dropdown with the latest
 * ones (scrolling past 400 px) and a footer link to /notifications. Opening an item marks it read and
 * follows its link. It replaces the top bar's plain BellButton when someone first reaches for the bell
 * (LazyNotificationBell in ../shell/TopBar.tsx): `initialOpen` when that was a click, `focus` when the plain
 * button had the focus.
 */
export function NotificationBell({
  initialOpen = false,
  focus = false,
}: {
  initialOpen?: boolean;
  focus?: boolean;
}) {
  const navigate = useNavigate();
  const trigger = useRef<HTMLButtonElement>(null);
  const items = useNotificationStore((s) => s.items);
  const markRead = useNotificationStore((s) => s.markRead);
  const markAllRead = useNotificationStore((s) => s.markAllRead);
  const [open, setOpen] = useState(initialOpen);
  const unread = unreadCount(items);
  useEffect(() => {
    if (focus) trigger.current?.focus();
  }, [focus]);

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
        <BellButton ref={trigger} />
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
