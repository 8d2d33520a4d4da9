import { follow, followedTenders, myFollows, unfollow } from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { serializeTenders, viewerOf } from '../tenders/index.ts';
import { followOut, refOut } from './serializers.ts';
import * as following from './service.ts';

/** The follow routes (declared in shared/src/contracts/routes/follows.ts): thin handlers; the rules are in service.ts. */
export const followsModule: Module = (app, ctx) => {
  serve(app, ctx, myFollows, async ({ auth, lang }) => {
    const { rows, suggestions } = await following.myFollows(ctx, auth);
    return {
      follows: rows.map((r) => followOut(lang, r)),
      suggestions: suggestions.map((s) => refOut(lang, s)),
    };
  });

  serve(app, ctx, follow, async ({ auth, body, lang }) =>
    followOut(lang, await following.follow(ctx, auth, body)),
  );

  serve(app, ctx, unfollow, async ({ auth, params }) => {
    await following.unfollow(ctx, auth, params.id);
    return { ok: true as const };
  });

  serve(app, ctx, followedTenders, async ({ auth, query, lang }) => {
    const rows = await following.followedTenders(ctx, auth, query);
    return serializeTenders(ctx.database.db, rows, lang, viewerOf(auth), ctx.apiUrl);
  });
};
