import {
  Badge,
  Button,
  formatNumber,
  HStack,
  intlLocale,
  RouterLink,
  Stack,
  Text,
  useSessionStore,
} from '@bawaba/shared';
import type { WebhookSubscription } from '@bawaba/shared/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { EVENT_LABELS } from './events.ts';

export type WebhookAction = 'pause' | 'resume' | 'rotate' | 'test' | 'delete';

/**
 * One subscription: its address (left to right), events, state, delivery counts and who created it when; the
 * actions the API's `can` allows, and the link to its delivery log.
 */
export function WebhookRow({
  webhook,
  busy,
  onAction,
}: {
  webhook: WebhookSubscription;
  busy: boolean;
  onAction: (action: WebhookAction) => void;
}) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const created = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeZone: 'Asia/Qatar',
  }).format(new Date(webhook.createdAt));
  const [delivered, failed, pending] = [
    webhook.counts.delivered,
    webhook.counts.failed,
    webhook.counts.pending,
  ].map((n) => formatNumber(n, language));
  const who = webhook.createdBy;
  return (
    <Stack as="li" gap="2" borderBottomWidth="1px" pb="4" data-testid="webhook-row" data-url={webhook.url}>
      <HStack justify="space-between" gap="3" wrap="wrap" align="start">
        <Stack gap="1" minW="0">
          <Text
            fontFamily="mono"
            fontSize="sm"
            dir="ltr"
            textAlign="start"
            wordBreak="break-all"
            data-testid="webhook-row-url"
          >
            {webhook.url}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {who ? (
              <Trans>
                Added by <bdi>{who}</bdi> on {created}
              </Trans>
            ) : (
              <Trans>Added on {created}</Trans>
            )}
            {' · '}
            <Trans>
              Secret ending in <bdi dir="ltr">{webhook.secretHint}</bdi>
            </Trans>
          </Text>
        </Stack>
        <Badge colorPalette={webhook.active ? 'green' : 'gray'} data-testid="webhook-state">
          {webhook.active ? t`Active` : t`Paused`}
        </Badge>
      </HStack>
      <HStack gap="1" wrap="wrap" aria-label={t`Events`}>
        {webhook.events.map((type) => (
          <Badge key={type} variant="outline" data-event={type}>
            {i18n._(EVENT_LABELS[type].label)}
          </Badge>
        ))}
      </HStack>
      <Text fontSize="sm" data-testid="webhook-counts">
        <Trans>
          Delivered: {delivered} · Failed: {failed} · Waiting: {pending}
        </Trans>
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button asChild size="xs" variant="outline">
          <RouterLink to={`?log=${webhook.id}`} data-testid="webhook-log-link">
            <Trans>Delivery log</Trans>
          </RouterLink>
        </Button>
        {webhook.can.test ? (
          <Button
            size="xs"
            variant="outline"
            disabled={busy}
            onClick={() => onAction('test')}
            data-testid="webhook-test"
          >
            <Trans>Send test event</Trans>
          </Button>
        ) : null}
        {webhook.can.update ? (
          <Button
            size="xs"
            variant="outline"
            disabled={busy}
            onClick={() => onAction(webhook.active ? 'pause' : 'resume')}
            data-testid={webhook.active ? 'webhook-pause' : 'webhook-resume'}
          >
            {webhook.active ? t`Pause` : t`Resume`}
          </Button>
        ) : null}
        {webhook.can.rotate ? (
          <Button
            size="xs"
            variant="outline"
            disabled={busy}
            onClick={() => onAction('rotate')}
            data-testid="webhook-rotate"
          >
            <Trans>Rotate secret</Trans>
          </Button>
        ) : null}
        {webhook.can.delete ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            disabled={busy}
            onClick={() => onAction('delete')}
            data-testid="webhook-delete"
          >
            <Trans>Delete</Trans>
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
