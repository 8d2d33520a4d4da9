import type {
  DeclarationBody,
  Panel,
  PanelBody,
  PanelScore,
  PanelStanding,
  RevisitBody,
  ScoresBody,
  SpreadCell,
} from '@bawaba/shared/contracts';
import { ownsTender } from '@bawaba/shared/rules';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  companyMembers,
  proposals,
  tenderEvaluators,
  tenderScores,
  tenders,
  users,
} from '../../db/schema.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { computeResults, evaluationResults, resultInput } from '../../lib/panel.ts';
import { concerned, noticeTo, tenderSide } from '../../lib/recipients.ts';
import { inTx, type NewNotification, notify } from '../../lib/tx.ts';
import { callerOf, record, refuseUnless, tenderState } from './lifecycle.ts';
import { PANEL_NOTICES } from './panel-notices.ts';
import { userName } from './queries.ts';
import { isPast, type TenderRow } from './rows.ts';
import { lockOwnTender, visibleTender } from './service.ts';
import { viewerOf } from './tender-serializer.ts';

/**
 * The evaluation panel (docs/decisions/0014-evaluation-panel.md): the buyer side appoints it; each evaluator signs
 * the conflict-of-interest declaration (or declines and leaves), scores every responsive proposal on every criterion
 * and submits; the chair asks for revisits and locks the technical stage, which records each proposal's pass or fail
 * (its financial part opens, or stays sealed for ever: api/src/lib/sealing.ts). Every write locks the tender row
 * first, then asks the rulebook (`appointPanel`, `signDeclaration`, `scoreProposals`, `requestRevisit`,
 * `lockTechnical`) with the caller's standing read under that lock; every step is a history line.
 */

type Appointment = v.InferOutput<typeof PanelBody>;
type Declaration = v.InferOutput<typeof DeclarationBody>;
type Scores = v.InferOutput<typeof ScoresBody>;
type Revisit = v.InferOutput<typeof RevisitBody>;
type EvaluatorRow = typeof tenderEvaluators.$inferSelect;

const standingOf = (row: EvaluatorRow | undefined): PanelStanding | null =>
  row
    ? {
        chair: row.isChair,
        declaration: row.declaration as PanelStanding['declaration'],
        submitted: row.submittedAt !== null,
      }
    : null;

/** The caller's row on the tender's panel, locked with the tender for the rest of the transaction. */
async function myRow(tx: Tx, tenderId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(tenderEvaluators)
    .where(and(eq(tenderEvaluators.tenderId, tenderId), eq(tenderEvaluators.userId, userId)))
    .for('update');
  return row;
}

/**
 * Whether the panel may lock: at least one evaluator signed and every one who signed has submitted (the rulebook's
 * `panelReady`).
 */
async function panelReady(db: Db | Tx, tenderId: number): Promise<boolean> {
  const rows = await db
    .select({ submittedAt: tenderEvaluators.submittedAt })
    .from(tenderEvaluators)
    .where(and(eq(tenderEvaluators.tenderId, tenderId), eq(tenderEvaluators.declaration, 'signed')));
  return rows.length > 0 && rows.every((r) => r.submittedAt !== null);
}

/** The rulebook's facts of the tender and the caller for a panel action, read under the tender's lock. */
async function facts(tx: Tx, a: Auth, t: TenderRow) {
  const row = await myRow(tx, t.id, a.user.id);
  return {
    row,
    tender: { ...t, panelReady: await panelReady(tx, t.id) },
    caller: callerOf(a, { panel: standingOf(row) }),
  };
}

const stay = (t: TenderRow) => {
  const state = tenderState(t);
  return { from: state, to: state };
};

/** The tender's proposals that are scored: every one not marked not responsive. */
function scoredProposals(db: Db | Tx, tenderId: number) {
  return db
    .select({ id: proposals.id })
    .from(proposals)
    .where(
      and(eq(proposals.tenderId, tenderId), sql`${proposals.evaluation} is distinct from 'not_responsive'`),
    );
}

