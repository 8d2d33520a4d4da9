import {
  companyWebhooks,
  createWebhook,
  deleteWebhook,
  retryWebhookDelivery,
  rotateWebhookSecret,
  testWebhook,
  updateWebhook,
  webhookDeliveries,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { startWebhookWorker } from './outbox.ts';
import * as webhooks from './service.ts';

/**
 * The webhook routes (shared/src/contracts/routes/webhooks.ts): thin handlers, the rules in service.ts. The module
 * also runs this process's delivery worker (outbox.ts), stopped before the app closes its database.
 */
export const webhooksModule: Module = (app, ctx) => {
  const worker = startWebhookWorker(ctx);
  app.addHook('preClose', async () => {
    await worker.stop();
  });
  const kick = () => worker.kick();

  serve(app, ctx, companyWebhooks, async ({ auth, params }) => webhooks.list(ctx, auth, params.id));
  // Another company's webhooks are refused (404) before the body is read.
  serve(app, ctx, createWebhook, async (input) => {
    webhooks.companyOf(input.auth, input.params.id);
    return webhooks.create(ctx, input.auth, input.params.id, input.body);
  });
  serve(app, ctx, updateWebhook, async (input) => {
    webhooks.companyOf(input.auth, input.params.id);
    return webhooks.update(ctx, input.auth, input.params.id, input.params.webhookId, input.body);
  });
  serve(app, ctx, deleteWebhook, async ({ auth, params }) => {
    await webhooks.remove(ctx, auth, params.id, params.webhookId);
    return { ok: true as const };
  });
  serve(app, ctx, rotateWebhookSecret, async ({ auth, params }) =>
    webhooks.rotate(ctx, auth, params.id, params.webhookId),
  );
  serve(app, ctx, testWebhook, async ({ auth, params }) =>
    webhooks.test(ctx, auth, params.id, params.webhookId, kick),
  );
  serve(app, ctx, webhookDeliveries, async ({ auth, params, query }) =>
    webhooks.deliveries(ctx, auth, params.id, params.webhookId, query.page, query.limit),
  );
  serve(app, ctx, retryWebhookDelivery, async ({ auth, params }) =>
    webhooks.retry(ctx, auth, params.id, params.webhookId, params.deliveryId, kick),
  );
};
