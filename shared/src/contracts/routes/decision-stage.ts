import * as v from 'valibot';
import { IdParams, Ok } from '../common.ts';
import {
  DecisionRequest,
  DecisionSettings,
  Objection,
  ObjectionAnswerBody,
  ObjectionBody,
  ObjectionParams,
  RefuseDecisionBody,
} from '../decision-stage.ts';
import { Tender } from '../tenders.ts';
import { route } from './route.ts';

/**
 * The decision stage (docs/decisions/0013-decision-stage.md): four eyes on the end of a tender, the standstill's
 * objections, and the company's approval threshold. Business refusals answer 409 (the tender rulebook's reasons).
 */

const tag = 'tender decisions';

export const decisionRequests = route({
  method: 'GET',
  path: '/tenders/:id/decision-requests',
  tag,
  summary:
    'The requests for an award, no award or cancellation of my tender, newest first (buyer side, admins)',
  access: 'signedIn',
  params: IdParams,
  response: v.array(DecisionRequest),
});

export const approveDecision = route({
  method: 'POST',
  path: '/tenders/:id/decision-request/approve',
  tag,
  summary:
    "Approve another member's pending award, no award or cancellation (company approvers): it happens now",
  // A company member with the approver role, checked by the tender rulebook after ownership (409s), so that a
  // tender's `refusals` read the same for everyone outside its buyer side.
  access: 'notAdmin',
  params: IdParams,
  response: Tender,
  errors: [409],
});

export const refuseDecision = route({
  method: 'POST',
  path: '/tenders/:id/decision-request/refuse',
  tag,
  summary:
    "Refuse another member's pending award, no award or cancellation, with a reason (company approvers)",
  access: 'notAdmin',
  params: IdParams,
  body: RefuseDecisionBody,
  response: Tender,
  errors: [409],
});

export const objections = route({
  method: 'GET',
  path: '/tenders/:id/objections',
  tag,
  summary:
    "Objections to the tender's award: all of them for the buyer side and admins, one's own for a bidder",
  access: 'signedIn',
  params: IdParams,
  response: v.array(Objection),
});

export const fileObjection = route({
  method: 'POST',
  path: '/tenders/:id/objections',
  tag,
  summary: 'Object to the award during the standstill (a bidder that did not win; one objection each)',
  access: 'notAdmin',
  params: IdParams,
  body: ObjectionBody,
  response: Objection,
  status: 201,
  errors: [409],
});

export const answerObjection = route({
  method: 'POST',
  path: '/tenders/:id/objections/:objectionId/answer',
  tag,
  summary: 'Answer an objection: dismiss it with reasons, or uphold it (the award is withdrawn)',
  access: 'company:buyer|self',
  params: ObjectionParams,
  body: ObjectionAnswerBody,
  response: Objection,
  errors: [409],
});

export const openObjections = route({
  method: 'GET',
  path: '/admin/objections',
  tag: 'admin',
  summary: 'Objections waiting for an answer, on every tender (admin)',
  access: 'admin',
  response: v.array(Objection),
});

export const decisionSettings = route({
  method: 'GET',
  path: '/companies/mine/decision-settings',
  tag: 'companies',
  summary:
    "The active company's approval threshold for awards, no awards and cancellations (any member reads it)",
  access: 'company',
  response: DecisionSettings,
});

export const saveDecisionSettings = route({
  method: 'PUT',
  path: '/companies/mine/decision-settings',
  tag: 'companies',
  summary: "Set the active company's approval threshold (its administrators)",
  access: 'company:admin',
  body: DecisionSettings,
  response: Ok,
});
