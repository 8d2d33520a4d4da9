import { Box, confirmPopup, notify, Stack, Text, useLoad, useSearchParams } from '@bawaba/shared';
import type { WebhookSubscription } from '@bawaba/shared/contracts';
import { Empty, LoadFailed, Loading, PageTitle } from '@bawaba/shared/kit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CompanyAdminsOnly } from '../../components/CompanyAdminsOnly.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { OneTimeSecret } from './OneTimeSecret.tsx';
import { WebhookForm } from './WebhookForm.tsx';
import { type WebhookAction, WebhookRow } from './WebhookRow.tsx';
import { api } from './webhooks-api.ts';

/**
 * /account/webhooks — "Integrations — webhooks" of the active company (its administrators; the API decides, and each
 * subscription's `can` says what the caller may do): the subscriptions, the form to add one, the signing secret
 * shown once after creating or rotating, and with `?log=<id>` one subscription's delivery log.
 */
export default function WebhooksPage() {
  const [params] = useSearchParams();
  const log = Number(params.get('log'));
  return (
    <Box data-testid="account-page-webhooks">
      <PageTitle>
        <Trans>Integrations — webhooks</Trans>
      </PageTitle>
      <CompanyAdminsOnly refusal={<Trans>Only your company's administrators manage its webhooks</Trans>}>
        {(companyId) =>
          Number.isInteger(log) && log > 0 ? (
            <DeliveryLog companyId={companyId} webhookId={log} />
          ) : (
            <Subscriptions companyId={companyId} />
          )
        }
      </CompanyAdminsOnly>
    </Box>
  );
}

function Subscriptions({ companyId }: { companyId: number }) {
  const { t } = useLingui();
  const list = useLoad(`webhooks:${companyId}`, () => api.webhooks(companyId));
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (webhook: WebhookSubscription, action: WebhookAction) => {
    if (action === 'delete') {
      const sure = await confirmPopup({
        title: t`Delete this webhook?`,
        text: t`Nothing more will be sent to ${webhook.url}, and its delivery log is deleted with it.`,
        confirmLabel: t`Delete`,
        cancelLabel: t`Cancel`,
      });
      if (!sure) return;
    }
    if (action === 'rotate') {
      const sure = await confirmPopup({
        title: t`Rotate the signing secret?`,
        text: t`A new secret signs every attempt from now on. For 24 hours the previous one signs too, so your endpoint can switch to the new one without missing an event.`,
        confirmLabel: t`Rotate secret`,
        cancelLabel: t`Cancel`,
      });
      if (!sure) return;
    }
    setBusy(webhook.id);
    try {
      if (action === 'delete') {
        await api.deleteWebhook(companyId, webhook.id);
        notify.success(t`Webhook deleted`);
      } else if (action === 'rotate') {
        const answer = await api.rotateWebhookSecret(companyId, webhook.id);
        setSecret({ url: webhook.url, secret: answer.secret });
      } else if (action === 'test') {
        await api.testWebhook(companyId, webhook.id);
        notify.success(t`Test event sent`, t`See its delivery in the webhook's delivery log.`);
      } else {
        await api.updateWebhook(companyId, webhook.id, { active: action === 'resume' });
      }
      list.reload();
    } catch {
      // The shell shows the API's reason in the reader's language.
    } finally {
      setBusy(null);
    }
  };

  const rows = list.data ?? [];
  return (
    <Stack gap="5">
      <Text color="fg.muted">
        <Trans>
          Bawaba sends your systems a signed HTTP request when something happens to your company's tenders,
          proposals and contracts. Each request carries the headers webhook-id, webhook-timestamp and
          webhook-signature (the Standard Webhooks scheme), so your endpoint can check it came from us.
        </Trans>
      </Text>
      {secret ? (
        <OneTimeSecret url={secret.url} secret={secret.secret} onDone={() => setSecret(null)} />
      ) : null}
      {list.loading && !list.data ? (
        <Loading />
      ) : list.failed && !list.data ? (
        <LoadFailed onRetry={list.reload} />
      ) : rows.length === 0 ? (
        <Empty title={<Trans>No webhooks yet</Trans>} />
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" data-testid="webhook-list">
          {rows.map((w) => (
            <WebhookRow key={w.id} webhook={w} busy={busy === w.id} onAction={(a) => void act(w, a)} />
          ))}
        </Stack>
      )}
      <WebhookForm
        companyId={companyId}
        onCreated={(created) => {
          setSecret({ url: created.webhook.url, secret: created.secret });
          list.reload();
        }}
      />
    </Stack>
  );
}