/**
 * PUT /tenders/:id/panel: the whole panel. Members of the tender's company (a personal tender: its owner alone).
 * A member already on it keeps their declaration and scores; one left out is dropped with their scores; one who
 * declined keeps their row unless appointed again (then they are asked to declare again).
 */
export async function appointPanel(ctx: Ctx, a: Auth, tenderId: number, b: Appointment, l: Lang) {
  await inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    refuseUnless('appointPanel', t, callerOf(a));
    const ids = b.evaluatorIds;
    if (t.companyId === null) {
      if (ids.some((id) => id !== t.ownerId)) throw new AppError('NOT_COMPANY_MEMBER');
    } else {
      const members = await tx
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, t.companyId), inArray(companyMembers.userId, ids)));
      if (members.length !== ids.length) throw new AppError('NOT_COMPANY_MEMBER');
    }
    const before = await tx
      .select()
      .from(tenderEvaluators)
      .where(eq(tenderEvaluators.tenderId, t.id))
      .for('update');
    const dropped = before.filter((r) => r.declaration !== 'declined' && !ids.includes(r.userId));
    const droppedIds = dropped.map((r) => r.userId);
    if (droppedIds.length) {
      await tx
        .delete(tenderScores)
        .where(and(eq(tenderScores.tenderId, t.id), inArray(tenderScores.evaluatorId, droppedIds)));
      await tx
        .delete(tenderEvaluators)
        .where(and(eq(tenderEvaluators.tenderId, t.id), inArray(tenderEvaluators.userId, droppedIds)));
    }
    // One chair: cleared first (the partial unique index), then given.
    await tx.update(tenderEvaluators).set({ isChair: false }).where(eq(tenderEvaluators.tenderId, t.id));
    const told: NewNotification[] = [];
    for (const userId of ids) {
      const had = before.find((r) => r.userId === userId);
      const chair = userId === b.chairId;
      if (!had) {
        await tx
          .insert(tenderEvaluators)
          .values({ tenderId: t.id, userId, isChair: chair, appointedBy: a.user.id });
      } else {
        // Appointed again after declining: asked to declare again.
        const again =
          had.declaration === 'declined'
            ? { declaration: 'pending', declineReason: null, declaredAt: null, submittedAt: null }
            : {};
        await tx
          .update(tenderEvaluators)
          .set({ isChair: chair, ...again })
          .where(eq(tenderEvaluators.id, had.id));
      }
      const news = !had || had.declaration === 'declined' || (chair && !had.isChair);
      if (news && userId !== a.user.id) told.push(...noticeTo([userId], PANEL_NOTICES.appointed(t, chair)));
    }
    await record(tx, t.id, a, 'panel_appointed', stay(t), {
      evaluatorIds: ids,
      chairId: b.chairId,
      droppedIds,
    });
    told.push(
      ...noticeTo(
        droppedIds.filter((id) => id !== a.user.id),
        PANEL_NOTICES.removed(t),
      ),
    );
    await notify(ctx, tx, after, told);
  });
  return panelView(ctx, a, tenderId, l);
}

/** POST /tenders/:id/panel/declaration: signed, or declined with a reason (off the panel; a chair leaves it chairless). */
export async function declare(ctx: Ctx, a: Auth, tenderId: number, b: Declaration, l: Lang) {
  await inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const { row, tender, caller } = await facts(tx, a, t);
    refuseUnless('signDeclaration', tender, caller);
    const now = new Date();
    if (b.decision === 'sign') {
      await tx
        .update(tenderEvaluators)
        .set({ declaration: 'signed', declaredAt: now })
        .where(eq(tenderEvaluators.id, row!.id));
      await record(tx, t.id, a, 'declaration_signed', stay(t), { evaluatorId: a.user.id });
      return;
    }
    const reason = b.reason ?? '';
    await tx
      .update(tenderEvaluators)
      .set({ declaration: 'declined', declineReason: reason, declaredAt: now, isChair: false })
      .where(eq(tenderEvaluators.id, row!.id));
    await tx
      .delete(tenderScores)
      .where(and(eq(tenderScores.tenderId, t.id), eq(tenderScores.evaluatorId, a.user.id)));
    await record(tx, t.id, a, 'declaration_declined', stay(t), {
      evaluatorId: a.user.id,
      reason,
      wasChair: row!.isChair,
    });
    const buyers = await concerned(tx, tenderSide(t), 'buyer', a.user.id);
    const name = await userName(tx, a.user.id);
    await notify(ctx, tx, after, noticeTo(buyers, PANEL_NOTICES.declined(t, name, row!.isChair)));
  });
  return panelView(ctx, a, tenderId, l);
}

