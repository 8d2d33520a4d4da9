import type { PageQuery, ReceivedRequestsQuery, ServiceRequestBody } from '@bawaba/shared/contracts';
import { and, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { companies, serviceRequests, services, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import type { Once } from '../../lib/idempotency.ts';
import { likePattern } from '../../lib/localize.ts';
import { inTx, type NewNotification, notify } from '../../lib/tx.ts';
import { REQUEST_NOTICES } from './notifications.ts';
import type { RequestRow } from './serializers.ts';

/**
 * The service-request rules: a signed-in user asks an approved company (not their own) for some of the catalogue's
 * services; an admin approves or rejects each request once; only then does the company see it, with the contact
 * details. Every change runs in one transaction.
 */

export type Decision = 'approve' | 'reject';
type Page = v.InferOutput<typeof PageQuery>;
type Received = v.InferOutput<typeof ReceivedRequestsQuery>;

export function sendRequest(
  ctx: Ctx,
  a: Auth,
  b: v.InferOutput<typeof ServiceRequestBody>,
  key?: Once<RequestRow>,
): Promise<RequestRow> {
  return inTx(
    ctx,
    async (tx, after) => {
      const [c] = await tx.select().from(companies).where(eq(companies.id, b.company)).limit(1);
      if (!c) throw new AppError('COMPANY_NOT_FOUND');
      if (c.status !== 'approved') throw new AppError('COMPANY_NOT_APPROVED');
      if (c.ownerId === a.user.id) throw new AppError('OWN_COMPANY');
      const ids = [...new Set(b.services)];
      const found = await tx.select({ id: services.id }).from(services).where(inArray(services.id, ids));
      if (found.length !== ids.length) throw new AppError('UNKNOWN_SERVICE');
      const [r] = await tx
        .insert(serviceRequests)
        .values({
          requesterId: a.user.id,
          companyId: c.id,
          name: b.name,
          email: b.email,
          phone: b.phone,
          projectTitle: b.project_title,
          description: b.description,
          serviceIds: ids,
        })
        .returning();
      if (!r) throw new AppError('INTERNAL');
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
      await notify(ctx, tx, after, [
        { userId: a.user.id, ...REQUEST_NOTICES.sent(r, c.name) },
        ...admins.map((admin) => ({ userId: admin.id, ...REQUEST_NOTICES.toReview(r, c.name) })),
      ]);
      return r;
    },
    key,
  );
}

/** A page of requests matching `cond`, newest first. */
async function requestPage(ctx: Ctx, cond: SQL | undefined, q: Page) {
  const db = ctx.database.db;
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

/** The requests the caller sent. */
export const sentRequests = (ctx: Ctx, a: Auth, q: Page) =>
  requestPage(ctx, eq(serviceRequests.requesterId, a.user.id), q);

/**
 * Requests with every word of `q` (any case, English or Arabic) in the requester's name or email (as typed on the
 * request, or of their account), the company's name, a requested service's name in either language, or the
 * request's title or message.
 */
function requestSearch(
  db: Ctx['database']['db'],
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
            .where(and(eq(companies.id, serviceRequests.companyId), ilike(companies.name, p))),
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

/**
 * Admins: every request waiting for a decision. A company's owner: the approved requests to their company.
 * Either narrowed by the search words `q`.
 */
export async function receivedRequests(ctx: Ctx, a: Auth, q: Received) {
  const search = requestSearch(ctx.database.db, q.q, a.user.isAdmin);
  if (a.user.isAdmin) return requestPage(ctx, and(eq(serviceRequests.status, 'pending'), search), q);
  const [c] = await ctx.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.ownerId, a.user.id));
  if (!c) return { rows: [], total: 0 };
  return requestPage(
    ctx,
    and(eq(serviceRequests.companyId, c.id), eq(serviceRequests.status, 'approved'), search),
    q,
  );
}

/** An admin decides a pending request once; an approval also tells the company's owner. */
export function decideRequest(
  ctx: Ctx,
  id: number,
  decision: Decision,
  /** Why, for a rejection (shown to the requester). */
  reason: string | null = null,
): Promise<RequestRow> {
  return inTx(ctx, async (tx, after) => {
    const [r] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).limit(1);
    if (!r) throw new AppError('REQUEST_NOT_FOUND');
    if (r.status !== 'pending') throw new AppError('ALREADY_DECIDED');
    const [u] = await tx
      .update(serviceRequests)
      .set({
        status: decision === 'approve' ? 'approved' : 'rejected',
        reason: decision === 'reject' ? reason : null,
        decidedAt: new Date(),
      })
      .where(and(eq(serviceRequests.id, id), eq(serviceRequests.status, 'pending')))
      .returning();
    if (!u) throw new AppError('ALREADY_DECIDED');
    const [c] = await tx.select().from(companies).where(eq(companies.id, u.companyId));
    const items: NewNotification[] = [
      {
        userId: u.requesterId,
        ...(decision === 'approve'
          ? REQUEST_NOTICES.approved(u, c?.name ?? null)
          : REQUEST_NOTICES.rejected(u, reason ?? '')),
      },
    ];
    if (decision === 'approve' && c?.ownerId)
      items.push({ userId: c.ownerId, ...REQUEST_NOTICES.received(u) });
    await notify(ctx, tx, after, items);
    return u;
  });
}
