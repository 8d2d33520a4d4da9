import {
  Box,
  Button,
  Card,
  formatNumber,
  Heading,
  HStack,
  IconButton,
  pageCount,
  Stack,
  Text,
  useLoad,
  useNavigate,
  useSessionStore,
} from '@bawaba/shared';
import { call, notificationPage } from '@bawaba/shared/call';
import { NOTIFICATION_ARRIVED, type NotificationPage } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { NotificationItem } from '../notifications/NotificationItem.tsx';
import { unreadCount, useNotificationStore } from '../notifications/store.ts';
import { ChevronEndIcon, ChevronStartIcon } from '../shell/icons.tsx';

/** Notifications are shown 4 per page. */
export const NOTIFICATIONS_PER_PAGE = 4;

function loadPage(before: number | null): Promise<NotificationPage> {
  return call(notificationPage, {
    query: { limit: NOTIFICATIONS_PER_PAGE, before: before ?? undefined },
  });
}

/**
 * Notifications page: every notification, 4 per page, paged on the server by a cursor (`before` = the last id of
 * the previous page), so the oldest are as reachable as the newest and a notification arriving meanwhile never
 * shifts the page being read; arrows and 'page / total' only when there are more than 4. The bell's list (the
 * store: its unread count) is the shell's, loaded once at sign-in and on each live notification
 * (../notifications/live.ts): this page reads it and never asks for it.
 */
export function NotificationsPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const language = useSessionStore((s) => s.language);
  const { items: newest, markRead, markAllRead } = useNotificationStore();
  // cursors[i] is the `before` of page i + 1 (null: the newest page).
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const current = cursors.length;
  const before = cursors.at(-1) ?? null;
  const page = useLoad(`notifications|${before}|${language}`, () => loadPage(before));
  const { reload } = page;
  // Page 1 follows live notifications: each one that arrives reloads it; later pages stay put.
  useEffect(() => {
    if (current !== 1) return;
    window.addEventListener(NOTIFICATION_ARRIVED, reload);
    return () => window.removeEventListener(NOTIFICATION_ARRIVED, reload);
  }, [current, reload]);

  const items = page.data?.items ?? [];
  const pages = pageCount(page.data?.totalItems ?? 0, NOTIFICATIONS_PER_PAGE);
  const paged = (page.data?.totalItems ?? 0) > NOTIFICATIONS_PER_PAGE;
  const nextCursor = page.data?.nextCursor ?? null;

  return (
    <Stack gap="6" maxW="3xl" mx="auto" data-testid="host-page-notifications">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          <Trans>Notifications</Trans>
        </Heading>
        {unreadCount(newest) > 0 || items.some((item) => !item.read) ? (
          <Button size="sm" variant="outline" onClick={() => void markAllRead().then(page.reload)}>
            <Trans>Mark all as read</Trans>
          </Button>
        ) : null}
      </HStack>

      {page.data && items.length === 0 ? (
        <Card.Root>
          <Card.Body textAlign="center" color="fg.muted" data-testid="notifications-empty">
            <Trans>No notification</Trans>
          </Card.Body>
        </Card.Root>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="notifications-page-list">
          {items.map((item) => (
            <Box as="li" key={item.id}>
              <Card.Root
                asChild
                variant="outline"
                _hover={{ borderColor: 'brand.emphasized' }}
                cursor={item.link ? 'pointer' : 'default'}
              >
                <button
                  type="button"
                  style={{ width: '100%', textAlign: 'start' }}
                  onClick={() => {
                    void markRead(item.id).then(page.reload);
                    if (item.link) navigate(item.link);
                  }}
                >
                  <Card.Body>
                    <NotificationItem item={item} />
                  </Card.Body>
                </button>
              </Card.Root>
            </Box>
          ))}
        </Stack>
      )}

      {paged ? (
        <HStack justify="center" gap="4" data-testid="notifications-pager">
          <IconButton
            variant="outline"
            size="sm"
            aria-label={t`Previous page`}
            disabled={current <= 1}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            <ChevronStartIcon _rtl={{ transform: 'scaleX(-1)' }} />
          </IconButton>
          <Text data-testid="notifications-page-label" aria-live="polite">
            {formatNumber(current, language)} / {formatNumber(pages, language)}
          </Text>
          <IconButton
            variant="outline"
            size="sm"
            aria-label={t`Next page`}
            disabled={nextCursor === null}
            onClick={() => nextCursor !== null && setCursors((c) => [...c, nextCursor])}
          >
            <ChevronEndIcon _rtl={{ transform: 'scaleX(-1)' }} />
          </IconButton>
        </HStack>
      ) : null}
    </Stack>
  );
}