/** The criterion positions of the tender (refused as invalid input when one is not there). */
function checkCriteria(t: TenderRow, criteria: number[]) {
  if (criteria.some((c) => c >= t.evaluationCriteria.length))
    throw new AppError('VALIDATION_FAILED', 'criterion');
}

/** A proposal of the tender that is scored (not marked not responsive). */
async function scoredProposal(tx: Tx, t: TenderRow, proposalId: number) {
  const [p] = await tx
    .select({ id: proposals.id, evaluation: proposals.evaluation })
    .from(proposals)
    .where(and(eq(proposals.id, proposalId), eq(proposals.tenderId, t.id)));
  if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
  if (p.evaluation === 'not_responsive') throw new AppError('PROPOSAL_NOT_RESPONSIVE');
  return p;
}

/** PUT /tenders/:id/panel/scores/:proposalId: the caller's draft scores of one proposal (the criteria sent replace theirs). */
export async function saveScores(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  proposalId: number,
  b: Scores,
  l: Lang,
) {
  await inTx(ctx, async (tx) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const { tender, caller } = await facts(tx, a, t);
    refuseUnless('scoreProposals', tender, caller);
    const p = await scoredProposal(tx, t, proposalId);
    checkCriteria(
      t,
      b.scores.map((s) => s.criterion),
    );
    const now = new Date();
    for (const s of b.scores)
      await tx
        .insert(tenderScores)
        .values({
          tenderId: t.id,
          evaluatorId: a.user.id,
          proposalId: p.id,
          criterion: s.criterion,
          score: s.score,
          comment: s.comment,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [
            tenderScores.tenderId,
            tenderScores.evaluatorId,
            tenderScores.proposalId,
            tenderScores.criterion,
          ],
          set: { score: s.score, comment: s.comment, updatedAt: now },
        });
  });
  return panelView(ctx, a, tenderId, l);
}

/** POST /tenders/:id/panel/submit: every responsive proposal × criterion scored, then read-only. */
export async function submitScores(ctx: Ctx, a: Auth, tenderId: number, l: Lang) {
  await inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const { row, tender, caller } = await facts(tx, a, t);
    refuseUnless('scoreProposals', tender, caller);
    const scored = (await scoredProposals(tx, t.id)).map((p) => p.id);
    const mine = await tx
      .select({ proposalId: tenderScores.proposalId, criterion: tenderScores.criterion })
      .from(tenderScores)
      .where(and(eq(tenderScores.tenderId, t.id), eq(tenderScores.evaluatorId, a.user.id)));
    const criteria = t.evaluationCriteria.length;
    const complete = scored.every(
      (id) => mine.filter((s) => s.proposalId === id && s.criterion < criteria).length === criteria,
    );
    if (!complete) throw new AppError('SCORES_INCOMPLETE');
    await tx
      .update(tenderEvaluators)
      .set({ submittedAt: new Date() })
      .where(eq(tenderEvaluators.id, row!.id));
    await tx
      .update(tenderScores)
      .set({ revisitReason: null, revisitAt: null })
      .where(and(eq(tenderScores.tenderId, t.id), eq(tenderScores.evaluatorId, a.user.id)));
    await record(tx, t.id, a, 'scores_submitted', stay(t), { evaluatorId: a.user.id });
    if (await panelReady(tx, t.id)) {
      const [chair] = await tx
        .select({ userId: tenderEvaluators.userId })
        .from(tenderEvaluators)
        .where(and(eq(tenderEvaluators.tenderId, t.id), eq(tenderEvaluators.isChair, true)));
      if (chair && chair.userId !== a.user.id)
        await notify(ctx, tx, after, noticeTo([chair.userId], PANEL_NOTICES.ready(t)));
    }
  });
  return panelView(ctx, a, tenderId, l);
}

