import * as v from 'valibot';
import { IdParams, Ok } from '../common.ts';
import {
  Amendment,
  AmendmentBody,
  AnswerBody,
  AwardBody,
  Clarification,
  ClarificationParams,
  Comparison,
  ComparisonQuery,
  EvaluationBody,
  OutcomeReasonBody,
  QuestionBody,
  TenderEvent,
  TenderProposalParams,
} from '../tender-decisions.ts';
import { Tender } from '../tenders.ts';
import { route } from './route.ts';

/**
 * What takes a tender to a decision: questions and answers, amendments, the comparison, the evaluation, the
 * outcome, the audit trail. Only the owner acts (the history: the owner and admins); the service refuses anyone
 * else with 409, and someone else's tender before its body is read.
 */

const tag = 'tender decisions';

export const clarifications = route({
  method: 'GET',
  path: '/tenders/:id/clarifications',
  tag,
  summary: 'Questions and answers (answered: everyone; unanswered: owner and asker)',
  access: 'optional',
  params: IdParams,
  response: v.array(Clarification),
});

export const askQuestion = route({
  method: 'POST',
  path: '/tenders/:id/clarifications',
  tag,
  summary: 'Ask a question (published tender, before its clarification cut-off)',
  access: 'notAdmin',
  params: IdParams,
  body: QuestionBody,
  response: Clarification,
  status: 201,
  errors: [409],
});

export const answerQuestion = route({
  method: 'POST',
  path: '/tenders/:id/clarifications/:clarificationId/answer',
  tag,
  summary: 'Answer a question on my tender (published with the answer, asker unnamed)',
  access: 'company:buyer|self',
  params: ClarificationParams,
  body: AnswerBody,
  response: Clarification,
  errors: [409],
});

export const amendments = route({
  method: 'GET',
  path: '/tenders/:id/amendments',
  tag,
  summary: 'The amendment history, newest first',
  access: 'optional',
  params: IdParams,
  response: v.array(Amendment),
});

export const amendTender = route({
  method: 'POST',
  path: '/tenders/:id/amendments',
  tag,
  summary: 'Amend my published tender (numbered; may push the deadline)',
  access: 'company:buyer|self',
  params: IdParams,
  body: AmendmentBody,
  response: Amendment,
  status: 201,
  errors: [409],
});

export const comparison = route({
  method: 'GET',
  path: '/tenders/:id/comparison',
  tag,
  summary: 'Compare the proposals on my tender (only the count before the deadline)',
  access: 'company|self',
  params: IdParams,
  query: ComparisonQuery,
  response: Comparison,
});

export const comparisonCsv = route({
  method: 'GET',
  path: '/tenders/:id/comparison.csv',
  tag,
  summary: 'The comparison as CSV (after the deadline)',
  access: 'company|self',
  params: IdParams,
  query: ComparisonQuery,
  produces: 'text/csv',
  errors: [409],
});

export const evaluateProposal = route({
  method: 'POST',
  path: '/tenders/:id/proposals/:proposalId/evaluation',
  tag,
  summary: 'Shortlist a proposal or mark it not responsive (after bid opening)',
  access: 'company:buyer|self',
  params: TenderProposalParams,
  body: EvaluationBody,
  response: Ok,
  errors: [409],
});

export const awardTender = route({
  method: 'POST',
  path: '/tenders/:id/award',
  tag,
  summary: 'Award one proposal (after bid opening)',
  access: 'company:buyer|self',
  params: IdParams,
  body: AwardBody,
  response: Tender,
  errors: [409],
});

export const endWithoutAward = route({
  method: 'POST',
  path: '/tenders/:id/no-award',
  tag,
  summary: 'Close without award (after bid opening), with a reason',
  access: 'company:buyer|self',
  params: IdParams,
  body: OutcomeReasonBody,
  response: Tender,
  errors: [409],
});

export const cancelTender = route({
  method: 'POST',
  path: '/tenders/:id/cancel',
  tag,
  summary: 'Cancel my published tender, with a reason',
  access: 'company:buyer|self',
  params: IdParams,
  body: OutcomeReasonBody,
  response: Tender,
  errors: [409],
});

export const tenderHistory = route({
  method: 'GET',
  path: '/tenders/:id/history',
  tag,
  summary: 'The audit trail of my tender (owner and admins)',
  access: 'signedIn',
  params: IdParams,
  response: v.array(TenderEvent),
});
