import { Box, formatRelativeAge, HStack, Stack, Text, truncate, useSessionStore } from '@bawaba/shared';
import type { Notification } from '@bawaba/shared/contracts';
import { useLingui } from '@lingui/react/macro';
import { BellIcon, ContractIcon } from '../shell/icons.tsx';

/** Relative age of a notification in the page's language (docs/product-spec.md §9 thresholds, through shared/format). */
function useRelativeTime() {
  const language = useSessionStore((s) => s.language);
  return (createdAt: string, now = new Date()) => formatRelativeAge(createdAt, language, now);
}

/**
 * One notification (docs/product-spec.md §2): a contract icon when it is linked to a tender, otherwise a bell; title,
 * content and relative time.
 */
export function NotificationItem({ item, compact = false }: { item: Notification; compact?: boolean }) {
  const { t } = useLingui();
  const relative = useRelativeTime();
  const Icon = item.tender ? ContractIcon : BellIcon;
  return (
    <HStack
      align="start"
      gap="3"
      data-testid="notification-item"
      data-read={item.read ? 'true' : 'false'}
      data-icon={item.tender ? 'contract' : 'bell'}
    >
      <Box
        flexShrink={0}
        mt="0.5"
        p="2"
        borderRadius="full"
        bg={item.tender ? 'brand.subtle' : 'bg.muted'}
        color={item.tender ? 'brand.fg' : 'fg.muted'}
        position="relative"
      >
        <Icon boxSize="4" aria-label={item.tender ? t`Tender notification` : t`Notification`} />
        {item.read ? null : (
          <Box
            position="absolute"
            top="0"
            insetEnd="0"
            w="2"
            h="2"
            borderRadius="full"
            bg="red.solid"
            aria-label={t`Unread`}
          />
        )}
      </Box>
      <Stack gap="0.5" flex="1" minW="0" textAlign="start">
        <Text dir="auto" fontWeight={item.read ? 'medium' : 'bold'} lineClamp={compact ? 1 : undefined}>
          {item.title}
        </Text>
        <Text dir="auto" fontSize="sm" color="fg.muted" lineClamp={compact ? 2 : undefined}>
          {compact ? truncate(item.content, 140) : item.content}
        </Text>
        <Text fontSize="xs" color="fg.muted" asChild>
          {/* The age is counted from the moment of each render: the server's page and the browser's hydration of it
              may be a few seconds apart (React's documented exception for a timestamp's text). */}
          <time dateTime={item.createdAt} suppressHydrationWarning>
            {relative(item.createdAt)}
          </time>
        </Text>
      </Stack>
    </HStack>
  );
}
