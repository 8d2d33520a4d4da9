import type { Interest, Tender } from '@bawaba/shared/contracts';
import { inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { companies, type interests, tenders, users } from '../../db/schema.ts';
import type { Lang } from '../../errors.ts';
import { companyNameFor, iso, titleFor } from '../../lib/localize.ts';
import type { TenderRow } from './rows.ts';
import { serializeTenders, type Viewer } from './tender-serializer.ts';

export type InterestRow = typeof interests.$inferSelect;
type Reader = Tx | Ctx['database']['db'];

/** One tender as the contract's `Tender`, as `viewer` may see it (null: a visitor). */
export async function tenderOut(
  ctx: Ctx,
  row: TenderRow,
  language: Lang,
  viewer: Viewer | null,
): Promise<Tender> {
  const [out] = await serializeTenders(ctx.database.db, [row], language, viewer, ctx.apiUrl);
  return out!;
}

/** Interests as the contract's `Interest`: the tender's title and the bidder's name, email and company. */
export async function serializeInterests(db: Reader, rows: InterestRow[], l: Lang): Promise<Interest[]> {
  if (rows.length === 0) return [];
  const tenderIds = [...new Set(rows.map((r) => r.tenderId))];
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const companyIds = [...new Set(rows.flatMap((r) => (r.companyId === null ? [] : [r.companyId])))];
  const [ts, us, cs] = await Promise.all([
    db
      .select({ id: tenders.id, number: tenders.number, titleEn: tenders.titleEn, titleAr: tenders.titleAr })
      .from(tenders)
      .where(inArray(tenders.id, tenderIds)),
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, userIds)),
    db
      .select({ id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr })
      .from(companies)
      .where(inArray(companies.id, companyIds)),
  ]);
  return rows.map((r) => {
    const u = us.find((x) => x.id === r.userId);
    const t = ts.find((x) => x.id === r.tenderId);
    return {
      id: r.id,
      tender: {
        id: r.tenderId,
        number: t?.number ?? '',
        ...titleFor(l, t ?? { titleEn: null, titleAr: null }),
      },
      user: {
        id: r.userId,
        name: u?.name ?? '',
        email: u?.email ?? '',
        // The company the interest is for (none for a person's own), not one the person registered.
        ...companyNameFor(
          l,
          cs.find((c) => c.id === r.companyId),
        ),
      },
      status: r.status as Interest['status'],
      reason: r.reason,
      invited: r.invited,
      createdAt: r.createdAt.toISOString(),
      decidedAt: iso(r.decidedAt),
    };
  });
}

export async function serializeInterest(db: Reader, row: InterestRow, l: Lang): Promise<Interest> {
  const [out] = await serializeInterests(db, [row], l);
  return out!;
}
