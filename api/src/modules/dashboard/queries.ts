import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The dashboard's aggregates, one statement each, in plain SQL that PGlite and PostgreSQL both run: each answers
 * small grouped rows the service (service.ts) shapes into the contract's measures. `companyId` null reads the whole
 * marketplace; a number, that company's tenders only.
 */

type Scope = { companyId: number | null };

const ofCompany = ({ companyId }: Scope, column: SQL): SQL =>
  companyId === null ? sql`true` : sql`${column} = ${companyId}`;

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => (await db.execute(query)).rows as T[];

/** A tender's stage now, as tenderState of shared/src/rules/tender-rules.ts derives it from the row. */
const stageOf = (now: Date): SQL => sql`case
  when t.outcome in ('awarded', 'no_award', 'cancelled') then t.outcome
  when t.approval_status = 'draft' then 'draft'
  when t.approval_status = 'pending' then 'pending_approval'
  when t.approval_status = 'rejected' then 'rejected'
  when t.standstill_ends_at is not null then 'standstill'
  when t.deadline is not null and t.deadline <= ${now.toISOString()}::timestamptz then 'bids_opened'
  else 'published' end`;

/**
 * A time as Qatar's wall clock (UTC+3 all year, no daylight saving): the dashboard counts Qatar's months and weeks,
 * and a Qatar week starts on Sunday (its working week is Sunday–Thursday).
 */
const inQatar = (column: SQL) => sql`((${column} at time zone 'UTC') + interval '3 hours')`;
const qatarWeek = (column: SQL) =>
  sql`(date_trunc('week', ${inQatar(column)} + interval '1 day') - interval '1 day')`;

/** Tenders created since `from`, by their Qatar month of creation (YYYY-MM-01) and their stage now. */
export const tendersByMonthAndStage = (db: Db, scope: Scope, from: Date, now: Date) =>
  rowsOf<{ month: string; stage: string; tenders: number }>(
    db,
    sql`select to_char(date_trunc('month', ${inQatar(sql`t.created_at`)}), 'YYYY-MM-DD') as month,
               ${stageOf(now)} as stage, count(*)::int as tenders
          from tenders t
         where t.created_at >= ${from.toISOString()}::timestamptz and ${ofCompany(scope, sql`t.company_id`)}
         group by 1, 2`,
  );

/** Published tenders (ever approved) by how many proposals each received: `proposals` → how many tenders. */
export const tendersByProposalCount = (db: Db, scope: Scope) =>
  rowsOf<{ proposals: number; tenders: number }>(
    db,
    sql`select coalesce(p.n, 0)::int as proposals, count(*)::int as tenders
          from tenders t
          left join (select tender_id, count(*) as n from proposals group by tender_id) p on p.tender_id = t.id
         where t.approval_status = 'approved' and ${ofCompany(scope, sql`t.company_id`)}
         group by 1`,
  );

/** Awarded tenders by whole days from their publication to their award: `days` → how many tenders. */
export const awardedByDays = (db: Db, scope: Scope) =>
  rowsOf<{ days: number; tenders: number }>(
    db,
    sql`select floor(extract(epoch from (t.outcome_at - t.publish_date)) / 86400)::int as days, count(*)::int as tenders
          from tenders t
         where t.outcome = 'awarded' and t.publish_date is not null and t.outcome_at is not null
           and ${ofCompany(scope, sql`t.company_id`)}
         group by 1`,
  );

type CategoryRow = { id: number; nameEn: string; nameAr: string; count: number };

/** The categories with the most published tenders (a tender counts once per category of its services). */
export const topCategoriesByTenders = (db: Db, scope: Scope, limit: number) =>
  rowsOf<CategoryRow>(
    db,
    sql`select c.id, c.name_en as "nameEn", c.name_ar as "nameAr", count(distinct t.id)::int as count
          from tenders t
         cross join lateral jsonb_array_elements_text(t.service_ids) as e(service_id)
          join services s on s.id = e.service_id::int
          join categories c on c.id = s.category_id
         where t.approval_status = 'approved' and ${ofCompany(scope, sql`t.company_id`)}
         group by c.id
         order by count desc, c.id
         limit ${limit}`,
  );

/**
 * The categories with the most followers: a follower is a company (or a person following as themselves), counted
 * once per category whether they follow the category or any number of its services.
 */
export const topCategoriesByFollowers = (db: Db, limit: number) =>
  rowsOf<CategoryRow>(
    db,
    sql`select c.id, c.name_en as "nameEn", c.name_ar as "nameAr",
               count(distinct coalesce('c' || f.company_id, 'u' || f.user_id))::int as count
          from follows f
          left join services s on s.id = f.service_id
          join categories c on c.id = coalesce(f.category_id, s.category_id)
         group by c.id
         order by count desc, c.id
         limit ${limit}`,
  );

/** Companies registered since `from`, by their Qatar week of registration (its Sunday, YYYY-MM-DD). */
export const companiesByWeek = (db: Db, from: Date) =>
  rowsOf<{ week: string; companies: number }>(
    db,
    sql`select to_char(${qatarWeek(sql`c.created_at`)}, 'YYYY-MM-DD') as week,
               count(*)::int as companies
          from companies c
         where c.created_at >= ${from.toISOString()}::timestamptz
         group by 1`,
  );
