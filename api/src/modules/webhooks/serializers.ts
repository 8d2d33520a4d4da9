import type { WebhookDelivery, WebhookEventType, WebhookSubscription } from '@bawaba/shared/contracts';
import type { webhookDeliveries } from '../../db/schema.ts';
import type { Auth } from '../../lib/auth.ts';
import type { SubscriptionRow } from './queries.ts';
import { webhookCan } from './rules.ts';
import { secretHint } from './signing.ts';

export const subscriptionOut = (a: Auth, s: SubscriptionRow): WebhookSubscription => ({
  id: s.id,
  url: s.url,
  events: s.events as WebhookEventType[],
  active: s.active,
  createdAt: s.createdAt.toISOString(),
  createdBy: s.createdByName,
  secretHint: secretHint(s.secret),
  counts: { delivered: s.delivered, failed: s.failed, pending: s.pending },
  can: webhookCan(a, s.companyId),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const deliveryOut = (d: typeof webhookDeliveries.$inferSelect): WebhookDelivery => {
  const done = d.status === 'delivered' || d.status === 'given_up';
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.type as WebhookDelivery['type'],
    status: d.status as WebhookDelivery['status'],
    attempts: d.attempts,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    nextAttemptAt: done ? null : iso(d.nextAttemptAt),
    deliveredAt: iso(d.deliveredAt),
    createdAt: d.createdAt.toISOString(),
    payload: JSON.parse(d.payload) as WebhookDelivery['payload'],
  };
};
