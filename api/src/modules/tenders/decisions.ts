import type {
  AmendmentBody,
  AwardBody,
  ComparisonQuery,
  ComparisonRow,
  EvaluationBody,
  TenderEvent,
  TenderState,
} from '@bawaba/shared/contracts';
import { clarificationCutoff, deadlineAfterAmendment } from '@bawaba/shared/rules';
import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  type AmendmentChange,
  clarifications,
  files,
  interests,
  proposals,
  tenderAmendments,
  tenderEvents,
  tenders,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { inTx, type NewNotification, notify } from '../../lib/tx.ts';
import { sandboxProvider, settleEndedTender } from '../payments/index.ts';
import { serializeProposals } from '../proposals/index.ts';
import { allow, lockTender, record, recordBidOpenings, tenderState } from './lifecycle.ts';
import { TENDER_NOTICES } from './notifications.ts';
import { isPublic, type TenderRow } from './rows.ts';
import { lockOwnTender, ownedTender, visibleTender } from './service.ts';

/**
 * How a tender comes to a decision: questions and answers before the cut-off, numbered amendments, the owner's
 * comparison after bid opening, evaluation, and the end (award, no award, cancellation). Each write locks the
 * tender row, asks the state machine (lifecycle.ts) and writes its audit line in the same transaction.
 */

type Amendment = v.InferOutput<typeof AmendmentBody>;
type Evaluation = v.InferOutput<typeof EvaluationBody>;
type Award = v.InferOutput<typeof AwardBody>;
type Sort = v.InferOutput<typeof ComparisonQuery>;
type ClarificationRow = typeof clarifications.$inferSelect;
type TenderEventOut = TenderEvent;

/** A bidder may keep this many questions waiting for an answer on one tender. */
const OPEN_QUESTIONS_PER_BIDDER = 10;

/** Everyone taking part in a tender besides its owner: interested, questioners and bidders. */
async function participants(tx: Tx, t: TenderRow): Promise<number[]> {
  const [i, q, p] = await Promise.all([
    tx.select({ id: interests.userId }).from(interests).where(eq(interests.tenderId, t.id)),
    tx.select({ id: clarifications.askerId }).from(clarifications).where(eq(clarifications.tenderId, t.id)),
    tx.select({ id: proposals.bidderId }).from(proposals).where(eq(proposals.tenderId, t.id)),
  ]);
  return [...new Set([...i, ...q, ...p].map((r) => r.id))].filter((id) => id !== t.ownerId);
}

async function adminIds(tx: Tx): Promise<number[]> {
  return (await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))).map((u) => u.id);
}

// ---------------------------------------------------------------- clarifications

/** A signed-in bidder's question on a published tender before its cut-off (never on their own tender). */
export function askQuestion(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  question: string,
): Promise<ClarificationRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockTender(tx, tenderId);
    if (!isPublic(t)) throw new AppError('TENDER_NOT_FOUND');
    if (t.ownerId === a.user.id) throw new AppError('OWN_TENDER_QUESTION');
    const now = Date.now();
    allow('ask', t, now);
    const cutoff = clarificationCutoff(t.deadline, t.clarificationCutoff);
    if (cutoff && cutoff.getTime() <= now) throw new AppError('CLARIFICATION_CUTOFF_PASSED');
    const [open] = await tx
      .select({ n: count() })
      .from(clarifications)
      .where(
        and(
          eq(clarifications.tenderId, t.id),
          eq(clarifications.askerId, a.user.id),
          isNull(clarifications.answer),
        ),
      );
    if ((open?.n ?? 0) >= OPEN_QUESTIONS_PER_BIDDER) throw new AppError('TOO_MANY_OPEN_QUESTIONS');
    const [c] = await tx
      .insert(clarifications)
      .values({ tenderId: t.id, askerId: a.user.id, question })
      .returning();
    await notify(ctx, tx, after, [{ userId: t.ownerId, ...TENDER_NOTICES.questionAsked(t) }]);
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
    const move = allow('answer', t);
    if (c.answer !== null) throw new AppError('CLARIFICATION_ANSWERED');
    const [u] = await tx
      .update(clarifications)
      .set({ answer, answeredAt: new Date() })
      .where(eq(clarifications.id, c.id))
      .returning();
    await record(tx, t.id, a.user.id, 'answered', move, { clarificationId: c.id });
    const told = new Set([c.askerId, ...(await participants(tx, t))]);
    await notify(
      ctx,
      tx,
      after,
      [...told].map((userId) => ({ userId, ...TENDER_NOTICES.answerPublished(t) })),
    );
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
  const rows = await ctx.database.db
    .select()
    .from(clarifications)
    .where(eq(clarifications.tenderId, t.id))
    .orderBy(desc(clarifications.id));
  const seesAll = a !== null && (a.user.id === t.ownerId || a.user.isAdmin);
  return rows
    .filter((c) => c.answer !== null || seesAll || c.askerId === a?.user.id)
    .map((c) => clarificationOut(c, a?.user.id ?? null));
}

