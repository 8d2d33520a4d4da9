import { and, eq, gt, lte } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { companyCredentials, credentialNotices } from '../../db/schema.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { CREDENTIAL_NOTICES } from './notifications.ts';

/** The reminders before a verified credential expires, in days, largest first. */
const REMINDER_DAYS = [60, 30, 7] as const;
const DAY_MS = 86_400_000;
/** How often each process sweeps: a badge's status follows its expiry within this (the badges read `expires_at`). */
const SWEEP_INTERVAL_MS = 3_600_000;

/**
 * The credentials' clock (docs/product-decisions.md "Credentials"), run by every process each hour and by tests with
 * a fake `now`:
 * - a verified credential whose expiry has passed becomes `expired` and its company's administrators are told;
 * - a verified credential within 60, 30 or 7 days of its expiry gets that reminder (only the nearest one due: one
 *   verified 20 days before its expiry gets the 30-day reminder, not the 60-day one too).
 * Each notice is claimed by inserting its row in `credential_notices` (primary key: credential, days; 0 = expired)
 * in the transaction that writes it, so of several processes exactly one sends it, and a restart never repeats it.
 */
export async function sweepCredentials(
  ctx: Ctx,
  now = new Date(),
): Promise<{ expired: number; reminded: number }> {
  const db = ctx.database.db;
  let expired = 0;
  let reminded = 0;
  const due = await db
    .select({ id: companyCredentials.id })
    .from(companyCredentials)
    .where(and(eq(companyCredentials.status, 'verified'), lte(companyCredentials.expiresAt, now)));
  for (const { id } of due) {
    const done = await inTx(ctx, async (tx, after) => {
      // The status again, under the row's lock: another process may have expired it meanwhile.
      const [c] = await tx
        .update(companyCredentials)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            eq(companyCredentials.id, id),
            eq(companyCredentials.status, 'verified'),
            lte(companyCredentials.expiresAt, now),
          ),
        )
        .returning();
      if (!c) return false;
      const claimed = await tx
        .insert(credentialNotices)
        .values({ credentialId: c.id, days: 0 })
        .onConflictDoNothing()
        .returning();
      if (claimed.length > 0) {
        const admins = await concerned(tx, { companyId: c.companyId }, 'admin');
        await notify(ctx, tx, after, noticeTo(admins, CREDENTIAL_NOTICES.expired(c)));
      }
      return true;
    });
    if (done) expired++;
  }
  const soon = await db
    .select({ id: companyCredentials.id, expiresAt: companyCredentials.expiresAt })
    .from(companyCredentials)
    .where(
      and(
        eq(companyCredentials.status, 'verified'),
        gt(companyCredentials.expiresAt, now),
        lte(companyCredentials.expiresAt, new Date(now.getTime() + REMINDER_DAYS[0] * DAY_MS)),
      ),
    );
  for (const { id, expiresAt } of soon) {
    const left = expiresAt.getTime() - now.getTime();
    // Every threshold reached, nearest last: the earlier ones are claimed with it, only the nearest is sent.
    const reached = REMINDER_DAYS.filter((d) => left <= d * DAY_MS);
    const nearest = reached[reached.length - 1]!;
    const sent = await inTx(ctx, async (tx, after) => {
      const [c] = await tx
        .select()
        .from(companyCredentials)
        .where(eq(companyCredentials.id, id))
        .for('update');
      if (c?.status !== 'verified' || c.expiresAt <= now) return false;
      const claimed = await tx
        .insert(credentialNotices)
        .values(reached.map((days) => ({ credentialId: id, days })))
        .onConflictDoNothing()
        .returning({ days: credentialNotices.days });
      if (!claimed.some((r) => r.days === nearest)) return false;
      const admins = await concerned(tx, { companyId: c.companyId }, 'admin');
      await notify(ctx, tx, after, noticeTo(admins, CREDENTIAL_NOTICES.expiresSoon(c, nearest)));
      return true;
    });
    if (sent) reminded++;
  }
  return { expired, reminded };
}

/** Sweeps now and every `intervalMs` (each process; see `sweepCredentials`). */
export function scheduleCredentialSweep(ctx: Ctx, intervalMs = SWEEP_INTERVAL_MS): { stop: () => void } {
  const sweep = () => sweepCredentials(ctx).catch(() => undefined);
  void sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
