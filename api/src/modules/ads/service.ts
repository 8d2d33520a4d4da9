import type { AdBody, AdminAdListQuery, AdPatchBody } from '@bawaba/shared/contracts';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ads } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { eitherWritten, versionsOf } from '../../lib/bilingual.ts';
import { filePath } from '../../lib/fileurl.ts';
import { inTx } from '../../lib/tx.ts';
import { type AdminActor, recordAdminAction } from '../audit/index.ts';
import { activeAdAt, adById, adImage, adPage } from './queries.ts';
import type { AdRow } from './serializers.ts';

/**
 * Advertisements: admins manage them; the directory shows the newest active one whose schedule includes now. An
 * ad's image must be an uploaded file of purpose `ad`. The reads are in queries.ts.
 */

/** The newest active ad whose schedule (start, end; either open) includes now, or null. */
export function activeAd(ctx: Ctx): Promise<AdRow | null> {
  return activeAdAt(ctx.database.db, new Date());
}

/** Admins: every ad, newest first; each word of `search` matches the title or the link. */
export function adminAds(ctx: Ctx, q: v.InferOutput<typeof AdminAdListQuery>) {
  return adPage(ctx.database.db, q);
}

async function imageUrl(ctx: Ctx, tx: Tx, fileId: string) {
  const f = await adImage(tx, fileId);
  if (!f) throw new AppError('INVALID_FILE_REFERENCE', 'imageFileId');
  return ctx.apiUrl(filePath(f.id, f.mimeType));
}

export function createAd(ctx: Ctx, admin: AdminActor, b: v.InferOutput<typeof AdBody>): Promise<AdRow> {
  return inTx(ctx, async (tx) => {
    const title = versionsOf({ en: b.titleEn, ar: b.titleAr, legacy: b.title });
    if (!eitherWritten(title)) throw new AppError('TITLE_REQUIRED');
    const [a] = await tx
      .insert(ads)
      .values({
        titleEn: title.en,
        titleAr: title.ar,
        imageUrl: await imageUrl(ctx, tx, b.imageFileId),
        linkUrl: b.linkUrl || null,
        active: b.active,
        startsAt: b.startsAt ? new Date(b.startsAt) : null,
        endsAt: b.endsAt ? new Date(b.endsAt) : null,
      })
      .returning();
    await recordAdminAction(tx, admin, adAction('ad.create', a!));
    return a!;
  });
}

/** Changes only what the patch names; an empty patch answers the ad as it is. */
export function updateAd(
  ctx: Ctx,
  admin: AdminActor,
  id: number,
  b: v.InferOutput<typeof AdPatchBody>,
): Promise<AdRow> {
  return inTx(ctx, async (tx) => {
    const patch: Partial<typeof ads.$inferInsert> = {};
    if (b.title !== undefined || b.titleEn !== undefined || b.titleAr !== undefined) {
      const [stored] = await tx.select().from(ads).where(eq(ads.id, id)).for('update');
      if (!stored) throw new AppError('AD_NOT_FOUND');
      const title = versionsOf(
        { en: b.titleEn, ar: b.titleAr, legacy: b.title },
        { en: stored.titleEn, ar: stored.titleAr },
      );
      if (!eitherWritten(title)) throw new AppError('TITLE_REQUIRED');
      patch.titleEn = title.en;
      patch.titleAr = title.ar;
    }
    if (b.imageFileId !== undefined) patch.imageUrl = await imageUrl(ctx, tx, b.imageFileId);
    if (b.linkUrl !== undefined) patch.linkUrl = b.linkUrl || null;
    if (b.active !== undefined) patch.active = b.active;
    if (b.startsAt !== undefined) patch.startsAt = b.startsAt ? new Date(b.startsAt) : null;
    if (b.endsAt !== undefined) patch.endsAt = b.endsAt ? new Date(b.endsAt) : null;
    const [a] = Object.keys(patch).length
      ? await tx.update(ads).set(patch).where(eq(ads.id, id)).returning()
      : [await adById(tx, id)];
    if (!a) throw new AppError('AD_NOT_FOUND');
    await recordAdminAction(tx, admin, {
      ...adAction('ad.update', a),
      details: {
        fields: Object.keys(b)
          .filter((k) => b[k as keyof typeof b] !== undefined)
          .sort(),
      },
    });
    return a;
  });
}

export function deleteAd(ctx: Ctx, admin: AdminActor, id: number): Promise<void> {
  return inTx(ctx, async (tx) => {
    const [a] = await tx.delete(ads).where(eq(ads.id, id)).returning();
    if (!a) throw new AppError('AD_NOT_FOUND');
    await recordAdminAction(tx, admin, adAction('ad.delete', a));
  });
}

/** The audit entry of an ad action: the ad by its title as it was. */
const adAction = (action: 'ad.create' | 'ad.update' | 'ad.delete', a: AdRow) => ({
  action,
  target: { type: 'ad' as const, id: a.id, label: a.titleEn ?? a.titleAr ?? '' },
});
