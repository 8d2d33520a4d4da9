import {
  Box,
  Button,
  Card,
  clampPage,
  formatNumber,
  Heading,
  HStack,
  IconButton,
  pageCount,
  pageSlice,
  Stack,
  Text,
  useNavigate,
  useSessionStore,
} from '@bawaba/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { NotificationItem } from '../notifications/NotificationItem.tsx';
import { unreadCount, useNotificationStore } from '../notifications/store.ts';
import { ChevronEndIcon, ChevronStartIcon } from '../shell/icons.tsx';

/** Spec §9: notifications 4 per page. */
export const NOTIFICATIONS_PER_PAGE = 4;

/** Notifications page (spec §2): 4 per page; arrows and 'page / total' only when there are more than 4. */
export function NotificationsPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const language = useSessionStore((s) => s.language);
  const { items, loaded, load, markRead, markAllRead } = useNotificationStore();
  const [page, setPage] = useState(1);
  useEffect(() => {
    void load({ background: false });
  }, [load]);

  const pages = pageCount(items.length, NOTIFICATIONS_PER_PAGE);
  const current = clampPage(page, pages);
  const visible = pageSlice(items, current, NOTIFICATIONS_PER_PAGE);
  const paged = items.length > NOTIFICATIONS_PER_PAGE;

  return (
    <Stack gap="6" maxW="3xl" mx="auto" data-testid="host-page-notifications">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          <Trans>Notifications</Trans>
        </Heading>
        {unreadCount(items) > 0 ? (
          <Button size="sm" variant="outline" onClick={() => void markAllRead()}>
            <Trans>Mark all as read</Trans>
          </Button>
        ) : null}
      </HStack>

      {loaded && items.length === 0 ? (
        <Card.Root>
          <Card.Body textAlign="center" color="fg.muted" data-testid="notifications-empty">
            <Trans>No notification</Trans>
          </Card.Body>
        </Card.Root>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" data-testid="notifications-page-list">
          {visible.map((item) => (
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
                    void markRead(item.id);
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
            onClick={() => setPage(current - 1)}
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
            disabled={current >= pages}
            onClick={() => setPage(current + 1)}
          >
            <ChevronEndIcon _rtl={{ transform: 'scaleX(-1)' }} />
          </IconButton>
        </HStack>
      ) : null}
    </Stack>
  );
}
