import type { AdminAdListQuery } from '@bawaba/shared/contracts';
import { and, count, desc, eq, gt, ilike, isNull, lte, or } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db, Tx } from '../../db/client.ts';
import { ads, files } from '../../db/schema.ts';
import { likePattern } from '../../lib/localize.ts';
import type { AdRow } from './serializers.ts';

/** The ads domain's reads, in one place (the writes: service.ts). */

/** The newest active ad whose schedule (start, end; either open) includes `now`, or null. */
export async function activeAdAt(db: Db | Tx, now: Date): Promise<AdRow | null> {
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
  return a ?? null;
}

/** One page of the ads, newest first, and how many match; each word of `search` matches the title or the link. */
export async function adPage(db: Db | Tx, q: v.InferOutput<typeof AdminAdListQuery>) {
  const words = (q.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const cond = and(
    ...words.map((word) =>
      or(
        ilike(ads.titleEn, likePattern(word)),
        ilike(ads.titleAr, likePattern(word)),
        ilike(ads.linkUrl, likePattern(word)),
      ),
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
  return { rows, total: total?.n ?? 0 };
}

export async function adById(db: Db | Tx, id: number): Promise<AdRow | undefined> {
  const [a] = await db.select().from(ads).where(eq(ads.id, id));
  return a;
}

/** An uploaded ad image (a file of purpose `ad`), or undefined. */
export async function adImage(db: Db | Tx, fileId: string) {
  const [f] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.purpose, 'ad')));
  return f;
}
