import type { AdminCompanyListQuery } from '@bawaba/shared/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db, Tx } from '../../db/client.ts';
import { companies, companyMembers, companyServices, files } from '../../db/schema.ts';
import { searchQueryWords } from '../../lib/search.ts';
import { companyKeyword } from './search.ts';

/**
 * The company domain's reads, in one place. The writes stay in service.ts, inside their transaction next to the
 * rule they carry out. The public directory's search reads through directory.ts, beside its caches.
 */

type CompanyRow = typeof companies.$inferSelect;

/**
 * Whether the user registered a company already (`owner_id` names who registered it, once per person; it decides
 * nothing else: a company is its members').
 */
export async function registeredBy(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.ownerId, userId))
    .limit(1);
  return row !== undefined;
}

/** Whether the user is a member of the company (any role). */
export async function isMemberOf(db: Db | Tx, companyId: number, userId: number): Promise<boolean> {
  const [m] = await db
    .select({ one: sql`1` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return m !== undefined;
}

export async function companyById(db: Db | Tx, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/** The user's own uploaded logo, or undefined. */
export async function ownLogo(db: Db | Tx, userId: number, fileId: string) {
  const [f] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerId, userId), eq(files.purpose, 'logo')));
  return f;
}

/** Whether the company offers at least one service. */
export async function offersAService(db: Db | Tx, companyId: number): Promise<boolean> {
  const [one] = await db
    .select({ id: companyServices.serviceId })
    .from(companyServices)
    .where(eq(companyServices.companyId, companyId))
    .limit(1);
  return one !== undefined;
}

/**
 * One page of the companies, pending first, and how many match. `search` is the directory's keyword search as a
 * signed-in caller makes it (companies/search.ts: names and descriptions in both languages, services, categories
 * and locations, Arabic spelling variants folded), so an administrator finds what the directory would find.
 */
export async function companyPage(db: Db | Tx, q: v.InferOutput<typeof AdminCompanyListQuery>) {
  const words = searchQueryWords(q.search);
  const cond = and(
    q.status ? eq(companies.status, q.status) : undefined,
    words.length ? (await companyKeyword(db, words, true)).where : undefined,
  );
  const [total] = await db.select({ n: count() }).from(companies).where(cond);
  const rows = await db
    .select()
    .from(companies)
    .where(cond)
    .orderBy(sql`case when ${companies.status} = 'pending' then 0 else 1 end`, asc(companies.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total: total?.n ?? 0 };
}
