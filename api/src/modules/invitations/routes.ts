import {
  IdParams,
  InvitableTender,
  Invitation,
  InvitationBody,
  InviterStatus,
} from '@bawaba/shared/contracts';
import * as v from 'valibot';
import type { Module } from '../../context.ts';
import { parse } from '../../http.ts';
import { requireAuth, requireNonAdmin } from '../../lib/auth.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { doc } from '../../openapi.ts';
import { type InvitationRow, serializeInvitableTenders, serializeInvitations } from './serializers.ts';
import * as invitations from './service.ts';

/** The invitation routes (docs: api/README.md "Invitations"): thin handlers; the rules are in service.ts. */
export const invitationsModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  app.post(
    '/tenders/:id/invitations',
    {
      schema: doc('invitations', 'Invite a directory company to my tender', {
        response: Invitation,
        status: 201,
        params: IdParams,
        body: InvitationBody,
        auth: true,
        errors: [409],
        idempotent: true,
      }),
    },
    async (req, reply) => {
      const a = await requireNonAdmin(ctx, req);
      const { id } = parse(IdParams, req.params);
      const { company } = parse(InvitationBody, req.body);
      const out = async (q: Parameters<typeof serializeInvitations>[0], row: InvitationRow) =>
        (await serializeInvitations(q, [row]))[0];
      const key = idempotent(ctx, req, a.user.id, 201, out);
      const row = await invitations.invite(ctx, a, id, company, key);
      return reply.code(201).send({ data: key ? key.data : await out(db, row) });
    },
  );

  app.get(
    '/tenders/:id/invitations',
    {
      schema: doc('invitations', 'The invitations of my tender: sent, opened, interest, bid', {
        response: v.array(Invitation),
        params: IdParams,
        auth: true,
        errors: [409],
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      return { data: await serializeInvitations(db, await invitations.invitationsTo(ctx, a, id)) };
    },
  );

  app.get(
    '/invitations/tenders',
    {
      schema: doc('invitations', 'My tenders I can invite a company to (not ended, before the deadline)', {
        response: v.array(InvitableTender),
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireNonAdmin(ctx, req);
      return { data: await serializeInvitableTenders(db, await invitations.invitableTenders(ctx, a)) };
    },
  );

  app.get(
    '/invitations/inviter',
    {
      schema: doc('invitations', 'Whether I have a tender to invite to, and which company is mine', {
        response: InviterStatus,
        auth: true,
      }),
    },
    async (req) => {
      // Any signed-in caller (an admin gets "nothing to invite to"): a 403 here would sign the user out.
      const a = await requireAuth(ctx, req);
      return { data: await invitations.inviterStatus(ctx, a) };
    },
  );

  app.get(
    '/invitations/received',
    {
      schema: doc('invitations', 'Invitations sent to my company', {
        response: v.array(Invitation),
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireNonAdmin(ctx, req);
      return { data: await serializeInvitations(db, await invitations.receivedInvitations(ctx, a)) };
    },
  );
};
