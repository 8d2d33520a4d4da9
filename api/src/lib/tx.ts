import { readDisplayPrefs } from '@bawaba/shared/rules';
import { inArray } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { notifications, users } from '../db/schema.ts';
import { type Once, once } from './idempotency.ts';
import { enqueueNoticeMails } from './mail-outbox.ts';
import { hasMoney, inRecipientsDigits, type NewNotification } from './notice.ts';

export type After = (cb: () => Promise<void> | void) => void;

/**
 * Runs fn in one transaction (nothing is written when it throws); `after` callbacks run once it committed. A
 * creating write with an Idempotency-Key passes `key` (lib/idempotency.ts): the key is claimed and the answer
 * stored in the same transaction.
 */
export async function inTx<T>(ctx: Ctx, fn: (tx: Tx, after: After) => Promise<T>, key?: Once<T>): Promise<T> {
  const callbacks: (() => Promise<void> | void)[] = [];
  const result = await ctx.database.db.transaction((tx) =>
    once(tx, key, () => fn(tx, (cb) => callbacks.push(cb))),
  );
  for (const cb of callbacks) {
    try {
      await cb();
    } catch (err) {
      console.error('after-commit callback failed', err);
    }
  }
  return result;
}

export type { NewNotification, Notice } from './notice.ts';

/**
 * Writes notifications in the transaction, with their mails in the outbox for recipients who want email for the
 * group (lib/mail-outbox.ts), and once it committed fans them out (SSE) and wakes the mail worker.
 */
export async function notify(ctx: Ctx, tx: Tx, after: After, notices: NewNotification[]) {
  if (notices.length === 0) return;
  const items = await inTheirDigits(tx, notices);
  const rows = await tx
    .insert(notifications)
    .values(items.map(({ group: _, ...n }) => n))
    .returning({ id: notifications.id, userId: notifications.userId });
  const mails = await enqueueNoticeMails(ctx, tx, items);
  after(async () => {
    for (const r of rows) await ctx.database.bus.publish({ userId: r.userId, id: r.id });
    if (mails > 0) ctx.mail.kick();
  });
}

/** Each notice with its amounts written in its recipient's digits (their display preference). */
async function inTheirDigits(tx: Tx, items: NewNotification[]): Promise<NewNotification[]> {
  if (!items.some(hasMoney)) return items;
  const ids = [...new Set(items.map((i) => i.userId))];
  const people = await tx
    .select({ id: users.id, prefs: users.displayPrefs })
    .from(users)
    .where(inArray(users.id, ids));
  const digitsOf = new Map(people.map((p) => [p.id, readDisplayPrefs(p.prefs).digits]));
  return items.map((item) => inRecipientsDigits(item, digitsOf.get(item.userId) ?? 'auto'));
}
