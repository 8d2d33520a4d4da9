import { ownsTender } from '@bawaba/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { clarifications } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { concerned, noticeTo, tenderSide } from '../../lib/recipients.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { tenderBus } from './bus.ts';
import { callerOf, lockTender, record, take } from './lifecycle.ts';
import { TENDER_NOTICES } from './notifications.ts';
import { clarificationsOf, openQuestionCount, participants } from './queries.ts';
import { lockOwnTender, visibleTender } from './service.ts';
import { viewerOf } from './tender-serializer.ts';

/** Questions and answers before a tender's clarification cut-off. */

type ClarificationRow = typeof clarifications.$inferSelect;

/** A bidder may keep this many questions waiting for an answer on one tender. */
const OPEN_QUESTIONS_PER_BIDDER = 10;

/** A signed-in bidder's question on a published tender before its cut-off (never on their own tender). */
export function askQuestion(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  question: string,
): Promise<ClarificationRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockTender(tx, tenderId);
    take('askQuestion', t, callerOf(a));
    if ((await openQuestionCount(tx, t.id, a.user.id)) >= OPEN_QUESTIONS_PER_BIDDER)
      throw new AppError('TOO_MANY_OPEN_QUESTIONS');
    const [c] = await tx
      .insert(clarifications)
      .values({ tenderId: t.id, askerId: a.user.id, question })
      .returning();
    await tenderBus.publish('questionAsked', { tx, tender: t, clarification: c! });
    const buyers = await concerned(tx, tenderSide(t), 'buyer', a.user.id);
    await notify(ctx, tx, after, noticeTo(buyers, TENDER_NOTICES.questionAsked(t)));
    return c!;
  });
}

/** The owner answers a question while the tender is published; the answer is public, the asker stays unnamed. */
export function answerQuestion(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  clarificationId: number,
  answer: string,
): Promise<ClarificationRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const [c] = await tx
      .select()
      .from(clarifications)
      .where(and(eq(clarifications.id, clarificationId), eq(clarifications.tenderId, t.id)))
      .for('update');
    if (!c) throw new AppError('CLARIFICATION_NOT_FOUND');
    const move = take('answerQuestion', t, callerOf(a));
    if (c.answer !== null) throw new AppError('CLARIFICATION_ANSWERED');
    const [u] = await tx
      .update(clarifications)
      .set({ answer, answeredAt: new Date() })
      .where(eq(clarifications.id, c.id))
      .returning();
    await record(tx, t.id, a, 'answered', move, { clarificationId: c.id });
    const asker = { companyId: null, userId: c.askerId };
    const told = await concerned(tx, [asker, ...(await participants(tx, t))], 'bidder', a.user.id);
    await notify(ctx, tx, after, noticeTo(told, TENDER_NOTICES.answerPublished(t)));
    return u!;
  });
}

/** A question as its caller sees it: never who asked, only whether it was the caller (`mine`). */
export const clarificationOut = (c: ClarificationRow, viewerId: number | null) => ({
  id: c.id,
  question: c.question,
  answer: c.answer,
  askedAt: c.createdAt.toISOString(),
  answeredAt: c.answeredAt?.toISOString() ?? null,
  mine: viewerId !== null && c.askerId === viewerId,
});

/** Answered questions for everyone who may see the tender; unanswered ones to the owner (all) and their askers. */
export async function listClarifications(ctx: Ctx, a: Auth | null, tenderId: number) {
  const t = await visibleTender(ctx, a, tenderId);
  const rows = await clarificationsOf(ctx.database.db, t.id);
  const seesAll = a !== null && (ownsTender(t, viewerOf(a)) || a.user.isAdmin);
  return rows
    .filter((c) => c.answer !== null || seesAll || c.askerId === a?.user.id)
    .map((c) => clarificationOut(c, a?.user.id ?? null));
}
