import {
  ocdsBulkList,
  ocdsBulkMonth,
  ocdsFeed,
  ocdsTenderRecord,
  ocdsTenderReleases,
} from '@bawaba/shared/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Module } from '../../context.ts';
import { serve } from '../../route.ts';
import { queueUnpublished, startPublisher } from './publisher.ts';
import * as openData from './service.ts';
import { ocdsSettings } from './settings.ts';

/**
 * The open-data routes (shared/src/contracts/routes/open-data.ts): thin handlers over service.ts, each answer with
 * its ETag (a matching If-None-Match: 304 without a body) and its Cache-Control. The module also runs this
 * process's open-data publisher (publisher.ts), once the app is ready: the demo seed is in by then, and every
 * public tender without a release is queued first (catch-up).
 */
export const openDataModule: Module = (app, ctx) => {
  function answer<T>(req: FastifyRequest, reply: FastifyReply, a: openData.Answer<T>, type: string) {
    reply.header('etag', a.etag).header('cache-control', a.cache);
    const asked = req.headers['if-none-match'];
    if (asked?.split(',').some((e) => e.trim() === a.etag)) return reply.code(304).send();
    const body =
      typeof a.body === 'function'
        ? a.body()
        : type.startsWith('application/json')
          ? JSON.stringify(a.body)
          : a.body;
    return reply.code(200).type(type).send(body);
  }
  const json = 'application/json; charset=utf-8';

  serve(app, ctx, ocdsTenderReleases, async ({ params, req, reply }) =>
    answer(req, reply, await openData.tenderReleases(ctx, params.id), json),
  );
  serve(app, ctx, ocdsTenderRecord, async ({ params, req, reply }) =>
    answer(req, reply, await openData.tenderRecord(ctx, params.id), json),
  );
  serve(app, ctx, ocdsFeed, async ({ query, req, reply }) => {
    const page = await openData.feed(ctx, query.after, query.limit);
    // Nothing after the cursor yet: no package (an OCDS package holds at least one release); ask again later.
    if (!page) return reply.code(204).header('cache-control', 'no-cache').send();
    return answer(req, reply, page, json);
  });
  serve(app, ctx, ocdsBulkList, async ({ req, reply }) =>
    answer(req, reply, await openData.bulkList(ctx), json),
  );
  serve(app, ctx, ocdsBulkMonth, async ({ params, req, reply }) => {
    const a = await openData.bulkMonth(ctx, params.month);
    reply.header('content-disposition', `attachment; filename="${params.month}.json.gz"`);
    return answer(req, reply, a, 'application/gzip');
  });

  let publisher: ReturnType<typeof startPublisher> | null = null;
  app.addHook('onReady', async () => {
    await queueUnpublished(ctx.database.db);
    publisher = startPublisher(ctx, ocdsSettings(ctx).publishIntervalMs);
  });
  // Before the app's own onClose closes the database: a round under way finishes first.
  app.addHook('preClose', async () => {
    await publisher?.stop();
  });
};
