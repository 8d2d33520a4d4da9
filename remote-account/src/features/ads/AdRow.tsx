import {
  Button,
  Card,
  formatDate,
  HStack,
  Image,
  Stack,
  StatusBadge,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import type { Ad } from '@bawaba/shared/contracts';
import { textLangProps } from '@bawaba/shared/user-text';
import { Trans } from '@lingui/react/macro';
import { adState } from './ad-state.ts';

/** One ad of the admin's list: its image, title, link, state and schedule, and what the admin can do with it. */
export function AdRow({
  ad,
  onEdit,
  onToggle,
  onDelete,
}: {
  ad: Ad;
  onEdit(): void;
  onToggle(): void;
  onDelete(): void;
}) {
  const language = useSessionStore((s) => s.language);
  return (
    <Card.Root size="sm" data-testid="ad-row" data-ad-id={ad.id}>
      <Card.Body>
        <HStack gap="4" align="flex-start" wrap="wrap">
          <Image src={ad.imageUrl} alt="" width="32" height="20" objectFit="cover" borderRadius="md" />
          <Stack gap="1" flex="1" minW="48">
            <HStack justify="space-between" wrap="wrap">
              <Text {...textLangProps(ad.titleLang)} fontWeight="semibold">
                {ad.title}
              </Text>
              <StatusBadge status={adState(ad)} />
            </HStack>
            {ad.linkUrl ? (
              <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start" truncate>
                {ad.linkUrl}
              </Text>
            ) : null}
            <Text fontSize="sm" color="fg.muted">
              {ad.startsAt || ad.endsAt ? (
                <Trans>
                  Schedule: {formatDate(ad.startsAt, language) || '…'} –{' '}
                  {formatDate(ad.endsAt, language) || '…'}
                </Trans>
              ) : (
                <Trans>No schedule: shown while active</Trans>
              )}
            </Text>
            <HStack gap="2" mt="1">
              <Button size="xs" variant="outline" onClick={onEdit}>
                <Trans>Edit</Trans>
              </Button>
              <Button size="xs" variant="outline" onClick={onToggle}>
                {ad.active ? <Trans>Deactivate</Trans> : <Trans>Activate</Trans>}
              </Button>
              <Button size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
                <Trans>Delete</Trans>
              </Button>
            </HStack>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
