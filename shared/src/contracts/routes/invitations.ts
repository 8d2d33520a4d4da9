import * as v from 'valibot';
import { IdParams } from '../common.ts';
import { InvitableTender, Invitation, InvitationBody, InviterStatus } from '../marketplace.ts';
import { route } from './route.ts';

/** Invitations: a tender's owner invites directory companies (api/README.md "Invitations"). */

export const invite = route({
  method: 'POST',
  path: '/tenders/:id/invitations',
  tag: 'invitations',
  summary: 'Invite a directory company to my tender',
  access: 'company:buyer|self',
  params: IdParams,
  body: InvitationBody,
  response: Invitation,
  status: 201,
  errors: [409],
  idempotent: true,
});

export const tenderInvitations = route({
  method: 'GET',
  path: '/tenders/:id/invitations',
  tag: 'invitations',
  summary: 'The invitations of my tender: sent, opened, interest, bid',
  access: 'company|self',
  params: IdParams,
  response: v.array(Invitation),
  errors: [409],
});

export const invitableTenders = route({
  method: 'GET',
  path: '/invitations/tenders',
  tag: 'invitations',
  summary: 'My tenders I can invite a company to (not ended, before the deadline)',
  access: 'company:buyer|self',
  response: v.array(InvitableTender),
});

/** Any signed-in caller (an admin gets "nothing to invite to"): a 403 here would sign the user out. */
export const inviterStatus = route({
  method: 'GET',
  path: '/invitations/inviter',
  tag: 'invitations',
  summary: 'Whether I have a tender to invite to, and which company is mine',
  access: 'signedIn',
  response: InviterStatus,
});

export const receivedInvitations = route({
  method: 'GET',
  path: '/invitations/received',
  tag: 'invitations',
  summary:
    'Invitations sent to the company the session acts for (any member; none for a person acting as themselves)',
  access: 'company|self',
  response: v.array(Invitation),
});