/** POST /tenders/:id/panel/revisit: the chair reopens an evaluator's submission on one score, with a reason. */
export async function requestRevisit(ctx: Ctx, a: Auth, tenderId: number, b: Revisit, l: Lang) {
  await inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const { tender, caller } = await facts(tx, a, t);
    refuseUnless('requestRevisit', tender, caller);
    const target = await myRow(tx, t.id, b.evaluatorId);
    if (target?.declaration !== 'signed') throw new AppError('NOT_EVALUATOR');
    if (!target.submittedAt) throw new AppError('SCORES_NOT_SUBMITTED');
    await scoredProposal(tx, t, b.proposalId);
    checkCriteria(t, [b.criterion]);
    const now = new Date();
    await tx
      .update(tenderScores)
      .set({ revisitReason: b.reason, revisitAt: now })
      .where(
        and(
          eq(tenderScores.tenderId, t.id),
          eq(tenderScores.evaluatorId, b.evaluatorId),
          eq(tenderScores.proposalId, b.proposalId),
          eq(tenderScores.criterion, b.criterion),
        ),
      );
    await tx.update(tenderEvaluators).set({ submittedAt: null }).where(eq(tenderEvaluators.id, target.id));
    await record(tx, t.id, a, 'revisit_requested', stay(t), {
      evaluatorId: b.evaluatorId,
      proposalId: b.proposalId,
      criterion: b.criterion,
      reason: b.reason,
    });
    if (b.evaluatorId !== a.user.id)
      await notify(ctx, tx, after, noticeTo([b.evaluatorId], PANEL_NOTICES.revisit(t, b.reason)));
  });
  return panelView(ctx, a, tenderId, l);
}

/**
 * POST /tenders/:id/panel/lock: under the tender's row lock, with `technical_locked_at` read again (of two chairs
 * locking at once the second is refused `TECHNICAL_LOCKED`), each proposal's pass or fail is recorded from the
 * results (weighted: technical score ≥ pass mark; lowest price: not marked not responsive) and the stage is locked.
 */
export async function lockTechnical(ctx: Ctx, a: Auth, tenderId: number, l: Lang) {
  await inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const { tender, caller } = await facts(tx, a, t);
    refuseUnless('lockTechnical', tender, caller);
    const { input } = await resultInput(tx, t, l);
    const results = computeResults(input);
    for (const passed of [true, false]) {
      const ids = results.filter((r) => r.technicalPassed === passed).map((r) => r.proposalId);
      if (ids.length)
        await tx.update(proposals).set({ technicalPassed: passed }).where(inArray(proposals.id, ids));
    }
    const now = new Date();
    await tx
      .update(tenders)
      .set({ technicalLockedAt: now, technicalLockedBy: a.user.id, updatedAt: now })
      .where(and(eq(tenders.id, t.id), isNull(tenders.technicalLockedAt)));
    const failed = results.filter((r) => !r.technicalPassed);
    await record(tx, t.id, a, 'technical_locked', stay(t), {
      passed: results.length - failed.length,
      failed: failed.length,
    });
    for (const r of failed)
      await record(tx, t.id, a, 'technical_failed', stay(t), {
        proposalId: r.proposalId,
        technicalScore: r.technicalScore,
      });
    const panel = await tx
      .select({ userId: tenderEvaluators.userId })
      .from(tenderEvaluators)
      .where(and(eq(tenderEvaluators.tenderId, t.id), eq(tenderEvaluators.declaration, 'signed')));
    const told = [
      ...(await concerned(tx, tenderSide(t), 'buyer', a.user.id)),
      ...panel.map((p) => p.userId).filter((id) => id !== a.user.id),
    ];
    await notify(
      ctx,
      tx,
      after,
      noticeTo(told, PANEL_NOTICES.locked(t, results.length - failed.length, failed.length)),
    );
  });
  return panelView(ctx, a, tenderId, l);
}

