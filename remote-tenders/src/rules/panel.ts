import type { PanelScore, ScoresBody, Tender } from '@bawaba/shared/contracts';
import { hasTechnicalStage } from '@bawaba/shared/rules';

/** What the scoring sheet holds for one proposal × criterion: the score as typed (whole 0–10) and the comment. */
export interface CellDraft {
  score: string;
  comment: string;
}
export type SheetDraft = Record<string, CellDraft>;

/** The key of one proposal × criterion in a sheet. */
export const cellKey = (proposalId: number, criterion: number) => `${proposalId}:${criterion}`;

/** The sheet as the caller saved it (their own scores). */
export function sheetOf(myScores: readonly PanelScore[]): SheetDraft {
  return Object.fromEntries(
    myScores.map((s) => [cellKey(s.proposalId, s.criterion), { score: String(s.score), comment: s.comment }]),
  );
}

/** A cell is filled when its score is a whole number 0–10 and its comment is written (what the API requires). */
export function isFilled(cell: CellDraft | undefined): boolean {
  if (!cell) return false;
  const score = cell.score.trim();
  return /^(10|[0-9])$/.test(score) && cell.comment.trim() !== '';
}

/**
 * The scores of one proposal to save: its criteria with anything typed (a half-filled cell is sent too, so the API's
 * message says what is missing); none typed: null (nothing to save).
 */
export function scoresToSave(draft: SheetDraft, proposalId: number, criteria: number): ScoresBody | null {
  const scores: ScoresBody['scores'] = [];
  for (let criterion = 0; criterion < criteria; criterion++) {
    const cell = draft[cellKey(proposalId, criterion)];
    if (!cell || (cell.score.trim() === '' && cell.comment.trim() === '')) continue;
    const score = cell.score.trim() === '' ? Number.NaN : Number(cell.score);
    scores.push({ criterion, score, comment: cell.comment });
  }
  return scores.length ? { scores } : null;
}

/** How many proposal × criterion cells are still to fill before the scores can be submitted. */
export function cellsLeft(draft: SheetDraft, proposalIds: readonly number[], criteria: number): number {
  let left = 0;
  for (const proposalId of proposalIds)
    for (let criterion = 0; criterion < criteria; criterion++)
      if (!isFilled(draft[cellKey(proposalId, criterion)])) left++;
  return left;
}

/**
 * Whether the tender page shows the caller's part of the evaluation panel: while one of its actions is offered, and —
 * for a member of the panel (the rulebook's refusal says `NOT_EVALUATOR` to anyone else on the buyer side) — after bid
 * opening of a tender with a technical stage, so that an evaluator keeps the panel and its results after submitting
 * or after the lock, when no action is left to offer.
 */
export function panelOnTenderPage(
  t: Pick<Tender, 'can' | 'refusals' | 'isOwner' | 'isPastDeadline' | 'evaluation'>,
): boolean {
  const { can } = t;
  if (can.signDeclaration || can.scoreProposals || can.requestRevisit || can.lockTechnical) return true;
  const onPanel = t.isOwner && t.refusals.signDeclaration !== 'NOT_EVALUATOR';
  return (
    onPanel &&
    t.isPastDeadline &&
    hasTechnicalStage({ evaluationMethod: t.evaluation.method, envelopes: t.evaluation.envelopes })
  );
}
