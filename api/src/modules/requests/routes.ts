import {
  approveRequest,
  receivedRequests,
  rejectRequest,
  sendRequest,
  sentRequests,
} from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { paged } from '../../http.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { serve } from '../../route.ts';
import { type RequestRow, serializeRequest, serializeRequests } from './serializers.ts';
import * as requests from './service.ts';

/** The service-request routes (declared in shared/src/contracts/routes/requests.ts): thin handlers; the rules are in service.ts. */
export const requestsModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  serve(app, ctx, sendRequest, async ({ auth, body, lang, req }) => {
    const key = idempotent(ctx, req, auth.user.id, 201, (tx, r: RequestRow) => serializeRequest(tx, r, lang));
    const row = await requests.sendRequest(ctx, auth, body, key);
    return key ? (key.data as Awaited<ReturnType<typeof serializeRequest>>) : serializeRequest(db, row, lang);
  });

  serve(app, ctx, sentRequests, async ({ auth, query, lang }) => {
    const { rows, total } = await requests.sentRequests(ctx, auth, query);
    return paged(await serializeRequests(db, rows, lang), total, query.limit);
  });

  serve(app, ctx, receivedRequests, async ({ auth, query, lang }) => {
    const { rows, total } = await requests.receivedRequests(ctx, auth, query);
    return paged(await serializeRequests(db, rows, lang), total, query.limit);
  });

  serve(app, ctx, approveRequest, async ({ auth, params, lang }) =>
    serializeRequest(db, await requests.decideRequest(ctx, auth, params.id, 'approve', null), lang),
  );

  serve(app, ctx, rejectRequest, async ({ auth, params, body, lang }) =>
    serializeRequest(db, await requests.decideRequest(ctx, auth, params.id, 'reject', body.reason), lang),
  );
};
