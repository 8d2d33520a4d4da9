import { IdParams } from '../common.ts';
import {
  Contract,
  ContractDocumentQuery,
  ContractList,
  ContractReasonBody,
  MilestoneParams,
  MilestoneSubmissionBody,
  VariationBody,
  VariationParams,
} from '../contracts.ts';
import { route } from './route.ts';

/**
 * Contracts after an award (the rulebook: shared/src/rules/contract-rules.ts). Anyone outside both sides gets 404,
 * like a missing contract; platform administrators read every contract and act on none (403). Business refusals
 * answer 409 with the rulebook's reason, which each answer's `can`/`refusals` already gave.
 */

const tag = 'contracts';

export const contracts = route({
  method: 'GET',
  path: '/contracts',
  tag,
  summary:
    "The contracts of the caller's side (as buyer or supplier), newest first; every contract for admins",
  access: 'signedIn',
  response: ContractList,
});

export const contract = route({
  method: 'GET',
  path: '/contracts/:id',
  tag,
  summary: 'A contract with its milestones, variations, history and what the caller may do',
  access: 'signedIn',
  params: IdParams,
  response: Contract,
});

export const acceptContract = route({
  method: 'POST',
  path: '/contracts/:id/accept',
  tag,
  summary:
    "Accept the contract for my side (the member's name and the time are recorded); active once both accepted",
  access: 'notAdmin',
  params: IdParams,
  response: Contract,
  errors: [409],
});

export const terminateContract = route({
  method: 'POST',
  path: '/contracts/:id/terminate',
  tag,
  summary: 'End the contract early, with the reason (either side, while pending or active)',
  access: 'notAdmin',
  params: IdParams,
  body: ContractReasonBody,
  response: Contract,
  errors: [409],
});

export const submitMilestone = route({
  method: 'PUT',
  path: '/contracts/:id/milestones/:milestoneId/submission',
  tag,
  summary:
    "Submit a milestone's deliverables (a note and uploaded files) for the buyer's review (supplier side)",
  access: 'notAdmin',
  params: MilestoneParams,
  body: MilestoneSubmissionBody,
  response: Contract,
  errors: [409],
});

export const acceptMilestone = route({
  method: 'POST',
  path: '/contracts/:id/milestones/:milestoneId/accept',
  tag,
  summary:
    'Accept a submitted milestone (buyer side); the contract completes when every milestone is accepted',
  access: 'notAdmin',
  params: MilestoneParams,
  response: Contract,
  errors: [409],
});

export const requestMilestoneChanges = route({
  method: 'POST',
  path: '/contracts/:id/milestones/:milestoneId/changes',
  tag,
  summary: 'Ask for changes to a submitted milestone, with the reason (buyer side)',
  access: 'notAdmin',
  params: MilestoneParams,
  body: ContractReasonBody,
  response: Contract,
  errors: [409],
});

export const payMilestone = route({
  method: 'POST',
  path: '/contracts/:id/milestones/:milestoneId/payment',
  tag,
  summary: 'Pay an accepted milestone through the payment provider (buyer side; once per milestone)',
  access: 'notAdmin',
  params: MilestoneParams,
  response: Contract,
  errors: [409],
});

export const proposeVariation = route({
  method: 'POST',
  path: '/contracts/:id/variations',
  tag,
  summary:
    "Propose a variation (a milestone's due date or amount, or the scope) with a reason; it takes effect only when the other side accepts",
  access: 'notAdmin',
  params: IdParams,
  body: VariationBody,
  response: Contract,
  status: 201,
  errors: [409],
});

export const acceptVariation = route({
  method: 'POST',
  path: '/contracts/:id/variations/:variationId/accept',
  tag,
  summary: "Accept the other side's variation: it takes effect now",
  access: 'notAdmin',
  params: VariationParams,
  response: Contract,
  errors: [409],
});

export const rejectVariation = route({
  method: 'POST',
  path: '/contracts/:id/variations/:variationId/reject',
  tag,
  summary: "Reject the other side's variation: nothing changes",
  access: 'notAdmin',
  params: VariationParams,
  response: Contract,
  errors: [409],
});

export const withdrawVariation = route({
  method: 'POST',
  path: '/contracts/:id/variations/:variationId/withdraw',
  tag,
  summary: "Withdraw my side's variation before the other side answers it",
  access: 'notAdmin',
  params: VariationParams,
  response: Contract,
  errors: [409],
});

export const contractDocument = route({
  method: 'GET',
  path: '/contracts/:id/document',
  tag,
  summary: 'The contract as a PDF document in English or Arabic (?lang=en|ar)',
  access: 'signedIn',
  params: IdParams,
  query: ContractDocumentQuery,
  produces: 'application/pdf',
});
