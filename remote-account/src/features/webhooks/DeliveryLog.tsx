import {
  Badge,
  Box,
  Button,
  chakra,
  formatNumber,
  Heading,
  HStack,
  intlLocale,
  notify,
  Pager,
  RouterLink,
  Stack,
  Text,
  useLoad,
  useSessionStore,
} from '@bawaba/shared';
import { Table } from '@bawaba/shared/chakra-extra';
import type { WebhookDelivery } from '@bawaba/shared/contracts';
import { Empty, LoadFailed, Loading } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useState } from 'react';
import { EVENT_LABELS, STATUS_LABELS } from './events.ts';
import { api } from './webhooks-api.ts';

const PAGE_SIZE = 20;

const Payload = chakra('pre', {
  base: {
    fontFamily: 'mono',
    fontSize: 'xs',
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-all',
    p: '3',
    bg: 'bg.muted',
    rounded: 'md',
  },
});

/**
 * One subscription's delivery log, newest first and paged by the server: when, the event, its status, attempts,
 * the last HTTP status or error and the next attempt; a row opens the JSON that was sent, and a delivery the
 * worker gave up on can be sent again when the API allows it (it answers 409 otherwise).
 */
export function DeliveryLog({ companyId, webhookId }: { companyId: number; webhookId: number }) {
  const { t, i18n } = useLingui();
  const language = useSessionStore((s) => s.language);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  const subscriptions = useLoad(`webhooks:${companyId}`, () => api.webhooks(companyId));
  const log = useLoad(`webhook-deliveries:${companyId}:${webhookId}:${page}`, () =>
    api.webhookDeliveries(companyId, webhookId, page, PAGE_SIZE),
  );
  const url = subscriptions.data?.find((w) => w.id === webhookId)?.url;
  const when = (at: string | null) =>
    at
      ? new Intl.DateTimeFormat(intlLocale(language), {
          dateStyle: 'medium',
          timeStyle: 'medium',
          timeZone: 'Asia/Qatar',
        }).format(new Date(at))
      : '—';
  const retry = async (d: WebhookDelivery) => {
    setRetrying(d.id);
    try {
      await api.retryWebhookDelivery(companyId, webhookId, d.id);
      notify.success(t`Delivery queued again`);
      log.reload();
    } catch {
      // The shell shows the API's reason in the reader's language.
    } finally {
      setRetrying(null);
    }
  };
  const rows = log.data?.items ?? [];
  return (
    <Stack gap="4" data-testid="webhook-log">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1" minW="0">
          <Heading as="h2" size="md">
            <Trans>Delivery log</Trans>
          </Heading>
          {url ? (
            <Text fontFamily="mono" fontSize="sm" dir="ltr" textAlign="start" wordBreak="break-all">
              {url}
            </Text>
          ) : null}
        </Stack>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={log.reload} data-testid="webhook-log-refresh">
            <Trans>Refresh</Trans>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <RouterLink to="." data-testid="webhook-log-back">
              <Trans>Back to webhooks</Trans>
            </RouterLink>
          </Button>
        </HStack>
      </HStack>
      {log.loading && !log.data ? (
        <Loading />
      ) : log.failed && !log.data ? (
        <LoadFailed onRetry={log.reload} />
      ) : rows.length === 0 ? (
        <Empty title={<Trans>Nothing sent yet</Trans>} />
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="webhook-log-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Time</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Event</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Status</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Attempts</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Last answer</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Next attempt</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Actions</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((d) => {
                  const status = STATUS_LABELS[d.status];
                  const shown = open === d.id;
                  const payloadId = `webhook-payload-${d.id}`;
                  return (
                    <Fragment key={d.id}>
                      <Table.Row data-testid="webhook-delivery" data-status={d.status} data-type={d.type}>
                        <Table.Cell whiteSpace="nowrap">{when(d.createdAt)}</Table.Cell>
                        <Table.Cell>
                          <Text>{i18n._(EVENT_LABELS[d.type].label)}</Text>
                          <Text fontSize="xs" color="fg.muted" fontFamily="mono" dir="ltr" textAlign="start">
                            {d.type}
                          </Text>
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={status.palette} data-testid="webhook-delivery-status">
                            {i18n._(status.label)}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell>{formatNumber(d.attempts, language)}</Table.Cell>
                        <Table.Cell>
                          {d.lastStatusCode !== null ? (
                            <Text dir="ltr" textAlign="start">
                              HTTP {d.lastStatusCode}
                            </Text>
                          ) : null}
                          {d.lastError ? (
                            <Text fontSize="xs" color="fg.error" dir="auto" textAlign="start">
                              {d.lastError}
                            </Text>
                          ) : null}
                          {d.lastStatusCode === null && !d.lastError ? '—' : null}
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{when(d.nextAttemptAt)}</Table.Cell>
                        <Table.Cell>
                          <HStack gap="1">
                            <Button
                              size="xs"
                              variant="ghost"
                              aria-expanded={shown}
                              aria-controls={shown ? payloadId : undefined}
                              onClick={() => setOpen(shown ? null : d.id)}
                              data-testid="webhook-delivery-open"
                            >
                              {shown ? t`Hide payload` : t`Show payload`}
                            </Button>
                            {d.status === 'given_up' ? (
                              <Button
                                size="xs"
                                variant="outline"
                                loading={retrying === d.id}
                                onClick={() => void retry(d)}
                                data-testid="webhook-delivery-retry"
                              >
                                <Trans>Retry</Trans>
                              </Button>
                            ) : null}
                          </HStack>
                        </Table.Cell>
                      </Table.Row>
                      {shown ? (
                        <Table.Row>
                          <Table.Cell colSpan={7}>
                            <Box id={payloadId} data-testid="webhook-payload">
                              <Text fontSize="xs" color="fg.muted" mb="1">
                                <Trans>
                                  Event id <bdi dir="ltr">{d.eventId}</bdi>
                                </Trans>
                              </Text>
                              <Payload dir="ltr" tabIndex={0} aria-label={t`Payload`}>
                                {JSON.stringify(d.payload, null, 2)}
                              </Payload>
                            </Box>
                          </Table.Cell>
                        </Table.Row>
                      ) : null}
                    </Fragment>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager
            page={page}
            pageCount={log.data?.pageCount ?? 1}
            onChange={setPage}
            label={t`Delivery log pages`}
          />
        </>
      )}
    </Stack>
  );
}
