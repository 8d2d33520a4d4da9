import {
  cancelMemberInvitation,
  changeMemberRoles,
  companyMembers,
  inviteMember,
  joinCompany,
  leaveCompany,
  memberInvitation,
  memberInvitations,
  removeMember,
  resendMemberInvitation,
  switchCompany,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import * as members from './service.ts';

/**
 * The member routes (declared in shared/src/contracts/routes/members.ts, with the company role each needs): thin
 * handlers; the rules are in service.ts.
 */
export const membersModule: Module = (app, ctx) => {
  const ok = { ok: true as const };

  serve(app, ctx, companyMembers, async ({ auth }) => members.listMembers(ctx, auth));
  serve(app, ctx, changeMemberRoles, async ({ auth, params, body }) =>
    members.changeRoles(ctx, auth, params.id, body.roles),
  );
  serve(app, ctx, removeMember, async ({ auth, params }) => {
    await members.remove(ctx, auth, params.id);
    return ok;
  });
  serve(app, ctx, leaveCompany, async ({ auth }) => members.leave(ctx, auth));
  serve(app, ctx, memberInvitations, async ({ auth }) => members.invitations(ctx, auth));
  serve(app, ctx, inviteMember, async ({ auth, body, lang }) => members.invite(ctx, auth, body, lang));
  serve(app, ctx, resendMemberInvitation, async ({ auth, params }) => members.resend(ctx, auth, params.id));
  serve(app, ctx, cancelMemberInvitation, async ({ auth, params }) => {
    await members.cancel(ctx, auth, params.id);
    return ok;
  });
  // No rate limit of their own: a link's token is 32 random bytes, and an account is made only for an invitation.
  serve(app, ctx, memberInvitation, async ({ body, lang }) => members.preview(ctx, body.token, lang));
  serve(app, ctx, joinCompany, async ({ auth, body }) => members.join(ctx, auth, body));
  serve(app, ctx, switchCompany, async ({ auth, body }) => members.switchCompany(ctx, auth, body.companyId));
};
