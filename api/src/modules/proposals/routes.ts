import {
  IdParams,
  PayNowResponse,
  Proposal,
  ProposalBody,
  ProposalSubmitted,
  ResubmitProposalBody,
} from '@bawaba/shared/contracts';
import * as v from 'valibot';
import type { Module } from '../../context.ts';
import { parse } from '../../http.ts';
import { requireAuth, requireNonAdmin } from '../../lib/auth.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { doc } from '../../openapi.ts';
import type { Started } from '../payments/index.ts';
import { proposalOut, serializeProposals } from './serializers.ts';
import * as bids from './service.ts';

/** The proposal routes: thin handlers (input, caller, the service, the answer); the rules are in service.ts. */
export const proposalsModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  /** The answer to a submission: the proposal as its bidder sees it, and the checkout when one is due. */
  async function submitted(
    q: Parameters<typeof proposalOut>[0],
    sent: bids.Sent,
    viewerId: number,
  ): Promise<ProposalSubmitted> {
    const proposal = await proposalOut(q, sent.id, viewerId);
    return sent.payUrl ? { proposal, payUrl: sent.payUrl } : { proposal };
  }

  app.post(
    '/proposals',
    {
      schema: doc('proposals', 'Submit a proposal (data.payUrl when a fee or bond is due)', {
        response: ProposalSubmitted,
        status: 201,
        body: ProposalBody,
        auth: true,
        idempotent: true,
      }),
    },
    async (req, reply) => {
      const a = await requireNonAdmin(ctx, req);
      const body = parse(ProposalBody, req.body);
      const key = idempotent(ctx, req, a.user.id, 201, (tx, s: bids.Sent) => submitted(tx, s, a.user.id));
      const sent = await bids.submitProposal(ctx, a, body, key);
      return reply.code(201).send({ data: key ? key.data : await submitted(db, sent, a.user.id) });
    },
  );

  app.put(
    '/proposals/:id',
    {
      schema: doc('proposals', 'Resubmit my proposal (keeps the earlier versions)', {
        response: ProposalSubmitted,
        params: IdParams,
        body: ResubmitProposalBody,
        auth: true,
        idempotent: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      // Someone else's proposal is refused before its body is read.
      await bids.ownProposal(ctx, a, id);
      const body = parse(ResubmitProposalBody, req.body);
      const key = idempotent(ctx, req, a.user.id, 200, (tx, s: bids.Sent) => submitted(tx, s, a.user.id));
      const sent = await bids.resubmitProposal(ctx, a, id, body, key);
      return { data: key ? key.data : await submitted(db, sent, a.user.id) };
    },
  );

  app.get(
    '/proposals/mine',
    {
      schema: doc('proposals', 'My proposals with payment state', {
        response: v.array(Proposal),
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      return { data: await serializeProposals(db, { bidderId: a.user.id }, a.user.id) };
    },
  );

  app.get(
    '/proposals/:id',
    {
      schema: doc('proposals', 'A proposal (bidder, tender owner — sealed until the deadline — or admin)', {
        response: Proposal,
        params: IdParams,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      await bids.readableProposal(ctx, a, id);
      return { data: await proposalOut(db, id, a.user.id) };
    },
  );

  app.post(
    '/proposals/:id/pay',
    {
      schema: doc('proposals', 'Pay now: a fresh checkout URL for an unpaid proposal', {
        response: PayNowResponse,
        params: IdParams,
        auth: true,
        idempotent: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const out = async (_q: unknown, s: Started) => ({ payUrl: s.payUrl, reference: s.payment.reference });
      const key = idempotent(ctx, req, a.user.id, 200, out);
      const started = await bids.payAgain(ctx, a, id, key);
      return { data: key ? key.data : await out(db, started) };
    },
  );
};
