import { and, asc, desc, eq, isNull, not, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { categories, companies, companyServices, follows, services, tenders } from '../../db/schema.ts';
import { type Side, sideRecords } from '../../lib/sides.ts';
import { asksForAny, LIST_SCOPES, stateCondition, type TenderRow } from '../tenders/index.ts';
import type { FollowRow } from './serializers.ts';

/** The follows domain's reads: every SELECT of the domain lives here (the writes stay in service.ts). */

/** The follows on the caller's side (sides.ts) as a condition: their company's and their personal ones. */
export const sideFollows = (side: Side): SQL => sideRecords(side, follows.companyId, follows.userId);

/** The side's follows with their service or category, newest first (`id`: only that one). */
export function followRows(db: Db | Tx, side: Side, id?: number): Promise<FollowRow[]> {
  return db
    .select({ f: follows, s: services, c: categories })
    .from(follows)
    .leftJoin(services, eq(services.id, follows.serviceId))
    .leftJoin(categories, eq(categories.id, follows.categoryId))
    .where(and(sideFollows(side), id === undefined ? undefined : eq(follows.id, id)))
    .orderBy(desc(follows.id));
}

/** A follow on the side covering the service `services.id` (itself, or its category). */
const followsService = (db: Db | Tx, side: Side) =>
  db
    .select({ one: sql`1` })
    .from(follows)
    .where(
      and(
        sideFollows(side),
        or(eq(follows.serviceId, services.id), eq(follows.categoryId, services.categoryId)),
      ),
    );

/** The services of the caller's active company, once approved, that no follow on their side covers yet and that may be followed. */
export async function unfollowedOwnServices(db: Db | Tx, side: Side) {
  if (side.companyId === null) return [];
  return db
    .selectDistinct({
      id: services.id,
      slug: services.slug,
      nameEn: services.nameEn,
      nameAr: services.nameAr,
    })
    .from(services)
    .innerJoin(companyServices, eq(companyServices.serviceId, services.id))
    .innerJoin(companies, eq(companies.id, companyServices.companyId))
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .where(
      and(
        eq(companies.id, side.companyId),
        eq(companies.status, 'approved'),
        // Only what may be followed: a retired service (or one of a retired category) is refused on follow.
        isNull(services.retiredAt),
        isNull(categories.retiredAt),
        notExists(followsService(db, side)),
      ),
    )
    .orderBy(asc(services.id));
}

/**
 * The newest public tenders (approved, published, before the deadline, not ended) asking for a service followed on
 * the caller's side, directly or through its category; never the side's own tenders.
 */
export async function followedTenders(db: Db | Tx, side: Side, limit: number): Promise<TenderRow[]> {
  const followed = await db
    .selectDistinct({ id: services.id })
    .from(services)
    .innerJoin(follows, or(eq(follows.serviceId, services.id), eq(follows.categoryId, services.categoryId)))
    .where(sideFollows(side));
  if (followed.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    LIST_SCOPES.market(),
    stateCondition('published'),
    not(sideRecords(side, tenders.companyId, tenders.ownerId)),
    asksForAny(followed.map((s) => s.id)),
  ];
  return db
    .select()
    .from(tenders)
    .where(and(...conditions))
    .orderBy(sql`${tenders.publishDate} desc nulls last`, desc(tenders.id))
    .limit(limit);
}

/**
 * Who hears of a newly approved tender, in one statement however many followers: the bidders (its sales people) of
 * every approved company offering one of its services (`offers`), and every follower of one of them or of their
 * categories — a follow made for a company alerts that company's bidders, a personal follow its person. Each user
 * once (one who also offers gets the "you offer" notice only), never the tender's own side: its company's members,
 * or its owner for a personal tender.
 */
export async function alertRecipients(tx: Tx, t: TenderRow): Promise<{ userId: number; offers: boolean }[]> {
  if (t.serviceIds.length === 0) return [];
  const ids = sql.join(
    t.serviceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = (
    await tx.execute(sql`
      select user_id, bool_or(offers) as offers from (
        select m.user_id, true as offers
          from company_services cs join companies c on c.id = cs.company_id
          join company_members m on m.company_id = c.id and 'bidder' = any(m.roles)
         where cs.service_id in (${ids}) and c.status = 'approved'
        union all
        select coalesce(m.user_id, f.user_id), false from follows f
          left join company_members m on m.company_id = f.company_id and 'bidder' = any(m.roles)
         where (f.service_id in (${ids})
            or f.category_id in (select s.category_id from services s where s.id in (${ids})))
           and (f.company_id is null or m.user_id is not null)
      ) r
      where user_id <> ${t.ownerId}
        and not exists (select 1 from company_members own
                         where own.company_id = ${t.companyId} and own.user_id = r.user_id)
      group by user_id
      order by user_id`)
  ).rows as { user_id: number; offers: boolean }[];
  return rows.map((r) => ({ userId: Number(r.user_id), offers: r.offers }));
}
