import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { tenders } from '../../db/schema.ts';
import { concerned, noticeTo, tenderSide } from '../../lib/recipients.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { DECISION_NOTICES } from './decision-notices.ts';
import { record } from './lifecycle.ts';
import { announceFinalAward } from './outcome.ts';

/**
 * The end of a standstill (docs/decisions/0013-decision-stage.md): an award decision becomes final when its
 * standstill has ended and no objection is open — recorded when it happens, by the system, like the bid opening
 * (lifecycle.ts): by a sweep each process runs every minute, and by the reads and writes of the decision stage that
 * find it due (`finaliseDueAwards` with the tender's id). Safe across processes: each tender is finalised in its own
 * transaction under its row lock, after checking again that it is still due, so of two processes one records it
 * and the other finds it final.
 */
export async function finaliseDueAwards(ctx: Ctx, tenderId?: number, now = new Date()): Promise<number> {
  const due = await ctx.database.db
    .select({ id: tenders.id })
    .from(tenders)
    .where(
      and(
        isNotNull(tenders.standstillEndsAt),
        isNull(tenders.outcome),
        lte(tenders.standstillEndsAt, now),
        eq(tenders.openObjections, 0),
        tenderId === undefined ? undefined : eq(tenders.id, tenderId),
      ),
    )
    .orderBy(tenders.id);
  let done = 0;
  for (const { id } of due) {
    const finalised = await inTx(ctx, async (tx, after) => {
      const [t] = await tx.select().from(tenders).where(eq(tenders.id, id)).for('update');
      if (
        !t ||
        t.outcome !== null ||
        t.standstillEndsAt === null ||
        t.standstillEndsAt > now ||
        t.openObjections > 0
      )
        return false;
      const at = new Date();
      const [u] = await tx
        .update(tenders)
        .set({ outcome: 'awarded', outcomeAt: at, standstillEndsAt: null, updatedAt: at })
        .where(eq(tenders.id, id))
        .returning();
      await record(
        tx,
        id,
        null,
        'award_final',
        { from: 'standstill', to: 'awarded' },
        {
          proposalId: t.awardedProposalId!,
        },
      );
      await announceFinalAward(ctx, tx, after, u!, null);
      const buyers = await concerned(tx, tenderSide(t), 'buyer');
      await notify(ctx, tx, after, noticeTo(buyers, DECISION_NOTICES.awardFinal(u!)));
      return true;
    });
    if (finalised) done++;
  }
  return done;
}

/** Finalises the due awards now and every `intervalMs` (each process; see `finaliseDueAwards`). */
export function sweepStandstills(ctx: Ctx, intervalMs = 60_000): { stop: () => void } {
  const sweep = () => finaliseDueAwards(ctx).catch(() => undefined);
  void sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
