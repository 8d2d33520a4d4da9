import * as v from 'valibot';
import { AuthResponse } from '../auth.ts';
import { IdParams, Ok } from '../common.ts';
import {
  InvitationPreview,
  InvitationTokenBody,
  InviteMemberBody,
  JoinCompanyBody,
  Member,
  MemberList,
  MemberRolesBody,
  PendingInvitation,
  SwitchCompanyBody,
} from '../members.ts';
import { route } from './route.ts';

/**
 * The active company's members, roles and invitations; joining by an invitation; switching the active company
 * (docs/decisions/0011-organisations.md).
 */

export const companyMembers = route({
  method: 'GET',
  path: '/members',
  tag: 'members',
  summary: "The active company's members, and the caller's roles in it",
  access: 'company',
  response: MemberList,
});

export const changeMemberRoles = route({
  method: 'PUT',
  path: '/members/:id',
  tag: 'members',
  summary: "Change a member's roles (the last administrator keeps admin)",
  access: 'company:admin',
  params: IdParams,
  body: MemberRolesBody,
  response: Member,
  errors: [409],
});

export const removeMember = route({
  method: 'DELETE',
  path: '/members/:id',
  tag: 'members',
  summary: 'Remove a member (their sessions in this company end; never the last administrator)',
  access: 'company:admin',
  params: IdParams,
  response: Ok,
  errors: [409],
});

export const leaveCompany = route({
  method: 'POST',
  path: '/members/leave',
  tag: 'members',
  summary: 'Leave the active company (not its last administrator); answers a session without it',
  access: 'company',
  response: AuthResponse,
  errors: [409],
});

export const memberInvitations = route({
  method: 'GET',
  path: '/members/invitations',
  tag: 'members',
  summary: "The active company's pending invitations",
  access: 'company:admin',
  response: v.array(PendingInvitation),
});

export const inviteMember = route({
  method: 'POST',
  path: '/members/invitations',
  tag: 'members',
  summary: 'Invite someone by email with roles (mails a link to accept, valid 7 days)',
  access: 'company:admin',
  body: InviteMemberBody,
  response: PendingInvitation,
  status: 201,
  errors: [409],
});

export const resendMemberInvitation = route({
  method: 'POST',
  path: '/members/invitations/:id/resend',
  tag: 'members',
  summary: 'Send a pending invitation again (a new link and expiry; the old link stops working)',
  access: 'company:admin',
  params: IdParams,
  response: PendingInvitation,
});

export const cancelMemberInvitation = route({
  method: 'DELETE',
  path: '/members/invitations/:id',
  tag: 'members',
  summary: 'Cancel a pending invitation',
  access: 'company:admin',
  params: IdParams,
  response: Ok,
});

export const memberInvitation = route({
  method: 'POST',
  path: '/members/invitation',
  tag: 'members',
  summary: "An invitation link's company, address and roles (the accept page)",
  access: 'public',
  body: InvitationTokenBody,
  response: InvitationPreview,
  errors: [409],
});

export const joinCompany = route({
  method: 'POST',
  path: '/members/join',
  tag: 'members',
  summary: 'Accept an invitation: the signed-in invitee joins, or a new person sets a name and password',
  access: 'optional',
  body: JoinCompanyBody,
  response: AuthResponse,
  errors: [409],
});

export const switchCompany = route({
  method: 'POST',
  path: '/auth/switch-company',
  tag: 'auth',
  summary: 'Act for another of my companies (answers a new session for it)',
  access: 'notAdmin',
  body: SwitchCompanyBody,
  response: AuthResponse,
});
