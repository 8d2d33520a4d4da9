import * as v from 'valibot';
import { IdParams, Ok, PageQuery } from '../common.ts';
import {
  CreatedWebhook,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryParams,
  WebhookParams,
  WebhookSecret,
  WebhookSubscription,
} from '../webhooks.ts';
import { route } from './route.ts';

/**
 * A company's webhooks (docs/api/webhooks.md): only its administrators, acting for it, manage them; `:id` is the
 * company the session acts for (another company's id, or another company's subscription, answers 404).
 */

export const companyWebhooks = route({
  method: 'GET',
  path: '/companies/:id/webhooks',
  tag: 'webhooks',
  summary: "The company's webhook subscriptions, with their delivery counts",
  access: 'company:admin',
  params: IdParams,
  response: v.array(WebhookSubscription),
});

export const createWebhook = route({
  method: 'POST',
  path: '/companies/:id/webhooks',
  tag: 'webhooks',
  summary: 'Subscribe an address to events (answers the signing secret, shown this once)',
  access: 'company:admin',
  params: IdParams,
  body: CreateWebhookBody,
  response: CreatedWebhook,
  status: 201,
  errors: [409],
});

export const updateWebhook = route({
  method: 'PATCH',
  path: '/companies/:id/webhooks/:webhookId',
  tag: 'webhooks',
  summary: "Change a subscription's events, or pause and resume it",
  access: 'company:admin',
  params: WebhookParams,
  body: UpdateWebhookBody,
  response: WebhookSubscription,
});

export const deleteWebhook = route({
  method: 'DELETE',
  path: '/companies/:id/webhooks/:webhookId',
  tag: 'webhooks',
  summary: 'Delete a subscription and its delivery log (nothing more is sent to it)',
  access: 'company:admin',
  params: WebhookParams,
  response: Ok,
});

export const rotateWebhookSecret = route({
  method: 'POST',
  path: '/companies/:id/webhooks/:webhookId/secret',
  tag: 'webhooks',
  summary:
    'Replace the signing secret (answers the new one, shown this once; it signs from the next attempt)',
  access: 'company:admin',
  params: WebhookParams,
  response: WebhookSecret,
});

export const testWebhook = route({
  method: 'POST',
  path: '/companies/:id/webhooks/:webhookId/test',
  tag: 'webhooks',
  summary: 'Send a webhook.test event to the subscription now (answers its delivery)',
  access: 'company:admin',
  params: WebhookParams,
  response: WebhookDelivery,
  status: 201,
});

export const webhookDeliveries = route({
  method: 'GET',
  path: '/companies/:id/webhooks/:webhookId/deliveries',
  tag: 'webhooks',
  summary: "A subscription's delivery log, newest first",
  access: 'company:admin',
  params: WebhookParams,
  query: PageQuery,
  response: WebhookDeliveryPage,
});

export const retryWebhookDelivery = route({
  method: 'POST',
  path: '/companies/:id/webhooks/:webhookId/deliveries/:deliveryId/retry',
  tag: 'webhooks',
  summary: 'Send a given-up delivery again (same event id, attempts start over)',
  access: 'company:admin',
  params: WebhookDeliveryParams,
  response: WebhookDelivery,
  errors: [409],
});
