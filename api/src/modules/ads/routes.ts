import { Ad, AdBody, AdminAdListQuery, AdPatchBody, IdParams, Ok, Paged } from '@bawaba/shared/contracts';
import * as v from 'valibot';
import type { Module } from '../../context.ts';
import { paged, parse } from '../../http.ts';
import { requireAdmin } from '../../lib/auth.ts';
import { doc } from '../../openapi.ts';
import { adOut } from './serializers.ts';
import * as adverts from './service.ts';

/** The advertisement routes: thin handlers; the rules are in service.ts. */
export const adsModule: Module = (app, ctx) => {
  app.get(
    '/ads/active',
    {
      schema: doc('ads', 'The active advertisement for the directory card (or null)', {
        response: v.nullable(Ad),
      }),
    },
    async () => {
      const a = await adverts.activeAd(ctx);
      return { data: a ? adOut(a) : null };
    },
  );

  app.get(
    '/admin/ads',
    {
      schema: doc('admin', 'Advertisements, newest first, searched and paged (admin)', {
        query: AdminAdListQuery,
        auth: true,
        response: Paged(Ad),
      }),
    },
    async (req) => {
      await requireAdmin(ctx, req);
      const q = parse(AdminAdListQuery, req.query);
      const { rows, total } = await adverts.adminAds(ctx, q);
      return { data: paged(rows.map(adOut), total, q.limit) };
    },
  );

  app.post(
    '/admin/ads',
    {
      schema: doc('admin', 'Create an advertisement (admin)', {
        response: Ad,
        status: 201,
        body: AdBody,
        auth: true,
      }),
    },
    async (req, reply) => {
      await requireAdmin(ctx, req);
      const row = await adverts.createAd(ctx, parse(AdBody, req.body));
      return reply.code(201).send({ data: adOut(row) });
    },
  );

  app.patch(
    '/admin/ads/:id',
    {
      schema: doc('admin', 'Update an advertisement (admin)', {
        response: Ad,
        params: IdParams,
        body: AdPatchBody,
        auth: true,
      }),
    },
    async (req) => {
      await requireAdmin(ctx, req);
      const { id } = parse(IdParams, req.params);
      const row = await adverts.updateAd(ctx, id, parse(AdPatchBody, req.body));
      return { data: adOut(row) };
    },
  );

  app.delete(
    '/admin/ads/:id',
    {
      schema: doc('admin', 'Delete an advertisement (admin)', { response: Ok, params: IdParams, auth: true }),
    },
    async (req) => {
      await requireAdmin(ctx, req);
      const { id } = parse(IdParams, req.params);
      await adverts.deleteAd(ctx, id);
      return { data: { ok: true as const } };
    },
  );
};