// ---------------------------------------------------------------- amendments

const day = (d: Date | null) => d?.toISOString() ?? null;
/** Dates are compared at the precision users see them (minutes): seconds apart is no change. */
const minute = (d: Date | null) => (d ? Math.floor(d.getTime() / 60_000) : null);

/** The caller's tender documents (ids) with their names, checked like a new tender's. */
async function documentNames(tx: Tx, userId: number, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await tx
    .select({ id: files.id, name: files.originalName, ownerId: files.ownerId, purpose: files.purpose })
    .from(files)
    .where(inArray(files.id, ids));
  return new Map(
    found.filter((f) => f.ownerId === userId && f.purpose === 'tender-document').map((f) => [f.id, f.name]),
  );
}

/**
 * A numbered amendment of a published tender. Only what differs from the tender is recorded; an amendment that
 * would leave fewer than AMENDMENT_MIN_DAYS_LEFT days pushes the deadline (and a cut-off of the owner's own moves
 * by as much); every participant is told.
 */
export function amendTender(ctx: Ctx, a: Auth, tenderId: number, b: Amendment) {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const now = Date.now();
    const move = allow('amend', t, now);
    const changes: AmendmentChange[] = [];
    const set: Partial<typeof tenders.$inferInsert> = {};
    if (b.description !== undefined && b.description !== t.description) {
      changes.push({ field: 'description', before: t.description, after: b.description });
      set.description = b.description;
    }
    if (b.documentIds !== undefined) {
      const ids = [...new Set(b.documentIds)];
      const names = await documentNames(tx, a.user.id, [...new Set([...ids, ...t.documentIds])]);
      if (ids.some((id) => !names.has(id) && !t.documentIds.includes(id)))
        throw new AppError('INVALID_FILE_REFERENCE', 'documentIds');
      if (ids.join() !== t.documentIds.join()) {
        const listed = (xs: string[]) => xs.map((id) => names.get(id) ?? id).join(', ');
        changes.push({ field: 'documents', before: listed(t.documentIds), after: listed(ids) });
        set.documentIds = ids;
      }
    }
    for (const [field, key] of [
      ['bond', 'bond'],
      ['participationFee', 'participationFee'],
    ] as const) {
      const next = b[key];
      if (next !== undefined && next !== t[key]) {
        changes.push({ field, before: t[key], after: next });
        set[key] = next;
      }
    }
    const dateOf = (x: string | undefined, current: Date | null) => (x === undefined ? current : new Date(x));
    const start = dateOf(b.start_date, t.startDate);
    const end = dateOf(b.end_date, t.endDate);
    const asked = dateOf(b.deadline, t.deadline);
    // What the owner asked to change (before the deadline rule adds its push): nothing → refused.
    const asksChange =
      changes.length > 0 ||
      minute(start) !== minute(t.startDate) ||
      minute(end) !== minute(t.endDate) ||
      minute(asked) !== minute(t.deadline) ||
      (b.clarification_cutoff !== undefined &&
        minute(new Date(b.clarification_cutoff)) !== minute(t.clarificationCutoff));
    if (!asksChange) throw new AppError('AMENDMENT_WITHOUT_CHANGES');
    // Any amendment (not only one that moves dates) must leave bidders the minimum time to react; a push that
    // lands in the current deadline's minute leaves the deadline as it is.
    const rule = asked ? deadlineAfterAmendment(asked, now) : { deadline: null, pushed: false };
    const deadline = minute(rule.deadline) === minute(t.deadline) ? t.deadline : rule.deadline;
    const pushed = rule.pushed && deadline !== t.deadline;
    let cutoff =
      b.clarification_cutoff === undefined ? t.clarificationCutoff : new Date(b.clarification_cutoff);
    if (b.clarification_cutoff === undefined && cutoff && deadline && t.deadline && deadline !== t.deadline) {
      cutoff = new Date(cutoff.getTime() + (deadline.getTime() - t.deadline.getTime()));
    }
    if (start && end && end.getTime() < start.getTime())
      throw new AppError('INVALID_TENDER_DATES', 'end_date');
    if (cutoff && deadline && cutoff.getTime() > deadline.getTime())
      throw new AppError('INVALID_TENDER_DATES', 'clarification_cutoff');
    for (const [field, before, next, column] of [
      ['start_date', t.startDate, start, 'startDate'],
      ['end_date', t.endDate, end, 'endDate'],
      ['deadline', t.deadline, deadline, 'deadline'],
      ['clarification_cutoff', t.clarificationCutoff, cutoff, 'clarificationCutoff'],
    ] as const) {
      if (minute(before) !== minute(next)) {
        changes.push({ field, before: day(before), after: day(next) });
        set[column] = next;
      }
    }
    // Compared after the deadline rule: what was asked may come to nothing once the rule applied.
    if (changes.length === 0) throw new AppError('AMENDMENT_WITHOUT_CHANGES');
    const number = t.amendmentCount + 1;
    const [u] = await tx
      .update(tenders)
      .set({ ...set, amendmentCount: number, updatedAt: new Date() })
      .where(eq(tenders.id, t.id))
      .returning();
    const [row] = await tx
      .insert(tenderAmendments)
      .values({ tenderId: t.id, number, reason: b.reason, changes, deadlinePushed: pushed })
      .returning();
    await record(tx, t.id, a.user.id, 'amended', move, { number, fields: changes.map((c) => c.field) });
    const told = await participants(tx, t);
    await notify(
      ctx,
      tx,
      after,
      told.map((userId) => ({ userId, ...TENDER_NOTICES.amended(u!, number, pushed) })),
    );
    return amendmentOut(row!);
  });
}

