import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users, webhookDeliveries, webhookSubscriptions } from '../../db/schema.ts';

/** The webhook domain's reads. */

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect & {
  createdByName: string | null;
  delivered: number;
  failed: number;
  pending: number;
};

const counted = {
  delivered: sql<number>`(select count(*) from webhook_deliveries d where d.subscription_id = ${webhookSubscriptions.id} and d.status = 'delivered')::int`,
  failed: sql<number>`(select count(*) from webhook_deliveries d where d.subscription_id = ${webhookSubscriptions.id} and d.status = 'given_up')::int`,
  pending: sql<number>`(select count(*) from webhook_deliveries d where d.subscription_id = ${webhookSubscriptions.id} and d.status in ('pending', 'retrying'))::int`,
};

/** A company's subscriptions (or one of them), with who made each and its delivery counts. */
export async function subscriptionsOf(
  db: Db | Tx,
  companyId: number,
  id?: number,
): Promise<SubscriptionRow[]> {
  const rows = await db
    .select({ s: webhookSubscriptions, createdByName: users.name, ...counted })
    .from(webhookSubscriptions)
    .leftJoin(users, eq(users.id, webhookSubscriptions.createdBy))
    .where(
      and(
        eq(webhookSubscriptions.companyId, companyId),
        id === undefined ? undefined : eq(webhookSubscriptions.id, id),
      ),
    )
    .orderBy(webhookSubscriptions.id);
  return rows.map((r) => ({
    ...r.s,
    createdByName: r.createdByName,
    delivered: Number(r.delivered),
    failed: Number(r.failed),
    pending: Number(r.pending),
  }));
}

export async function subscriptionCount(tx: Tx, companyId: number): Promise<number> {
  const [r] = await tx
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.companyId, companyId));
  return Number(r?.n ?? 0);
}

/** A page of a subscription's deliveries, newest first, and how many it has. */
export async function deliveriesOf(db: Db, subscriptionId: number, page: number, limit: number) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscriptionId)),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}
