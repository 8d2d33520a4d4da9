import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { mailOutbox, users } from '../db/schema.ts';
import { type Mail, noticeMail } from './mail.ts';
import type { NewNotification } from './notice.ts';
import { type PollingWorker, pollingWorker } from './polling-worker.ts';

/**
 * Email for marketplace events, through a durable outbox: `enqueueNoticeMails` writes one row per recipient who
 * wants email for the event's group, in the event's own transaction; the worker (`startMailWorker`, one per API
 * process) sends due rows after the commit. Rows are claimed with a lease (`locked_until`) under
 * `FOR UPDATE SKIP LOCKED`, so several workers — in one process or several — never take the same row; a failed
 * send is retried with back-off; a process killed mid-send leaves its lease to expire and the row is sent again
 * with the same identity (Message-ID `<mail-<id>@…>`, dev outbox file `mail-<id>.json`): never lost, and never a
 * second, different mail.
 */

/** After this many failed sends a mail is given up (failed_at, last_error kept for the operator). */
export const MAX_ATTEMPTS = 8;
/** How long a claimed row is reserved for the worker that claimed it. */
const LEASE_MS = 60_000;
/** Retry delay after the n-th failure: 5 s, 10 s, 20 s … capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** One outbox row per recipient whose email preference for the notice's group is on (the default). */
export async function enqueueNoticeMails(ctx: Ctx, tx: Tx, items: NewNotification[]): Promise<number> {
  if (items.length === 0) return 0;
  const ids = [...new Set(items.map((i) => i.userId))];
  const people = await tx
    .select({ id: users.id, email: users.email, language: users.language, prefs: users.emailPrefs })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));
  const rows = items.flatMap((item) => {
    const who = byId.get(item.userId);
    if (!who || who.prefs[item.group] === false) return [];
    const ar = who.language === 'ar';
    const mail = noticeMail(ctx.site, who.email, {
      language: ar ? 'ar' : 'en',
      title: ar ? item.titleAr || item.title : item.title,
      content: ar ? item.contentAr || item.content : item.content,
      link: item.link ?? null,
    });
    return [
      {
        userId: who.id,
        toAddress: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        link: mail.link ?? null,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(mailOutbox).values(rows);
  return rows.length;
}

/** One mail written in the caller's transaction (to an account, or to an address without one: `userId` null). */
export async function enqueueMail(tx: Tx, userId: number | null, mail: Mail): Promise<void> {
  await tx.insert(mailOutbox).values({
    userId,
    toAddress: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    link: mail.link ?? null,
  });
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Claims up to `limit` due rows for this worker (a lease), counting the attempt. */
async function claim(ctx: Ctx, limit: number): Promise<OutboxRow[]> {
  const now = new Date();
  return ctx.database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, now),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
        ),
      )
      .orderBy(mailOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

async function sendOne(ctx: Ctx, row: OutboxRow) {
  const mail: Mail = {
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    ...(row.link ? { link: row.link } : {}),
    id: `mail-${row.id}`,
    queuedAt: row.createdAt,
  };
  try {
    await ctx.mailer.send(mail);
    await ctx.database.db
      .update(mailOutbox)
      .set({ sentAt: new Date(), lockedUntil: null, lastError: null })
      .where(eq(mailOutbox.id, row.id));
  } catch (err) {
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    await ctx.database.db
      .update(mailOutbox)
      .set({
        lockedUntil: null,
        lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
        ...(giveUp
          ? { failedAt: new Date() }
          : { nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)) }),
      })
      .where(eq(mailOutbox.id, row.id));
  }
}

/** The mail worker: a polling worker (kick after a commit that enqueued mails; drain in tests and at shutdown). */
export type MailWorker = PollingWorker;

export function startMailWorker(
  ctx: Ctx,
  { intervalMs, perSecond, batch = 20 }: { intervalMs: number; perSecond: number; batch?: number },
): MailWorker {
  const gap = 1000 / perSecond;
  return pollingWorker('mail worker', intervalMs, async (stopped) => {
    for (;;) {
      const rows = await claim(ctx, batch);
      if (rows.length === 0 || stopped()) return;
      for (const row of rows) {
        if (stopped()) return;
        const started = Date.now();
        await sendOne(ctx, row);
        const wait = gap - (Date.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }
  });
}