const amendmentOut = (r: typeof tenderAmendments.$inferSelect) => ({
  number: r.number,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  changes: r.changes,
  deadlinePushed: r.deadlinePushed,
});

/** The amendment history (newest first) of a tender the caller may see. */
export async function listAmendments(ctx: Ctx, a: Auth | null, tenderId: number) {
  const t = await visibleTender(ctx, a, tenderId);
  const rows = await ctx.database.db
    .select()
    .from(tenderAmendments)
    .where(eq(tenderAmendments.tenderId, t.id))
    .orderBy(desc(tenderAmendments.number));
  return rows.map(amendmentOut);
}

// ---------------------------------------------------------------- comparison and evaluation

const SORTERS: Record<Sort['sort'], (r: ComparisonRow) => number | string> = {
  offerPrice: (r) => r.offerPrice,
  period: (r) => r.period,
  submittedAt: (r) => r.submittedAt,
  bidder: (r) => (r.bidder.companyName ?? r.bidder.name).toLocaleLowerCase(),
  milestoneTotal: (r) => r.milestones.total,
};

/**
 * The owner's comparison of the latest version of every proposal, sorted. Before the deadline only the count:
 * the proposals are sealed.
 */
export async function comparison(ctx: Ctx, a: Auth, tenderId: number, q: Sort) {
  const t = await ownedTender(ctx, a, tenderId);
  const state = tenderState(t);
  const db = ctx.database.db;
  const [n] = await db.select({ n: count() }).from(proposals).where(eq(proposals.tenderId, t.id));
  const base = { proposalCount: n?.n ?? 0, state, awardedProposalId: t.awardedProposalId };
  if (state === 'published') return { ...base, sealed: true, rows: [] };
  const ps = await serializeProposals(db, { tenderId: t.id }, a.user.id);
  const evals = await db
    .select({ id: proposals.id, evaluation: proposals.evaluation, reason: proposals.evaluationReason })
    .from(proposals)
    .where(eq(proposals.tenderId, t.id));
  const rows: ComparisonRow[] = ps.flatMap((p) => {
    const c = p.current;
    if (!c) return [];
    const ev = evals.find((e) => e.id === p.id);
    const starts = c.milestones.map((m) => m.start_date).sort();
    const ends = c.milestones.map((m) => m.end_date).sort();
    return [
      {
        proposalId: p.id,
        bidder: p.bidder,
        offerPrice: c.offer_price,
        currency: c.currency,
        period: c.period,
        milestones: {
          count: c.milestones.length,
          total: c.milestones.reduce((s, m) => s + m.amount, 0),
          firstStart: starts[0] ?? null,
          lastEnd: ends.at(-1) ?? null,
        },
        paymentTerms: c.payment_terms,
        paymentStatus: p.paymentStatus,
        documentCount: 1 + new Set(c.milestones.flatMap((m) => m.documents)).size,
        attachment: c.attachment,
        submittedAt: c.submittedAt,
        version: c.version,
        evaluation: (ev?.evaluation ?? null) as ComparisonRow['evaluation'],
        evaluationReason: ev?.reason ?? null,
        predatesAmendment: p.predatesAmendment,
      },
    ];
  });
  const key = SORTERS[q.sort];
  const dir = q.order === 'desc' ? -1 : 1;
  rows.sort((x, y) => {
    const [kx, ky] = [key(x), key(y)];
    return (kx < ky ? -1 : kx > ky ? 1 : x.proposalId - y.proposalId) * dir;
  });
  return { ...base, sealed: false, rows };
}

