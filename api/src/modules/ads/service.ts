import type { AdBody, AdminAdListQuery, AdPatchBody } from '@bawaba/shared/contracts';
import { and, count, desc, eq, gt, ilike, isNull, lte, or } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ads, files } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { filePath } from '../../lib/fileurl.ts';
import { likePattern } from '../../lib/localize.ts';
import { inTx } from '../../lib/tx.ts';
import type { AdRow } from './serializers.ts';

/**
 * Advertisements: admins manage them; the directory shows the newest active one whose schedule includes now. An
 * ad's image must be an uploaded file of purpose `ad`.
 */

/** The newest active ad whose schedule (start, end; either open) includes now, or null. */
export async function activeAd(ctx: Ctx): Promise<AdRow | null> {
  const now = new Date();
  const [a] = await ctx.database.db
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
  return a ?? null;
}

/** Admins: every ad, newest first; each word of `search` matches the title or the link. */
export async function adminAds(ctx: Ctx, q: v.InferOutput<typeof AdminAdListQuery>) {
  const db = ctx.database.db;
  const words = (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const cond = and(
    ...words.map((word) => or(ilike(ads.title, likePattern(word)), ilike(ads.linkUrl, likePattern(word)))),
  );
  const [total] = await db.select({ n: count() }).from(ads).where(cond);
  const rows = await db
    .select()
    .from(ads)
    .where(cond)
    .orderBy(desc(ads.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total: total?.n ?? 0 };
}

async function imageUrl(ctx: Ctx, tx: Tx, fileId: string) {
  const [f] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.purpose, 'ad')));
  if (!f) throw new AppError('INVALID_FILE_REFERENCE', 'imageFileId');
  return ctx.apiUrl(filePath(f.id, f.mimeType));
}

export function createAd(ctx: Ctx, b: v.InferOutput<typeof AdBody>): Promise<AdRow> {
  return inTx(ctx, async (tx) => {
    const [a] = await tx
      .insert(ads)
      .values({
        title: b.title,
        imageUrl: await imageUrl(ctx, tx, b.imageFileId),
        linkUrl: b.linkUrl || null,
        active: b.active,
        startsAt: b.startsAt ? new Date(b.startsAt) : null,
        endsAt: b.endsAt ? new Date(b.endsAt) : null,
      })
      .returning();
    return a!;
  });
}

/** Changes only what the patch names; an empty patch answers the ad as it is. */
export function updateAd(ctx: Ctx, id: number, b: v.InferOutput<typeof AdPatchBody>): Promise<AdRow> {
  return inTx(ctx, async (tx) => {
    const patch: Partial<typeof ads.$inferInsert> = {};
    if (b.title !== undefined) patch.title = b.title;
    if (b.imageFileId !== undefined) patch.imageUrl = await imageUrl(ctx, tx, b.imageFileId);
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
}

export async function deleteAd(ctx: Ctx, id: number): Promise<void> {
  const [a] = await ctx.database.db.delete(ads).where(eq(ads.id, id)).returning({ id: ads.id });
  if (!a) throw new AppError('AD_NOT_FOUND');
}
