import { Button, Card, Heading, Input, Stack, Text } from '@bawaba/shared';
import { Checkbox } from '@bawaba/shared/chakra-extra';
import {
  type CreatedWebhook,
  CreateWebhookBody,
  WEBHOOK_EVENT_GROUPS,
  type WebhookEventGroup,
  type WebhookEventType,
} from '@bawaba/shared/contracts';
import { FormError, FormField } from '@bawaba/shared/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm } from 'react-hook-form';
import { EVENT_LABELS, GROUP_LABELS } from './events.ts';
import { api } from './webhooks-api.ts';

type Values = { url: string; events: WebhookEventType[] };

/** One checkbox per event of a group, each with its one-line description; `value` is every event ticked. */
function EventGroupBox({
  group,
  value,
  onChange,
}: {
  group: WebhookEventGroup;
  value: readonly WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
}) {
  const { i18n } = useLingui();
  return (
    <Stack as="fieldset" gap="2" data-testid={`webhook-group-${group}`}>
      <Text as="legend" fontWeight="medium" mb="1">
        {i18n._(GROUP_LABELS[group])}
      </Text>
      {WEBHOOK_EVENT_GROUPS[group].map((type) => (
        <Checkbox.Root
          key={type}
          alignItems="start"
          checked={value.includes(type)}
          onCheckedChange={(e) =>
            onChange(e.checked === true ? [...value, type] : value.filter((t) => t !== type))
          }
          data-testid={`webhook-event-${type}`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label>
            <Text as="span" display="block">
              {i18n._(EVENT_LABELS[type].label)}
            </Text>
            <Text as="span" display="block" color="fg.muted" fontSize="xs" fontWeight="normal">
              {i18n._(EVENT_LABELS[type].hint)}
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}

/**
 * "Add a webhook": the address events are sent to and the events, checked by the contract's rules (the API checks
 * again, and refuses what only it can tell: a private address, the company's limit).
 */
export function WebhookForm({
  companyId,
  onCreated,
}: {
  companyId: number;
  onCreated: (created: CreatedWebhook) => void;
}) {
  const { t } = useLingui();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: valibotResolver(CreateWebhookBody),
    mode: 'onTouched',
    defaultValues: { url: '', events: [] },
  });

  const save = handleSubmit(async (body) => {
    try {
      const created = await api.createWebhook(companyId, body);
      reset();
      onCreated(created);
    } catch {
      // The shell shows the API's reason in the reader's language (a private address, the limit reached).
    }
  });

  return (
    <Card.Root data-testid="webhook-form">
      <Card.Body>
        <Heading as="h2" size="md" mb="3">
          <Trans>Add a webhook</Trans>
        </Heading>
        <form onSubmit={(e) => void save(e)} noValidate aria-label={t`Add a webhook`}>
          <Stack gap="5">
            <FormField
              label={<Trans>Endpoint URL</Trans>}
              helper={<Trans>We send each event to this address as a signed POST request.</Trans>}
              error={errors.url?.message}
              required
            >
              <Input
                type="url"
                dir="ltr"
                placeholder="https://example.com/hooks"
                {...register('url')}
                data-testid="webhook-url"
              />
            </FormField>
            <Controller
              control={control}
              name="events"
              render={({ field }) => (
                <Stack gap="4" data-testid="webhook-events">
                  {(Object.keys(WEBHOOK_EVENT_GROUPS) as WebhookEventGroup[]).map((group) => (
                    <EventGroupBox key={group} group={group} value={field.value} onChange={field.onChange} />
                  ))}
                </Stack>
              )}
            />
            <FormError
              error={errors.events?.message ?? errors.events?.root?.message}
              data-testid="webhook-events-error"
            />
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="start"
              loading={isSubmitting}
              data-testid="webhook-submit"
            >
              <Trans>Add the webhook</Trans>
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