/** The owner marks a proposal shortlisted or not responsive (with a reason) after bid opening. */
export function evaluateProposal(ctx: Ctx, a: Auth, tenderId: number, proposalId: number, b: Evaluation) {
  return inTx(ctx, async (tx) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const [p] = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.id, proposalId), eq(proposals.tenderId, t.id)))
      .for('update');
    if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
    const move = allow('evaluate', t);
    const reason = b.evaluation === 'not_responsive' ? (b.reason ?? null) : null;
    await tx
      .update(proposals)
      .set({ evaluation: b.evaluation, evaluationReason: reason })
      .where(eq(proposals.id, p.id));
    await record(tx, t.id, a.user.id, b.evaluation, move, {
      proposalId: p.id,
      ...(reason ? { reason } : {}),
    });
  });
}

// ---------------------------------------------------------------- the end

/**
 * The owner awards one proposal after bid opening (not one marked not responsive, nor one whose fee and bond are
 * unpaid). What other bidders paid is settled (payments/service.ts). The winner, every other bidder and the admins
 * are told. Of two racing awards the second finds the tender awarded (409).
 */
export function awardTender(ctx: Ctx, a: Auth, tenderId: number, b: Award): Promise<TenderRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const move = allow('award', t);
    const [p] = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.id, b.proposalId), eq(proposals.tenderId, t.id)));
    if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
    if (p.evaluation === 'not_responsive') throw new AppError('PROPOSAL_NOT_RESPONSIVE');
    // The fee and bond are a condition of taking part: a proposal that never paid them cannot win.
    if (p.paymentStatus === 'unpaid' || p.paymentStatus === 'failed') throw new AppError('PROPOSAL_NOT_PAID');
    const [u] = await tx
      .update(tenders)
      .set({
        outcome: 'awarded',
        outcomeAt: new Date(),
        outcomeNote: b.note || null,
        awardedProposalId: p.id,
        updatedAt: new Date(),
      })
      .where(eq(tenders.id, t.id))
      .returning();
    await record(tx, t.id, a.user.id, 'awarded', move, { proposalId: p.id });
    await settleEndedTender(ctx, tx, after, sandboxProvider(ctx), u!);
    const others = await tx
      .select({ id: proposals.bidderId })
      .from(proposals)
      .where(and(eq(proposals.tenderId, t.id), ne(proposals.id, p.id)));
    const [winner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, p.bidderId));
    const notices: NewNotification[] = [
      { userId: p.bidderId, ...TENDER_NOTICES.awardedToYou(u!) },
      ...others.map((o) => ({ userId: o.id, ...TENDER_NOTICES.notAwarded(u!) })),
      ...(await adminIds(tx)).map((id) => ({
        userId: id,
        ...TENDER_NOTICES.awardedForAdmins(u!, winner?.name ?? ''),
      })),
    ];
    await notify(ctx, tx, after, notices);
    return u!;
  });
}

