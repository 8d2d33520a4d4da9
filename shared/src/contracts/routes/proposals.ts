import * as v from 'valibot';
import { IdParams } from '../common.ts';
import {
  PayNowResponse,
  Proposal,
  ProposalBody,
  ProposalSubmitted,
  ResubmitProposalBody,
} from '../proposals.ts';
import { route } from './route.ts';

/** A bidder's proposals: submit, resubmit, read, pay a fee or bond that is due. */

export const submitProposal = route({
  method: 'POST',
  path: '/proposals',
  tag: 'proposals',
  summary: 'Submit a proposal (data.payUrl when a fee or bond is due)',
  access: 'company:bidder|self',
  body: ProposalBody,
  response: ProposalSubmitted,
  status: 201,
  idempotent: true,
});

/** Someone else's proposal is refused (404) before its body is read. */
export const resubmitProposal = route({
  method: 'PUT',
  path: '/proposals/:id',
  tag: 'proposals',
  summary: 'Resubmit my proposal (keeps the earlier versions)',
  access: 'company:bidder|self',
  params: IdParams,
  body: ResubmitProposalBody,
  response: ProposalSubmitted,
  idempotent: true,
});

export const myProposals = route({
  method: 'GET',
  path: '/proposals/mine',
  tag: 'proposals',
  summary: 'My proposals with payment state',
  access: 'signedIn',
  response: v.array(Proposal),
});

export const proposal = route({
  method: 'GET',
  path: '/proposals/:id',
  tag: 'proposals',
  summary: 'A proposal (bidder, tender owner — sealed until the deadline — or admin)',
  access: 'signedIn',
  params: IdParams,
  response: Proposal,
});

export const payProposal = route({
  method: 'POST',
  path: '/proposals/:id/pay',
  tag: 'proposals',
  summary: 'Pay now: a fresh checkout URL for an unpaid proposal',
  access: 'company:bidder|self',
  params: IdParams,
  response: PayNowResponse,
  idempotent: true,
});
