import {
  IdParams,
  Interest,
  Paged,
  Proposal,
  RejectionBody,
  Tender,
  TenderBody,
  TenderListQuery,
} from '@bawaba/shared/contracts';
import { myInterests, submitInterest } from '@bawaba/shared/routes';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Module } from '../../context.ts';
import { lang, paged, parse } from '../../http.ts';
import { optionalAuth, requireAdmin, requireAuth, requireNonAdmin } from '../../lib/auth.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { doc } from '../../openapi.ts';
import { serve } from '../../route.ts';
import { serializeProposals } from '../proposals/index.ts';
import { DEFAULT_LIST_STATE } from './lifecycle.ts';
import { serializeInterest, serializeInterests, tenderOut } from './serializers.ts';
import * as market from './service.ts';
import { serializeTenders, type Viewer } from './tender-serializer.ts';

const InterestParams = v.object({ id: IdParams.entries.id, interestId: IdParams.entries.id });
const DECISIONS = ['approve', 'reject'] as const;

/** The tender routes: thin handlers (input, caller, the service, the answer); the rules are in service.ts. */
export const tendersModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  async function list(
    req: FastifyRequest,
    scope: market.ListScope,
    viewer: Viewer | null,
    list: keyof typeof DEFAULT_LIST_STATE,
  ) {
    const q = parse(TenderListQuery, req.query);
    q.state ||= DEFAULT_LIST_STATE[list];
    const { rows, total } = await market.listTenders(ctx, scope, q);
    return { data: paged(await serializeTenders(db, rows, lang(req), viewer, ctx.apiUrl), total, q.limit) };
  }

  const listed = { response: Paged(Tender), query: TenderListQuery };

  app.get(
    '/tenders',
    {
      schema: doc(
        'tenders',
        'Published tenders (approved) with the spec filters; by default those still accepting proposals (`state`: another stage, `ended` or `all`)',
        {
          ...listed,
          auth: 'optional',
        },
      ),
    },
    async (req) => {
      const a = await optionalAuth(ctx, req);
      return list(req, market.LIST_SCOPES.market(), a?.user ?? null, 'market');
    },
  );

  app.get(
    '/tenders/mine',
    { schema: doc('tenders', 'My tenders (every state)', { ...listed, auth: true }) },
    async (req) => {
      const a = await requireAuth(ctx, req);
      return list(req, market.LIST_SCOPES.mine(a.user.id), a.user, 'mine');
    },
  );

  app.get(
    '/admin/tenders',
    { schema: doc('admin', 'All tenders (admin)', { ...listed, auth: true }) },
    async (req) => {
      const a = await requireAdmin(ctx, req);
      return list(req, market.LIST_SCOPES.all(), a.user, 'all');
    },
  );

  app.get(
    '/tenders/:id',
    { schema: doc('tenders', 'Tender by id', { response: Tender, params: IdParams, auth: 'optional' }) },
    async (req) => {
      const { id } = parse(IdParams, req.params);
      const a = await optionalAuth(ctx, req);
      const t = await market.visibleTender(ctx, a, id);
      if (a) await market.openedBy(ctx, a, t);
      return { data: await tenderOut(ctx, t, lang(req), a?.user ?? null) };
    },
  );

  app.post(
    '/tenders',
    {
      schema: doc('tenders', 'Create a tender (draft)', {
        response: Tender,
        status: 201,
        body: TenderBody,
        auth: true,
      }),
    },
    async (req, reply) => {
      const a = await requireNonAdmin(ctx, req);
      const row = await market.createTender(ctx, a, parse(TenderBody, req.body));
      return reply.code(201).send({ data: await tenderOut(ctx, row, lang(req), a.user) });
    },
  );

  app.patch(
    '/tenders/:id',
    {
      schema: doc('tenders', 'Edit my tender (draft or rejected only)', {
        response: Tender,
        params: IdParams,
        body: TenderBody,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      // Someone else's tender is refused before its body is read.
      await market.ownedTender(ctx, a, id);
      const row = await market.editTender(ctx, a, id, parse(TenderBody, req.body));
      return { data: await tenderOut(ctx, row, lang(req), a.user) };
    },
  );

  app.post(
    '/tenders/:id/publish',
    {
      schema: doc('tenders', 'Publish my tender (goes to pending approval)', {
        params: IdParams,
        response: Tender,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const row = await market.publishTender(ctx, a, id);
      return { data: await tenderOut(ctx, row, lang(req), a.user) };
    },
  );

  app.post(
    '/tenders/:id/close',
    {
      schema: doc('tenders', 'Close my tender (bidders then need approved interest)', {
        params: IdParams,
        response: Tender,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const row = await market.closeTender(ctx, a, id);
      return { data: await tenderOut(ctx, row, lang(req), a.user) };
    },
  );

  for (const decision of DECISIONS) {
    app.post(
      `/admin/tenders/:id/${decision}`,
      {
        schema: doc(
          'admin',
          decision === 'approve'
            ? 'Approve a pending tender (admin)'
            : 'Reject a pending tender, saying why (admin; the owner sees the reason)',
          {
            params: IdParams,
            ...(decision === 'reject' ? { body: RejectionBody } : {}),
            response: Tender,
            auth: true,
          },
        ),
      },
      async (req) => {
        const a = await requireAdmin(ctx, req);
        const { id } = parse(IdParams, req.params);
        const reason = decision === 'reject' ? parse(RejectionBody, req.body).reason : null;
        const row = await market.decideTender(ctx, a, id, decision, reason);
        return { data: await tenderOut(ctx, row, lang(req), a.user) };
      },
    );
  }

  app.get(
    '/tenders/:id/interests',
    {
      schema: doc('tenders', 'Interests in my tender', {
        response: v.array(Interest),
        params: IdParams,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      return { data: await serializeInterests(db, await market.interestsIn(ctx, a, id)) };
    },
  );

  for (const decision of DECISIONS) {
    app.post(
      `/tenders/:id/interests/:interestId/${decision}`,
      {
        schema: doc(
          'tenders',
          decision === 'approve'
            ? 'Approve an interest in my tender'
            : 'Reject an interest in my tender, saying why',
          {
            params: InterestParams,
            ...(decision === 'reject' ? { body: RejectionBody } : {}),
            response: Interest,
            auth: true,
          },
        ),
      },
      async (req) => {
        const a = await requireAuth(ctx, req);
        const { id, interestId } = parse(InterestParams, req.params);
        let reason: string | null = null;
        if (decision === 'reject') {
          // Someone else's tender is refused before its body is read.
          await market.ownedTender(ctx, a, id);
          reason = parse(RejectionBody, req.body).reason;
        }
        const row = await market.decideInterest(ctx, a, id, interestId, decision, reason);
        return { data: await serializeInterest(db, row) };
      },
    );
  }

  app.get(
    '/tenders/:id/proposals',
    {
      schema: doc('tenders', 'Proposals on my tender (sealed until the deadline)', {
        response: v.array(Proposal),
        params: IdParams,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      await market.ownedTender(ctx, a, id);
      return { data: await serializeProposals(db, { tenderId: id }, a.user.id) };
    },
  );

  serve(app, ctx, submitInterest, async ({ auth, body, req }) => {
    const key = idempotent(ctx, req, auth.user.id, 201, serializeInterest);
    const row = await market.expressInterest(ctx, auth, body.tender, key);
    return key ? (key.data as Awaited<ReturnType<typeof serializeInterest>>) : serializeInterest(db, row);
  });

  serve(app, ctx, myInterests, async ({ auth }) =>
    serializeInterests(db, await market.myInterests(ctx, auth)),
  );
};
