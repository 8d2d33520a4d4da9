import {
  invitableTenders,
  invite,
  inviterStatus,
  receivedInvitations,
  tenderInvitations,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { serve } from '../../route.ts';
import { type InvitationRow, serializeInvitableTenders, serializeInvitations } from './serializers.ts';
import * as invitations from './service.ts';

/** The invitation routes (declared in shared/src/contracts/routes/invitations.ts; api/README.md "Invitations"): thin handlers; the rules are in service.ts. */
export const invitationsModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  serve(app, ctx, invite, async ({ auth, params, body, req, lang }) => {
    const out = async (q: Parameters<typeof serializeInvitations>[0], row: InvitationRow) =>
      (await serializeInvitations(q, [row], lang))[0]!;
    const key = idempotent(ctx, req, auth.user.id, 201, out);
    const row = await invitations.invite(ctx, auth, params.id, body.company, key);
    return key ? (key.data as Awaited<ReturnType<typeof out>>) : out(db, row);
  });

  serve(app, ctx, tenderInvitations, async ({ auth, params, lang }) =>
    serializeInvitations(db, await invitations.invitationsTo(ctx, auth, params.id), lang),
  );

  serve(app, ctx, invitableTenders, async ({ auth, lang }) =>
    serializeInvitableTenders(db, await invitations.invitableTenders(ctx, auth), lang),
  );

  serve(app, ctx, inviterStatus, async ({ auth }) => invitations.inviterStatus(ctx, auth));

  serve(app, ctx, receivedInvitations, async ({ auth, lang }) =>
    serializeInvitations(db, await invitations.receivedInvitations(ctx, auth), lang),
  );
};
