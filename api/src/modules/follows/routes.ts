import {
  FollowBody,
  FollowedTendersQuery,
  Follow as FollowOut,
  FollowParams,
  Follows,
  Ok,
  Tender,
} from '@bawaba/shared/contracts';
import * as v from 'valibot';
import type { Module } from '../../context.ts';
import { lang, parse } from '../../http.ts';
import { requireNonAdmin } from '../../lib/auth.ts';
import { doc } from '../../openapi.ts';
import { serializeTenders } from '../tenders/index.ts';
import { followOut, refOut } from './serializers.ts';
import * as following from './service.ts';

/** The follow routes (bidders' routes: admins are refused): thin handlers; the rules are in service.ts. */
export const followsModule: Module = (app, ctx) => {
  app.get(
    '/follows',
    {
      schema: doc('follows', 'What I follow, and my companies’ services I do not follow yet', {
        response: Follows,
        auth: true,
        errors: [403],
      }),
    },
    async (req) => {
      const a = await requireNonAdmin(ctx, req);
      const l = lang(req);
      const { rows, suggestions } = await following.myFollows(ctx, a);
      return {
        data: {
          follows: rows.map((r) => followOut(l, r)),
          suggestions: suggestions.map((s) => refOut(l, s)),
        },
      };
    },
  );

  app.post(
    '/follows',
    {
      schema: doc('follows', 'Follow a service or a whole category', {
        response: FollowOut,
        status: 201,
        body: FollowBody,
        auth: true,
        errors: [403, 409],
      }),
    },
    async (req, reply) => {
      const a = await requireNonAdmin(ctx, req);
      const row = await following.follow(ctx, a, parse(FollowBody, req.body));
      return reply.code(201).send({ data: followOut(lang(req), row) });
    },
  );

  app.delete(
    '/follows/:id',
    {
      schema: doc('follows', 'Stop following (my own follow only)', {
        response: Ok,
        params: FollowParams,
        auth: true,
        errors: [403],
      }),
    },
    async (req) => {
      const a = await requireNonAdmin(ctx, req);
      const { id } = parse(FollowParams, req.params);
      await following.unfollow(ctx, a, id);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/tenders/followed',
    {
      schema: doc('tenders', 'The newest public tenders in the services I follow (not my own)', {
        query: FollowedTendersQuery,
        response: v.array(Tender),
        auth: true,
        errors: [403],
      }),
    },
    async (req) => {
      const a = await requireNonAdmin(ctx, req);
      const q = parse(FollowedTendersQuery, req.query);
      const rows = await following.followedTenders(ctx, a, q);
      return { data: await serializeTenders(ctx.database.db, rows, lang(req), a.user.id, ctx.apiUrl) };
    },
  );
};