/** Scores as the contract's `PanelScore`. */
const scoreOut = (s: typeof tenderScores.$inferSelect): PanelScore => ({
  evaluatorId: s.evaluatorId,
  proposalId: s.proposalId,
  criterion: s.criterion,
  score: s.score,
  comment: s.comment,
  revisit:
    s.revisitReason && s.revisitAt
      ? { reason: s.revisitReason, requestedAt: s.revisitAt.toISOString() }
      : null,
});

/** Every evaluator's score of each proposal × criterion, with min and max (the chair's spread). */
function spreadOf(scores: PanelScore[]): SpreadCell[] {
  const cells = new Map<string, SpreadCell>();
  for (const s of scores) {
    const key = `${s.proposalId}:${s.criterion}`;
    const cell = cells.get(key) ?? {
      proposalId: s.proposalId,
      criterion: s.criterion,
      min: s.score,
      max: s.score,
      scores: [],
    };
    cell.min = Math.min(cell.min, s.score);
    cell.max = Math.max(cell.max, s.score);
    cell.scores.push({ evaluatorId: s.evaluatorId, score: s.score, comment: s.comment });
    cells.set(key, cell);
  }
  return [...cells.values()].sort((x, y) => x.proposalId - y.proposalId || x.criterion - y.criterion);
}

/**
 * GET /tenders/:id/panel for the caller: the buyer side (any role), its evaluators and admins; anyone else is
 * refused like the tender's history. Independence: an evaluator reads the others' scores only once they have
 * submitted; the buyer side off the panel and admins only after the lock; an evaluator who has not signed reads
 * the members and the bidders, nothing of the proposals.
 */
export async function panelView(ctx: Ctx, a: Auth, tenderId: number, l: Lang): Promise<Panel> {
  const db = ctx.database.db;
  const t = await visibleTender(ctx, a, tenderId);
  const buyerSide = ownsTender(t, viewerOf(a));
  if (!buyerSide && !a.user.isAdmin) throw new AppError('NOT_TENDER_OWNER');
  const rows = await db
    .select({ e: tenderEvaluators, name: users.name })
    .from(tenderEvaluators)
    .innerJoin(users, eq(users.id, tenderEvaluators.userId))
    .where(eq(tenderEvaluators.tenderId, t.id))
    .orderBy(tenderEvaluators.id);
  const mine = buyerSide ? rows.find((r) => r.e.userId === a.user.id)?.e : undefined;
  const me = standingOf(mine);
  const onPanel = me !== null && me.declaration !== 'declined';
  const blocked = me !== null && me.declaration !== 'signed';
  const locked = t.technicalLockedAt !== null;
  const signedIds = rows.filter((r) => r.e.declaration === 'signed').map((r) => r.e.userId);
  const all = signedIds.length
    ? (
        await db
          .select()
          .from(tenderScores)
          .where(and(eq(tenderScores.tenderId, t.id), inArray(tenderScores.evaluatorId, signedIds)))
          .orderBy(tenderScores.proposalId, tenderScores.criterion, tenderScores.evaluatorId)
      ).map(scoreOut)
    : [];
  const seesAll = !blocked && (locked || (onPanel && me?.submitted === true));
  const results = blocked ? null : await evaluationResults(db, t, l);
  const opened = t.approvalStatus === 'approved' && isPast(t);
  const bidders = opened ? [...(await resultInput(db, t, l)).bidders.values()] : null;
  return {
    tenderId: t.id,
    chairId: rows.find((r) => r.e.isChair)?.e.userId ?? null,
    members: rows.map(({ e, name }) => ({
      userId: e.userId,
      name,
      isChair: e.isChair,
      declaration: e.declaration as PanelStanding['declaration'],
      declaredAt: e.declaredAt?.toISOString() ?? null,
      declineReason: e.declineReason,
      submittedAt: e.submittedAt?.toISOString() ?? null,
    })),
    me,
    bidders,
    myScores: onPanel && !blocked ? all.filter((s) => s.evaluatorId === a.user.id) : [],
    scoresHidden: !seesAll,
    scores: seesAll ? all : [],
    spread: seesAll && me?.chair ? spreadOf(all) : null,
    lockedAt: t.technicalLockedAt?.toISOString() ?? null,
    results,
  };
}
