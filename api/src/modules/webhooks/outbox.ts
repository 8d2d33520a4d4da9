import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { WebhookEventType } from '@bawaba/shared/contracts';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { WebhookConfig } from '../../config.ts';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema.ts';
import { type PollingWorker, pollingWorker } from '../../lib/polling-worker.ts';
import { signedHeaders } from './signing.ts';
import { guardedLookup, isPrivateAddress, PRIVATE_ADDRESS_ERROR } from './urls.ts';

/**
 * The webhook outbox, the mail outbox's pattern (lib/mail-outbox.ts): `enqueue` writes one row per event and
 * matching active subscription in the change's transaction, its body frozen; the worker (`startWebhookWorker`, one
 * per API process) claims due rows with a lease under FOR UPDATE SKIP LOCKED, so no two workers — in one process or
 * several — send a row at once; a process killed mid-send leaves its lease to expire and the row is sent again with
 * the same `webhook-id`. A 2xx answer delivers it; anything else (another status, a timeout, a refused address)
 * schedules the next attempt with back-off until WEBHOOK_MAX_ATTEMPTS, then it is given up (an administrator may
 * send it again). Deliveries are not ordered: each goes when it is due.
 */

/** One event for one company: the subscriptions of that company that want `type` get it. */
export type Addressed = { companyId: number; type: WebhookEventType; data: Record<string, unknown> };

/** How long a claimed row is reserved for the worker that claimed it (longer than an attempt may take). */
const LEASE_MS = 60_000;
const BACKOFF_CAP_MS = 3_600_000;

/** The wait after the n-th failed attempt: base, 2 × base, 4 × base … at most one hour. */
const backoffMs = (config: WebhookConfig, attempts: number) =>
  Math.min(config.backoffBaseMs * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);

const eventId = () => `evt_${randomUUID().replaceAll('-', '')}`;

/** The exact JSON sent: the event's id (also the `webhook-id`), its type, when it happened and its data. */
const payloadOf = (id: string, type: WebhookEventType, data: Record<string, unknown>, at: Date) =>
  JSON.stringify({ id, type, createdAt: at.toISOString(), data });

/**
 * Writes the deliveries of `events` in the caller's transaction: for each, one row per active subscription of its
 * company that asked for its type, all with one event id. A paused subscription gets nothing of what happens
 * meanwhile.
 */
export async function enqueue(tx: Tx, events: Addressed[]): Promise<void> {
  if (events.length === 0) return;
  const companyIds = [...new Set(events.map((e) => e.companyId))];
  const subs = await tx
    .select({
      id: webhookSubscriptions.id,
      companyId: webhookSubscriptions.companyId,
      events: webhookSubscriptions.events,
    })
    .from(webhookSubscriptions)
    .where(and(inArray(webhookSubscriptions.companyId, companyIds), eq(webhookSubscriptions.active, true)));
  if (subs.length === 0) return;
  const now = new Date();
  const rows = events.flatMap((e) => {
    const to = subs.filter((s) => s.companyId === e.companyId && s.events.includes(e.type));
    if (to.length === 0) return [];
    const id = eventId();
    const payload = payloadOf(id, e.type, e.data, now);
    return to.map((s) => ({ subscriptionId: s.id, eventId: id, type: e.type, payload, createdAt: now }));
  });
  if (rows.length > 0) await tx.insert(webhookDeliveries).values(rows);
}

/** Whether any company has an active subscription (the domains' events cost nothing more when none has). */
export async function anySubscription(tx: Tx): Promise<boolean> {
  const [row] = await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.active, true))
    .limit(1);
  return row !== undefined;
}

/** A `webhook.test` delivery for one subscription, due now. */
export async function enqueueTest(tx: Tx, subscriptionId: number, companyId: number) {
  const id = eventId();
  const now = new Date();
  const payload = payloadOf(id, 'webhook.test', { companyId, subscriptionId }, now);
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ subscriptionId, eventId: id, type: 'webhook.test', payload, createdAt: now })
    .returning();
  return row!;
}

