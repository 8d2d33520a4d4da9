import {
  type CreateWebhookBody,
  MAX_WEBHOOKS_PER_COMPANY,
  type UpdateWebhookBody,
  type WebhookEventType,
} from '@bawaba/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { companies, webhookDeliveries, webhookSubscriptions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { inTx } from '../../lib/tx.ts';
import { enqueueTest } from './outbox.ts';
import { deliveriesOf, subscriptionCount, subscriptionsOf } from './queries.ts';
import { managesWebhooks } from './rules.ts';
import { deliveryOut, subscriptionOut } from './serializers.ts';
import { newSecret, ROTATION_OVERLAP_MS } from './signing.ts';
import { checkWebhookUrl } from './urls.ts';

/** A company's webhook subscriptions: the rules of rules.ts, the address rules of urls.ts, in transactions. */

/** The company in the path, when the caller manages its webhooks; any other company does not exist for them. */
export function companyOf(a: Auth, companyId: number): number {
  if (!managesWebhooks(a, companyId)) throw new AppError('WEBHOOK_NOT_FOUND');
  return companyId;
}

/** The company's subscription, locked for the change; another company's is 404. */
async function lockSubscription(tx: Tx, companyId: number, id: number) {
  const [s] = await tx
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.companyId, companyId)))
    .for('update');
  if (!s) throw new AppError('WEBHOOK_NOT_FOUND');
  return s;
}

async function answer(ctx: Ctx, a: Auth, companyId: number, id: number, tx?: Tx) {
  const [s] = await subscriptionsOf(tx ?? ctx.database.db, companyId, id);
  if (!s) throw new AppError('WEBHOOK_NOT_FOUND');
  return subscriptionOut(a, s);
}

export async function list(ctx: Ctx, a: Auth, companyId: number) {
  const rows = await subscriptionsOf(ctx.database.db, companyOf(a, companyId));
  return rows.map((s) => subscriptionOut(a, s));
}

export function create(ctx: Ctx, a: Auth, companyId: number, body: CreateWebhookBody) {
  const company = companyOf(a, companyId);
  checkWebhookUrl(ctx.config.webhooks, body.url);
  return inTx(ctx, async (tx) => {
    // Counted with the company's row locked, so two creations at once cannot both pass the limit.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company)).for('update');
    if ((await subscriptionCount(tx, company)) >= MAX_WEBHOOKS_PER_COMPANY)
      throw new AppError('WEBHOOK_LIMIT');
    const secret = newSecret();
    const [s] = await tx
      .insert(webhookSubscriptions)
      .values({ companyId: company, url: body.url, events: body.events, secret, createdBy: a.user.id })
      .returning();
    return { webhook: await answer(ctx, a, company, s!.id, tx), secret };
  });
}

export function update(ctx: Ctx, a: Auth, companyId: number, id: number, body: UpdateWebhookBody) {
  const company = companyOf(a, companyId);
  return inTx(ctx, async (tx) => {
    await lockSubscription(tx, company, id);
    const change: { events?: WebhookEventType[]; active?: boolean } = {};
    if (body.events !== undefined) change.events = body.events as WebhookEventType[];
    if (body.active !== undefined) change.active = body.active;
    if (Object.keys(change).length > 0)
      await tx.update(webhookSubscriptions).set(change).where(eq(webhookSubscriptions.id, id));
    return answer(ctx, a, company, id, tx);
  });
}

export function remove(ctx: Ctx, a: Auth, companyId: number, id: number) {
  const company = companyOf(a, companyId);
  return inTx(ctx, async (tx) => {
    await lockSubscription(tx, company, id);
    await tx.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  });
}

/** A new secret signs from the next attempt on; the previous one also signs for a day (signing.ts). */
export function rotate(ctx: Ctx, a: Auth, companyId: number, id: number) {
  const company = companyOf(a, companyId);
  return inTx(ctx, async (tx) => {
    const s = await lockSubscription(tx, company, id);
    const secret = newSecret();
    await tx
      .update(webhookSubscriptions)
      .set({
        secret,
        previousSecret: s.secret,
        previousSecretUntil: new Date(Date.now() + ROTATION_OVERLAP_MS),
      })
      .where(eq(webhookSubscriptions.id, id));
    return { secret };
  });
}

/** A `webhook.test` event, sent at once (also to a paused subscription: it is asked for). */
export async function test(ctx: Ctx, a: Auth, companyId: number, id: number, kick: () => void) {
  const company = companyOf(a, companyId);
  const row = await inTx(ctx, async (tx) => {
    await lockSubscription(tx, company, id);
    return enqueueTest(tx, id, company);
  });
  kick();
  return deliveryOut(row);
}

export async function deliveries(
  ctx: Ctx,
  a: Auth,
  companyId: number,
  id: number,
  page: number,
  limit: number,
) {
  const company = companyOf(a, companyId);
  const [s] = await subscriptionsOf(ctx.database.db, company, id);
  if (!s) throw new AppError('WEBHOOK_NOT_FOUND');
  const { items, total } = await deliveriesOf(ctx.database.db, id, page, limit);
  return { items: items.map(deliveryOut), pageCount: Math.ceil(total / limit), totalItems: total };
}

/** A given-up delivery is sent again: the same event id and body, its attempts counted from zero. */
export async function retry(
  ctx: Ctx,
  a: Auth,
  companyId: number,
  id: number,
  deliveryId: number,
  kick: () => void,
) {
  const company = companyOf(a, companyId);
  const row = await inTx(ctx, async (tx) => {
    await lockSubscription(tx, company, id);
    const [d] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, id)))
      .for('update');
    if (!d) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
    if (d.status !== 'given_up') throw new AppError('WEBHOOK_DELIVERY_NOT_GIVEN_UP');
    const [u] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
      .where(eq(webhookDeliveries.id, d.id))
      .returning();
    return u!;
  });
  kick();
  return deliveryOut(row);
}
