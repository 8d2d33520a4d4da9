import * as v from 'valibot';
import { IdParams, Paged } from '../common.ts';
import { RejectionBody } from '../marketplace.ts';
import { Proposal } from '../proposals.ts';
import { Interest, InterestParams, Tender, TenderBody, TenderListQuery } from '../tenders.ts';
import { route } from './route.ts';

/**
 * Tenders: the lists, a tender, the owner's drafts and their way to publication, the admin's review, and the
 * owner's view of interests and proposals. Only the owner may act on a tender: anyone else signed in is refused
 * by the service (409, or 404 where the tender is not visible to them), never with a 403.
 */

const listed = { query: TenderListQuery, response: Paged(Tender) } as const;

export const marketTenders = route({
  method: 'GET',
  path: '/tenders',
  tag: 'tenders',
  summary:
    'Published tenders (approved) with the spec filters; by default those still accepting proposals (`state`: another stage, `ended` or `all`)',
  access: 'optional',
  ...listed,
});

/**
 * Any signed-in caller (an admin gets an empty list: a 403 would sign them out): the tenders of the company the
 * session acts for, every member's (viewers included), and the caller's personal ones.
 */
export const myTenders = route({
  method: 'GET',
  path: '/tenders/mine',
  tag: 'tenders',
  summary: 'My tenders (every state)',
  access: 'signedIn',
  ...listed,
});

export const adminTenders = route({
  method: 'GET',
  path: '/admin/tenders',
  tag: 'admin',
  summary: 'All tenders (admin)',
  access: 'admin',
  ...listed,
});

export const tender = route({
  method: 'GET',
  path: '/tenders/:id',
  tag: 'tenders',
  summary: 'Tender by id',
  access: 'optional',
  params: IdParams,
  response: Tender,
});

export const createTender = route({
  method: 'POST',
  path: '/tenders',
  tag: 'tenders',
  summary: 'Create a tender (draft)',
  access: 'company:buyer|self',
  body: TenderBody,
  response: Tender,
  status: 201,
});

/** Someone else's tender is refused before its body is read. */
export const editTender = route({
  method: 'PATCH',
  path: '/tenders/:id',
  tag: 'tenders',
  summary: 'Edit my tender (draft or rejected only)',
  access: 'company:buyer|self',
  params: IdParams,
  body: TenderBody,
  response: Tender,
});

export const publishTender = route({
  method: 'POST',
  path: '/tenders/:id/publish',
  tag: 'tenders',
  summary: 'Publish my tender (goes to pending approval)',
  access: 'company:buyer|self',
  params: IdParams,
  response: Tender,
});

export const closeTender = route({
  method: 'POST',
  path: '/tenders/:id/close',
  tag: 'tenders',
  summary: 'Close my tender (bidders then need approved interest)',
  access: 'company:buyer|self',
  params: IdParams,
  response: Tender,
});

export const approveTender = route({
  method: 'POST',
  path: '/admin/tenders/:id/approve',
  tag: 'admin',
  summary: 'Approve a pending tender (admin)',
  access: 'admin',
  params: IdParams,
  response: Tender,
});

export const rejectTender = route({
  method: 'POST',
  path: '/admin/tenders/:id/reject',
  tag: 'admin',
  summary: 'Reject a pending tender, saying why (admin; the owner sees the reason)',
  access: 'admin',
  params: IdParams,
  body: RejectionBody,
  response: Tender,
});

export const tenderInterests = route({
  method: 'GET',
  path: '/tenders/:id/interests',
  tag: 'tenders',
  summary: 'Interests in my tender',
  access: 'company|self',
  params: IdParams,
  response: v.array(Interest),
});

export const approveInterest = route({
  method: 'POST',
  path: '/tenders/:id/interests/:interestId/approve',
  tag: 'tenders',
  summary: 'Approve an interest in my tender',
  access: 'company:buyer|self',
  params: InterestParams,
  response: Interest,
});

/** Someone else's tender is refused before its body is read. */
export const rejectInterest = route({
  method: 'POST',
  path: '/tenders/:id/interests/:interestId/reject',
  tag: 'tenders',
  summary: 'Reject an interest in my tender, saying why',
  access: 'company:buyer|self',
  params: InterestParams,
  body: RejectionBody,
  response: Interest,
});

export const tenderProposals = route({
  method: 'GET',
  path: '/tenders/:id/proposals',
  tag: 'tenders',
  summary: 'Proposals on my tender (sealed until the deadline)',
  access: 'company|self',
  params: IdParams,
  response: v.array(Proposal),
});
