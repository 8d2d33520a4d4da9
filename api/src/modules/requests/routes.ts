import {
  IdParams,
  Paged,
  PageQuery,
  ReceivedRequestsQuery,
  RejectionBody,
  ServiceRequest,
  ServiceRequestBody,
} from '@bawaba/shared/contracts';
import type { Module } from '../../context.ts';
import { lang, paged, parse } from '../../http.ts';
import { requireAdmin, requireAuth } from '../../lib/auth.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { doc } from '../../openapi.ts';
import { type RequestRow, serializeRequest, serializeRequests } from './serializers.ts';
import * as requests from './service.ts';

/** The service-request routes: thin handlers; the rules are in service.ts. */
export const requestsModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  app.post(
    '/requests',
    {
      schema: doc('requests', 'Send a service request to a company', {
        response: ServiceRequest,
        status: 201,
        body: ServiceRequestBody,
        auth: true,
        idempotent: true,
      }),
    },
    async (req, reply) => {
      const a = await requireAuth(ctx, req);
      const body = parse(ServiceRequestBody, req.body);
      const key = idempotent(ctx, req, a.user.id, 201, (tx, r: RequestRow) =>
        serializeRequest(tx, r, lang(req)),
      );
      const row = await requests.sendRequest(ctx, a, body, key);
      return reply.code(201).send({ data: key ? key.data : await serializeRequest(db, row, lang(req)) });
    },
  );

  app.get(
    '/requests/sent',
    {
      schema: doc('requests', 'Requests I sent', {
        response: Paged(ServiceRequest),
        query: PageQuery,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const q = parse(PageQuery, req.query);
      const { rows, total } = await requests.sentRequests(ctx, a, q);
      return { data: paged(await serializeRequests(db, rows, lang(req)), total, q.limit) };
    },
  );

  app.get(
    '/requests/received',
    {
      schema: doc(
        'requests',
        'Received requests: admin sees all pending; a company owner sees approved ones to their company. `q` searches the requester, company, services and message',
        { response: Paged(ServiceRequest), query: ReceivedRequestsQuery, auth: true },
      ),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const q = parse(ReceivedRequestsQuery, req.query);
      const { rows, total } = await requests.receivedRequests(ctx, a, q);
      return { data: paged(await serializeRequests(db, rows, lang(req)), total, q.limit) };
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/requests/:id/${decision}`,
      {
        schema: doc(
          'requests',
          decision === 'approve'
            ? 'Approve a service request (admin)'
            : 'Reject a service request, saying why (admin)',
          {
            params: IdParams,
            ...(decision === 'reject' ? { body: RejectionBody } : {}),
            response: ServiceRequest,
            auth: true,
          },
        ),
      },
      async (req) => {
        await requireAdmin(ctx, req);
        const { id } = parse(IdParams, req.params);
        const reason = decision === 'reject' ? parse(RejectionBody, req.body).reason : null;
        const row = await requests.decideRequest(ctx, id, decision, reason);
        return { data: await serializeRequest(db, row, lang(req)) };
      },
    );
  }
};
