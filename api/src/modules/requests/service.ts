import type { PageQuery, ReceivedRequestsQuery, ServiceRequestBody } from '@bawaba/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { serviceRequests } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import type { Once } from '../../lib/idempotency.ts';
import { belongsTo } from '../../lib/memberships.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { inTx, type NewNotification, notify } from '../../lib/tx.ts';
import { type AdminActor, recordAdminAction } from '../audit/index.ts';
import { REQUEST_NOTICES } from './notifications.ts';
import {
  adminIds,
  approvedRequestsTo,
  companyById,
  existingServiceCount,
  requestById,
  requestsAwaitingDecision,
  requestsSentBy,
} from './queries.ts';
import type { RequestRow } from './serializers.ts';

/**
 * The service-request rules: a signed-in user asks an approved company (not their own) for some of the catalogue's
 * services; an admin approves or rejects each request once; only then does the company see it, with the contact
 * details. Every change runs in one transaction; the reads are in queries.ts.
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
      const c = await companyById(tx, b.company);
      if (!c) throw new AppError('COMPANY_NOT_FOUND');
      if (c.status !== 'approved') throw new AppError('COMPANY_NOT_APPROVED');
      // Nobody asks a company they belong to, whichever company their session acts for.
      if (await belongsTo(tx, a.user.id, c.id)) throw new AppError('OWN_COMPANY');
      const ids = [...new Set(b.services)];
      if ((await existingServiceCount(tx, ids)) !== ids.length) throw new AppError('UNKNOWN_SERVICE');
      const [r] = await tx
        .insert(serviceRequests)
        .values({
          requesterId: a.user.id,
          companyId: c.id,
          requesterCompanyId: a.company?.id ?? null,
          actedByUserId: a.user.id,
          name: b.name,
          email: b.email,
          phone: b.phone,
          projectTitle: b.project_title,
          description: b.description,
          serviceIds: ids,
        })
        .returning();
      if (!r) throw new AppError('INTERNAL');
      const admins = await adminIds(tx);
      await notify(ctx, tx, after, [
        { userId: a.user.id, ...REQUEST_NOTICES.sent(r, c) },
        ...admins.map((id) => ({ userId: id, ...REQUEST_NOTICES.toReview(r, c) })),
      ]);
      return r;
    },
    key,
  );
}

/** The requests the caller's side sent: their company's (any member's), and their own made as themselves. */
export const sentRequests = (ctx: Ctx, a: Auth, q: Page) => requestsSentBy(ctx.database.db, a, q);

/**
 * Admins: every request waiting for a decision. A member: the approved requests to the company their session acts
 * for (every member reads them: they answer the requester themselves). Either narrowed by the search words `q`.
 */
export async function receivedRequests(ctx: Ctx, a: Auth, q: Received) {
  const db = ctx.database.db;
  if (a.user.isAdmin) return requestsAwaitingDecision(db, q.q, q);
  if (!a.company) return { rows: [], total: 0 };
  return approvedRequestsTo(db, a.company.id, q.q, q);
}

/** An admin decides a pending request once; the requesting side is told, and on approval the asked company. */
export function decideRequest(
  ctx: Ctx,
  admin: AdminActor,
  id: number,
  decision: Decision,
  /** Why, for a rejection (shown to the requester). */
  reason: string | null = null,
): Promise<RequestRow> {
  return inTx(ctx, async (tx, after) => {
    const r = await requestById(tx, id);
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
    const c = await companyById(tx, u.companyId);
    await recordAdminAction(tx, admin, {
      action: decision === 'approve' ? 'request.approve' : 'request.reject',
      target: { type: 'request', id: u.id, label: `#${u.id} → ${c?.nameEn ?? c?.nameAr ?? ''}`.trim() },
      reason,
    });
    // The requesting side: the member who sent it (its contact) and their company's buyers; the asked company's
    // bidders (its sales people) and administrators receive it.
    const requesters = [
      u.requesterId,
      ...(await concerned(tx, { companyId: u.requesterCompanyId }, 'buyer')),
    ];
    const items: NewNotification[] = noticeTo(
      requesters,
      decision === 'approve'
        ? REQUEST_NOTICES.approved(u, c ?? null)
        : REQUEST_NOTICES.rejected(u, reason ?? ''),
    );
    if (decision === 'approve') {
      const sellers = await concerned(tx, { companyId: u.companyId }, ['bidder', 'admin']);
      items.push(...noticeTo(sellers, REQUEST_NOTICES.received(u)));
    }
    await notify(ctx, tx, after, items);
    return u;
  });
}
