import type { Debrief } from '@bawaba/shared/contracts';
import { hasTechnicalStage, inLanguage } from '@bawaba/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { proposals, tenderEvaluators, tenderScores } from '../../db/schema.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { type ComputedResult, computeResults, resultInput } from '../../lib/panel.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { sideOf, sideRecords } from '../../lib/sides.ts';
import { type After, notify } from '../../lib/tx.ts';
import { PANEL_NOTICES } from './panel-notices.ts';
import type { TenderRow } from './rows.ts';
import { visibleTender } from './service.ts';

/**
 * A bidder's debrief (docs/decisions/0014-evaluation-panel.md): once an award is decided, each proposal's bidding side
 * reads how it fared — its scores per criterion against the winner's, its rank, whether it passed the technical
 * stage and the reasons recorded (the evaluators' comments on it, unsigned; why it was marked not responsive). It is
 * derived from the same results as the panel's and the comparison's; every bidder is told it is ready at the award
 * decision.
 */

const scoresOf = (r: ComputedResult | undefined) => ({
  technicalScore: r?.technicalScore ?? null,
  priceScore: r?.priceScore ?? null,
  finalScore: r?.finalScore ?? null,
  rank: r?.rank ?? null,
});

/** GET /tenders/:id/debrief for the caller's side's proposal. */
export async function debrief(ctx: Ctx, a: Auth, tenderId: number, l: Lang): Promise<Debrief> {
  const db = ctx.database.db;
  const t = await visibleTender(ctx, a, tenderId);
  const [p] = await db
    .select()
    .from(proposals)
    .where(and(eq(proposals.tenderId, t.id), sideRecords(sideOf(a), proposals.companyId, proposals.bidderId)))
    .limit(1);
  if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
  // An award decided (standing during the standstill, or final); withdrawn or cancelled: none.
  if (t.awardedProposalId === null) throw new AppError('DEBRIEF_NOT_READY');
  const { input } = await resultInput(db, t, l);
  const rows = computeResults(input);
  const mine = rows.find((r) => r.proposalId === p.id);
  const winner = rows.find((r) => r.proposalId === t.awardedProposalId);
  const comments = await db
    .select({ criterion: tenderScores.criterion, comment: tenderScores.comment })
    .from(tenderScores)
    .innerJoin(
      tenderEvaluators,
      and(
        eq(tenderEvaluators.tenderId, tenderScores.tenderId),
        eq(tenderEvaluators.userId, tenderScores.evaluatorId),
      ),
    )
    .where(
      and(
        eq(tenderScores.tenderId, t.id),
        eq(tenderScores.proposalId, p.id),
        eq(tenderEvaluators.declaration, 'signed'),
      ),
    )
    .orderBy(tenderScores.criterion, tenderScores.evaluatorId);
  const weighted = t.evaluationMethod === 'weighted';
  return {
    tenderId: t.id,
    proposalId: p.id,
    method: t.evaluationMethod,
    isWinner: p.id === t.awardedProposalId,
    technicalPassed: hasTechnicalStage(t) ? (mine?.technicalPassed ?? null) : null,
    passMark: t.passMark,
    notResponsiveReason: p.evaluation === 'not_responsive' ? p.evaluationReason : null,
    mine: scoresOf(mine),
    winner: scoresOf(winner),
    rankedCount: rows.filter((r) => r.rank !== null).length,
    criteria: weighted
      ? t.evaluationCriteria.map((c, criterion) => {
          const name = inLanguage(l, c.nameEn, c.nameAr);
          return {
            criterion,
            name: name.text,
            nameLang: name.lang,
            weight: c.weight,
            mine: mine?.criteria[criterion]?.mean ?? null,
            winner: winner?.criteria[criterion]?.mean ?? null,
            comments: comments.filter((x) => x.criterion === criterion).map((x) => x.comment),
          };
        })
      : [],
  };
}

/** At an award decision: every bidding side (the winner's too) is told its debrief is ready; `actor` is not. */
export async function announceDebriefs(ctx: Ctx, tx: Tx, after: After, t: TenderRow, actor: number) {
  const sides = await tx
    .select({ companyId: proposals.companyId, userId: proposals.bidderId })
    .from(proposals)
    .where(eq(proposals.tenderId, t.id));
  const told = await concerned(tx, sides, 'bidder', actor);
  await notify(ctx, tx, after, noticeTo(told, PANEL_NOTICES.debriefReady(t)));
}