type Claimed = typeof webhookDeliveries.$inferSelect & {
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
};

/** Claims up to `limit` due rows for this worker (a lease), counting the attempt. */
async function claim(ctx: Ctx, limit: number): Promise<Claimed[]> {
  const now = new Date();
  return ctx.database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.status, ['pending', 'retrying']),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
        ),
      )
      .orderBy(webhookDeliveries.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const rows = await tx
      .update(webhookDeliveries)
      .set({
        lockedUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${webhookDeliveries.attempts} + 1`,
      })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    const subs = await tx
      .select()
      .from(webhookSubscriptions)
      .where(inArray(webhookSubscriptions.id, [...new Set(rows.map((r) => r.subscriptionId))]));
    const byId = new Map(subs.map((s) => [s.id, s]));
    return rows.flatMap((r) => {
      const s = byId.get(r.subscriptionId);
      return s
        ? [
            {
              ...r,
              url: s.url,
              secret: s.secret,
              previousSecret: s.previousSecret,
              previousSecretUntil: s.previousSecretUntil,
            },
          ]
        : [];
    });
  });
}

/** One POST of the body to the address: its status, or why there was none. */
function post(
  config: WebhookConfig,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      resolve({ error: 'Not a valid address' });
      return;
    }
    // A literal address is connected to without a lookup: checked here (a name is checked by guardedLookup).
    const literal = u.hostname.replace(/^\[|\]$/g, '');
    if (!config.allowPrivateUrls && isIP(literal) !== 0 && isPrivateAddress(literal)) {
      resolve({ error: PRIVATE_ADDRESS_ERROR });
      return;
    }
    const send = u.protocol === 'https:' ? https.request : http.request;
    const req = send(
      u,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Bawaba-Webhooks/1',
        },
        lookup: guardedLookup(config.allowPrivateUrls) as never,
        signal: AbortSignal.timeout(config.timeoutMs),
      },
      (res) => {
        // The answer's body is not read beyond what arrives: only its status counts (redirects are not followed).
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', (err) =>
      resolve({ error: err.name === 'AbortError' ? `Timed out after ${config.timeoutMs} ms` : err.message }),
    );
    req.end(body);
  });
}

async function attempt(ctx: Ctx, row: Claimed): Promise<void> {
  const config = ctx.config.webhooks;
  const now = new Date();
  const secrets =
    row.previousSecret && row.previousSecretUntil && row.previousSecretUntil > now
      ? [row.secret, row.previousSecret]
      : [row.secret];
  const result = await post(
    config,
    row.url,
    signedHeaders(secrets, row.eventId, row.payload, now),
    row.payload,
  );
  const ok = 'status' in result && result.status >= 200 && result.status < 300;
  const status = 'status' in result ? result.status : null;
  const error = 'error' in result ? result.error.slice(0, 500) : ok ? null : `HTTP ${status}`;
  const giveUp = !ok && row.attempts >= config.maxAttempts;
  await ctx.database.db
    .update(webhookDeliveries)
    .set({
      lockedUntil: null,
      lastStatusCode: status,
      lastError: error,
      ...(ok
        ? { status: 'delivered', deliveredAt: new Date() }
        : giveUp
          ? { status: 'given_up' }
          : { status: 'retrying', nextAttemptAt: new Date(Date.now() + backoffMs(config, row.attempts)) }),
    })
    .where(eq(webhookDeliveries.id, row.id));
}

/** The webhook worker: a polling worker (kick after a commit that queued deliveries; drain in tests). */
export type WebhookWorker = PollingWorker;

export function startWebhookWorker(ctx: Ctx, batch = 10): WebhookWorker {
  return pollingWorker('webhook worker', ctx.config.webhooks.intervalMs, async (stopped) => {
    for (;;) {
      if (stopped()) return;
      const rows = await claim(ctx, batch);
      if (rows.length === 0) return;
      await Promise.all(rows.map((r) => attempt(ctx, r)));
    }
  });
}