/** After bid opening, the owner closes without an award (nothing acceptable came in), with a public reason. */
export function endWithoutAward(ctx: Ctx, a: Auth, tenderId: number, reason: string) {
  return end(ctx, a, tenderId, 'no_award', reason);
}

/** The owner cancels a published tender (before or after bid opening), with a public reason. */
export function cancelTender(ctx: Ctx, a: Auth, tenderId: number, reason: string) {
  return end(ctx, a, tenderId, 'cancel', reason);
}

function end(ctx: Ctx, a: Auth, tenderId: number, action: 'no_award' | 'cancel', reason: string) {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const move = allow(action, t);
    const [u] = await tx
      .update(tenders)
      .set({ outcome: move.to, outcomeAt: new Date(), outcomeNote: reason, updatedAt: new Date() })
      .where(eq(tenders.id, t.id))
      .returning();
    await record(tx, t.id, a.user.id, move.to, move, { reason });
    await settleEndedTender(ctx, tx, after, sandboxProvider(ctx), u!);
    const notice = action === 'cancel' ? TENDER_NOTICES.cancelled(u!) : TENDER_NOTICES.closedWithoutAward(u!);
    const told = new Set([...(await participants(tx, t)), ...(await adminIds(tx))]);
    await notify(
      ctx,
      tx,
      after,
      [...told].map((userId) => ({ userId, ...notice })),
    );
    return u!;
  });
}

/** The audit trail of a tender (owner and admins), oldest first; bid opening is recorded at the deadline. */
export async function history(ctx: Ctx, a: Auth, tenderId: number) {
  const t = await visibleTender(ctx, a, tenderId);
  if (t.ownerId !== a.user.id && !a.user.isAdmin) throw new AppError('NOT_TENDER_OWNER');
  // A deadline passed since the last sweep: its bid opening is recorded now (once; see lifecycle.ts).
  await recordBidOpenings(ctx.database.db, t.id);
  const rows = await ctx.database.db
    .select({ e: tenderEvents, name: users.name })
    .from(tenderEvents)
    .leftJoin(users, eq(users.id, tenderEvents.actorId))
    .where(eq(tenderEvents.tenderId, t.id))
    .orderBy(tenderEvents.createdAt, tenderEvents.id);
  return rows.map(
    ({ e, name }): TenderEventOut => ({
      id: e.id,
      action: e.action,
      fromState: e.fromState as TenderState,
      toState: e.toState as TenderState,
      actor: e.actorId ? { id: e.actorId, name: name ?? '' } : null,
      at: e.createdAt.toISOString(),
      details: e.details,
    }),
  );
}
