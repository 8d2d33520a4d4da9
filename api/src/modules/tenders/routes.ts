import type { TenderListQuery } from '@bawaba/shared/contracts';
import {
  adminTenders,
  approveInterest,
  approveTender,
  closeTender,
  createTender,
  editTender,
  marketTenders,
  myInterests,
  myTenders,
  publishTender,
  rejectInterest,
  rejectTender,
  submitInterest,
  tender,
  tenderInterests,
} from '@bawaba/shared/routes';
import type * as v from 'valibot';
import type { Module } from '../../context.ts';
import type { Lang } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { tenderSide } from '../../lib/recipients.ts';
import { paymentRecordOf } from '../../lib/reputation.ts';
import { serve } from '../../route.ts';
import { DEFAULT_LIST_STATE } from './lifecycle.ts';
import { createTenderLists, type KeyedScope } from './list.ts';
import { type InterestRow, serializeInterest, serializeInterests, tenderOut } from './serializers.ts';
import * as market from './service.ts';
import { type Viewer, viewerOf } from './tender-serializer.ts';

/**
 * The tender routes (declared in shared/src/contracts/routes/tenders.ts): thin handlers (input, caller, the
 * service, the answer); the rules are in service.ts.
 */
export const tendersModule: Module = (app, ctx) => {
  const db = ctx.database.db;
  const lists = createTenderLists(ctx);
  app.addHook('onClose', async () => lists.close());

  async function list(
    q: v.InferOutput<typeof TenderListQuery>,
    l: Lang,
    scope: KeyedScope,
    viewer: Viewer,
    list: keyof typeof DEFAULT_LIST_STATE,
  ) {
    q.state ||= DEFAULT_LIST_STATE[list];
    return lists.serialized(scope, q, l, viewer);
  }

  // The market is one list for every caller, its pages kept as bytes for the callers they read the same for
  // (list.ts); an owner's list is theirs alone; the admins' list is every tender.
  serve(app, ctx, marketTenders, async ({ auth, query, lang, reply }) => {
    query.state ||= DEFAULT_LIST_STATE.market;
    const bytes = await lists.marketPage(query, lang, viewerOf(auth));
    return reply.type('application/json; charset=utf-8').send(bytes);
  });

  serve(app, ctx, myTenders, async ({ auth, query, lang }) =>
    list(
      query,
      lang,
      { key: market.mineKey(auth), where: market.LIST_SCOPES.mine(auth) },
      viewerOf(auth)!,
      'mine',
    ),
  );

  serve(app, ctx, adminTenders, async ({ auth, query, lang }) =>
    list(query, lang, { key: 'all', where: market.LIST_SCOPES.all() }, viewerOf(auth)!, 'all'),
  );

  serve(app, ctx, tender, async ({ auth, params, lang }) => {
    const t = await market.visibleTender(ctx, auth, params.id);
    if (auth) await market.openedBy(ctx, auth, t);
    const out = await tenderOut(ctx, t, lang, viewerOf(auth));
    if (!auth) return out;
    // Bidders weigh the buyer's record of paying its contracts' milestones (src/lib/reputation.ts).
    return { ...out, buyerPaymentRecord: await paymentRecordOf(ctx.database.db, tenderSide(t)) };
  });

  serve(app, ctx, createTender, async ({ auth, body, lang }) =>
    tenderOut(ctx, await market.createTender(ctx, auth, body), lang, viewerOf(auth)),
  );

  serve(app, ctx, editTender, async (input) => {
    const { auth, params, lang } = input;
    // Someone else's tender is refused before its body is read.
    await market.ownedTender(ctx, auth, params.id);
    const row = await market.editTender(ctx, auth, params.id, input.body);
    return tenderOut(ctx, row, lang, viewerOf(auth));
  });

  serve(app, ctx, publishTender, async ({ auth, params, lang }) =>
    tenderOut(ctx, await market.publishTender(ctx, auth, params.id), lang, viewerOf(auth)),
  );

  serve(app, ctx, closeTender, async ({ auth, params, lang }) =>
    tenderOut(ctx, await market.closeTender(ctx, auth, params.id), lang, viewerOf(auth)),
  );

  serve(app, ctx, approveTender, async ({ auth, params, lang }) =>
    tenderOut(ctx, await market.decideTender(ctx, auth, params.id, 'approve', null), lang, viewerOf(auth)),
  );

  serve(app, ctx, rejectTender, async ({ auth, params, body, lang }) =>
    tenderOut(
      ctx,
      await market.decideTender(ctx, auth, params.id, 'reject', body.reason),
      lang,
      viewerOf(auth),
    ),
  );

  serve(app, ctx, tenderInterests, async ({ auth, params, lang }) =>
    serializeInterests(db, await market.interestsIn(ctx, auth, params.id), lang),
  );

  serve(app, ctx, approveInterest, async ({ auth, params, lang }) =>
    serializeInterest(
      db,
      await market.decideInterest(ctx, auth, params.id, params.interestId, 'approve', null),
      lang,
    ),
  );

  serve(app, ctx, rejectInterest, async (input) => {
    const { auth, params, lang } = input;
    // Someone else's tender is refused before its body is read.
    await market.ownedTender(ctx, auth, params.id);
    const { reason } = input.body;
    return serializeInterest(
      db,
      await market.decideInterest(ctx, auth, params.id, params.interestId, 'reject', reason),
      lang,
    );
  });

  serve(app, ctx, submitInterest, async ({ auth, body, req, lang }) => {
    const out = (q: Parameters<typeof serializeInterest>[0], row: InterestRow) =>
      serializeInterest(q, row, lang);
    const key = idempotent(ctx, req, auth.user.id, 201, out);
    const row = await market.expressInterest(ctx, auth, body.tender, key);
    return key ? (key.data as Awaited<ReturnType<typeof serializeInterest>>) : out(db, row);
  });

  serve(app, ctx, myInterests, async ({ auth, lang }) =>
    serializeInterests(db, await market.myInterests(ctx, auth), lang),
  );
};
