import { activeAd, adminAds, createAd, deleteAd, updateAd } from '@bawaba/shared/routes';
import type { Module } from '../../context.ts';
import { paged } from '../../http.ts';
import { serve } from '../../route.ts';
import { adOut } from './serializers.ts';
import * as adverts from './service.ts';

/** The advertisement routes (declared in shared/src/contracts/routes/ads.ts): thin handlers; the rules are in service.ts. */
export const adsModule: Module = (app, ctx) => {
  serve(app, ctx, activeAd, async ({ lang }) => {
    const a = await adverts.activeAd(ctx);
    return a ? adOut(a, lang) : null;
  });

  serve(app, ctx, adminAds, async ({ query, lang }) => {
    const { rows, total } = await adverts.adminAds(ctx, query);
    return paged(
      rows.map((a) => adOut(a, lang)),
      total,
      query.limit,
    );
  });

  serve(app, ctx, createAd, async ({ auth, body, lang }) =>
    adOut(await adverts.createAd(ctx, auth, body), lang),
  );

  serve(app, ctx, updateAd, async ({ auth, params, body, lang }) =>
    adOut(await adverts.updateAd(ctx, auth, params.id, body), lang),
  );

  serve(app, ctx, deleteAd, async ({ auth, params }) => {
    await adverts.deleteAd(ctx, auth, params.id);
    return { ok: true as const };
  });
};
