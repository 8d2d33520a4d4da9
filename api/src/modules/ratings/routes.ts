import { rateContract, replyToRating } from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { ratingsOfContract } from './queries.ts';
import * as service from './service.ts';

/** The rating routes (shared/src/contracts/routes/ratings.ts): thin handlers over service.ts. */
export const ratingsModule: Module = (app, ctx) => {
  serve(app, ctx, rateContract, async ({ auth, params, body }) => {
    await service.rateContract(ctx, auth, params.id, body);
    return ratingsOfContract(ctx.database.db, params.id, service.viewerOf(auth));
  });

  serve(app, ctx, replyToRating, async ({ auth, params, body }) => {
    await service.replyToRating(ctx, auth, params.id, body.reply);
    return ratingsOfContract(ctx.database.db, params.id, service.viewerOf(auth));
  });
};
