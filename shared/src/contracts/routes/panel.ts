import { IdParams } from '../common.ts';
import {
  Debrief,
  DeclarationBody,
  Panel,
  PanelBody,
  PanelScoreParams,
  RevisitBody,
  ScoresBody,
} from '../panel.ts';
import { route } from './route.ts';

/**
 * The evaluation panel (docs/decisions/0014-evaluation-panel.md): appointing it, the evaluators' declarations and
 * scores, the chair's revisits and the technical lock. Business refusals answer 409 (the tender rulebook's reasons:
 * `appointPanel`, `signDeclaration`, `scoreProposals`, `requestRevisit`, `lockTechnical`); each write answers the
 * panel as the caller now reads it. And each bidder's debrief after the award decision.
 */

const tag = 'tender panel';

export const tenderPanel = route({
  method: 'GET',
  path: '/tenders/:id/panel',
  tag,
  summary:
    "The tender's evaluation panel: members, declarations, the caller's scores, the others' once allowed, results after the lock",
  // The buyer side (any role: an evaluator may hold any), the panel and admins; anyone else: 404 like a missing tender.
  access: 'signedIn',
  params: IdParams,
  response: Panel,
});

export const appointPanel = route({
  method: 'PUT',
  path: '/tenders/:id/panel',
  tag,
  summary:
    'Appoint the whole panel: evaluators among the tender company members, one of them the chair (until the technical lock)',
  access: 'company:buyer|self',
  params: IdParams,
  body: PanelBody,
  response: Panel,
  errors: [409],
});

export const signDeclaration = route({
  method: 'POST',
  path: '/tenders/:id/panel/declaration',
  tag,
  summary:
    'An evaluator signs the conflict-of-interest declaration after bid opening, or declines it with a reason (off the panel)',
  // An evaluator may hold any company role: the rulebook checks the panel (409s).
  access: 'notAdmin',
  params: IdParams,
  body: DeclarationBody,
  response: Panel,
  errors: [409],
});

export const saveScores = route({
  method: 'PUT',
  path: '/tenders/:id/panel/scores/:proposalId',
  tag,
  summary:
    "An evaluator's draft scores of one proposal, 0–10 per criterion with a comment (until they submit)",
  access: 'notAdmin',
  params: PanelScoreParams,
  body: ScoresBody,
  response: Panel,
  errors: [409],
});

export const submitScores = route({
  method: 'POST',
  path: '/tenders/:id/panel/submit',
  tag,
  summary: 'An evaluator submits their scores (every proposal × criterion scored); they become read-only',
  access: 'notAdmin',
  params: IdParams,
  response: Panel,
  errors: [409],
});

export const requestRevisit = route({
  method: 'POST',
  path: '/tenders/:id/panel/revisit',
  tag,
  summary:
    'The chair asks an evaluator who submitted to look at one score again, with a reason: their submission reopens',
  access: 'notAdmin',
  params: IdParams,
  body: RevisitBody,
  response: Panel,
  errors: [409],
});

export const lockTechnical = route({
  method: 'POST',
  path: '/tenders/:id/panel/lock',
  tag,
  summary:
    'Lock the technical stage: the passed proposals are recorded and their financial parts open (the chair; lowest price: the buyer side)',
  access: 'notAdmin',
  params: IdParams,
  response: Panel,
  errors: [409],
});

export const tenderDebrief = route({
  method: 'GET',
  path: '/tenders/:id/debrief',
  tag,
  summary:
    "A bidder's debrief after the award decision: their scores per criterion against the winner's, their rank, pass or fail and the reasons",
  // The proposal's bidding side: anyone else finds no proposal of theirs (404); before an award decision 409.
  access: 'notAdmin',
  params: IdParams,
  response: Debrief,
  errors: [409],
});
