import type { PageQuery } from '@bawaba/shared/contracts';
import { and, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Db, Tx } from '../../db/client.ts';
import { companies, serviceRequests, services, users } from '../../db/schema.ts';
import type { Auth } from '../../lib/auth.ts';
import { likePattern } from '../../lib/localize.ts';
import { sideOf, sideRecords } from '../../lib/sides.ts';

/**
 * The service-request domain's reads, in one place. The writes stay in service.ts, inside their transaction next
 * to the rule they carry out.
 */

type Page = v.InferOutput<typeof PageQuery>;

/** A page of requests matching `cond`, newest first. */
async function requestPage(db: Db | Tx, cond: SQL | undefined, q: Page) {
  const [total] = await db.select({ n: count() }).from(serviceRequests).where(cond);
  const rows = await db
    .select()
    .from(serviceRequests)
    .where(cond)
    .orderBy(desc(serviceRequests.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Requests with every word of `q` (any case, English or Arabic) in the requester's name or email (as typed on the
 * request, or of their account), the company's name, a requested service's name in either language, or the
 * request's title or message.
 */
function requestSearch(
  db: Db | Tx,
  q: string | undefined,
  /** Admins also find the requester's account email; a company owner never sees it, so never searches it. */
  accountEmail: boolean,
): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    ...words.map((word) => {
      const p = likePattern(word);
      return or(
        ilike(serviceRequests.name, p),
        ilike(serviceRequests.email, p),
        ilike(serviceRequests.projectTitle, p),
        ilike(serviceRequests.description, p),
        exists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(
              and(
                eq(users.id, serviceRequests.requesterId),
                or(ilike(users.name, p), accountEmail ? ilike(users.email, p) : undefined),
              ),
            ),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(companies)
            .where(
              and(
                eq(companies.id, serviceRequests.companyId),
                or(ilike(companies.nameEn, p), ilike(companies.nameAr, p)),
              ),
            ),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(services)
            .where(
              and(
                sql`${serviceRequests.serviceIds} @> to_jsonb(${services.id})`,
                or(ilike(services.nameEn, p), ilike(services.nameAr, p)),
              ),
            ),
        ),
      );
    }),
  );
}

/** The requests the user sent, newest first. */
export const requestsSentBy = (db: Db | Tx, a: Pick<Auth, 'user' | 'company'>, q: Page) =>
  requestPage(db, sideRecords(sideOf(a), serviceRequests.requesterCompanyId, serviceRequests.requesterId), q);

/** Admins: the requests waiting for a decision matching every word of `words` (the account email included). */
export const requestsAwaitingDecision = (db: Db | Tx, words: string | undefined, q: Page) =>
  requestPage(db, and(eq(serviceRequests.status, 'pending'), requestSearch(db, words, true)), q);

/** A company's members: the approved requests to the company matching every word of `words`. */
export const approvedRequestsTo = (db: Db | Tx, companyId: number, words: string | undefined, q: Page) =>
  requestPage(
    db,
    and(
      eq(serviceRequests.companyId, companyId),
      eq(serviceRequests.status, 'approved'),
      requestSearch(db, words, false),
    ),
    q,
  );

export async function requestById(db: Db | Tx, id: number) {
  const [r] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id)).limit(1);
  return r;
}

export async function companyById(db: Db | Tx, id: number) {
  const [c] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return c;
}

/** How many of these services exist. */
export async function existingServiceCount(db: Db | Tx, ids: number[]): Promise<number> {
  return (await db.select({ id: services.id }).from(services).where(inArray(services.id, ids))).length;
}

export async function adminIds(db: Db | Tx): Promise<number[]> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))).map((u) => u.id);
}
