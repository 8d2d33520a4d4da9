import { Ad, AdBody, AdminAdListQuery, AdPatchBody, IdParams, Ok, Paged } from '@bawaba/shared/contracts';
import { and, count, desc, eq, gt, ilike, isNull, lte, or } from 'drizzle-orm';
import * as v from 'valibot';
import type { Module } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { ads, files } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { paged, parse } from '../http.ts';
import { requireAdmin } from '../lib/auth.ts';
import { filePath } from '../lib/fileurl.ts';
import { iso, likePattern } from '../lib/localize.ts';
import { inTx } from '../lib/tx.ts';
import { doc } from '../openapi.ts';

type AdRow = typeof ads.$inferSelect;
const adOut = (a: AdRow): Ad => ({
  id: a.id,
  title: a.title,
  imageUrl: a.imageUrl,
  linkUrl: a.linkUrl,
  active: a.active,
  startsAt: iso(a.startsAt),
  endsAt: iso(a.endsAt),
  createdAt: a.createdAt.toISOString(),
});

export const adsModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  async function imageUrl(tx: Tx, fileId: string) {
    const [f] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.purpose, 'ad')));
    if (!f) throw new AppError('INVALID_FILE_REFERENCE', 'imageFileId');
    return ctx.apiUrl(filePath(f.id, f.mimeType));
  }

  app.get(
    '/ads/active',
    {
      schema: doc('ads', 'The active advertisement for the directory card (or null)', {
        response: v.nullable(Ad),
      }),
    },
    async () => {
      const now = new Date();
      const [a] = await db
        .select()
        .from(ads)
        .where(
          and(
            eq(ads.active, true),
            or(isNull(ads.startsAt), lte(ads.startsAt, now)),
            or(isNull(ads.endsAt), gt(ads.endsAt, now)),
          ),
        )
        .orderBy(desc(ads.id))
        .limit(1);
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
      const words = (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
      const cond = and(
        ...words.map((word) =>
          or(ilike(ads.title, likePattern(word)), ilike(ads.linkUrl, likePattern(word))),
        ),
      );
      const [total] = await db.select({ n: count() }).from(ads).where(cond);
      const rows = await db
        .select()
        .from(ads)
        .where(cond)
        .orderBy(desc(ads.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      return { data: paged(rows.map(adOut), total?.n ?? 0, q.limit) };
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
      const b = parse(AdBody, req.body);
      const row = await inTx(ctx, async (tx) => {
        const [a] = await tx
          .insert(ads)
          .values({
            title: b.title,
            imageUrl: await imageUrl(tx, b.imageFileId),
            linkUrl: b.linkUrl || null,
            active: b.active,
            startsAt: b.startsAt ? new Date(b.startsAt) : null,
            endsAt: b.endsAt ? new Date(b.endsAt) : null,
          })
          .returning();
        return a!;
      });
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
      const b = parse(AdPatchBody, req.body);
      const row = await inTx(ctx, async (tx) => {
        const patch: Partial<typeof ads.$inferInsert> = {};
        if (b.title !== undefined) patch.title = b.title;
        if (b.imageFileId !== undefined) patch.imageUrl = await imageUrl(tx, b.imageFileId);
        if (b.linkUrl !== undefined) patch.linkUrl = b.linkUrl || null;
        if (b.active !== undefined) patch.active = b.active;
        if (b.startsAt !== undefined) patch.startsAt = b.startsAt ? new Date(b.startsAt) : null;
        if (b.endsAt !== undefined) patch.endsAt = b.endsAt ? new Date(b.endsAt) : null;
        const [a] = Object.keys(patch).length
          ? await tx.update(ads).set(patch).where(eq(ads.id, id)).returning()
          : await tx.select().from(ads).where(eq(ads.id, id));
        if (!a) throw new AppError('AD_NOT_FOUND');
        return a;
      });
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
      const [a] = await db.delete(ads).where(eq(ads.id, id)).returning({ id: ads.id });
      if (!a) throw new AppError('AD_NOT_FOUND');
      return { data: { ok: true } };
    },
  );
};
