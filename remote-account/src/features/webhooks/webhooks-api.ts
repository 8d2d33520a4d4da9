import {
  call,
  companyWebhooks,
  createWebhook,
  deleteWebhook,
  retryWebhookDelivery,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  webhookDeliveries,
} from '@bawaba/shared/call';
import type { CreateWebhookBody, UpdateWebhookBody } from '@bawaba/shared/contracts';

/**
 * The company's webhooks calls (docs/api/webhooks.md), `company` being the company the session acts for: its
 * administrators list, add, change, pause, delete and test subscriptions and read and retry their deliveries. Beside
 * the pages rather than in src/api.ts, so that they come with the pages' chunk and not with the account's first page.
 */
export const api = {
  webhooks: (company: number) => call(companyWebhooks, { params: { id: company } }),
  createWebhook: (company: number, body: CreateWebhookBody) =>
    call(createWebhook, { params: { id: company }, body }),
  updateWebhook: (company: number, webhookId: number, body: UpdateWebhookBody) =>
    call(updateWebhook, { params: { id: company, webhookId }, body }),
  deleteWebhook: (company: number, webhookId: number) =>
    call(deleteWebhook, { params: { id: company, webhookId } }),
  rotateWebhookSecret: (company: number, webhookId: number) =>
    call(rotateWebhookSecret, { params: { id: company, webhookId } }),
  testWebhook: (company: number, webhookId: number) =>
    call(testWebhook, { params: { id: company, webhookId } }),
  webhookDeliveries: (company: number, webhookId: number, page: number, limit: number) =>
    call(webhookDeliveries, { params: { id: company, webhookId }, query: { page, limit } }),
  retryWebhookDelivery: (company: number, webhookId: number, deliveryId: number) =>
    call(retryWebhookDelivery, { params: { id: company, webhookId, deliveryId } }),
};
