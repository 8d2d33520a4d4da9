import { IdParams, Paged, PageQuery, ServiceRequest, ServiceRequestBody } from '@bawaba/shared/contracts';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Module } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { companies, serviceRequests, services, users } from '../db/schema.ts';
import { AppError, type Lang } from '../errors.ts';
import { lang, paged, parse } from '../http.ts';
import { requireAdmin, requireAuth } from '../lib/auth.ts';
import { iso, named } from '../lib/localize.ts';
import { inTx, notify } from '../lib/tx.ts';
import { doc } from '../openapi.ts';

type Row = typeof serviceRequests.$inferSelect;

async function serialize(
  db: Db | Tx,
  rows: Row[],
  l: Lang,
  showContact: (r: Row) => boolean,
): Promise<ServiceRequest[]> {
  if (rows.length === 0) return [];
  const svcIds = [...new Set(rows.flatMap((r) => r.serviceIds))];
  const [svcs, comps, reqs] = await Promise.all([
    svcIds.length ? db.select().from(services).where(inArray(services.id, svcIds)) : Promise.resolve([]),
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.id, [...new Set(rows.map((r) => r.companyId))])),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.requesterId))])),
  ]);
  return rows.map((r) => {
    const contact = showContact(r);
    return {
      id: r.id,
      name: r.name,
      email: contact ? r.email : null,
      phone: contact ? r.phone : null,
      project_title: r.projectTitle,
      description: r.description,
      services: r.serviceIds
        .map((id) => svcs.find((s) => s.id === id))
        .filter((s) => s !== undefined)
        .map((s) => ({ id: s.id, ...named(l, s) })),
      company: comps.find((c) => c.id === r.companyId) ?? { id: r.companyId, name: '' },
      requester: reqs.find((u) => u.id === r.requesterId) ?? { id: r.requesterId, name: '' },
      status: r.status as 'pending' | 'approved' | 'rejected',
      createdAt: r.createdAt.toISOString(),
      decidedAt: iso(r.decidedAt),
    };
  });
}

export const requestsModule: Module = (app, ctx) => {
  const db = ctx.database.db;

  app.post(
    '/requests',
    {
      schema: doc('requests', 'Send a service request to a company', {
        response: ServiceRequest,
        status: 201,
        body: ServiceRequestBody,
        auth: true,
      }),
    },
    async (req, reply) => {
      const a = await requireAuth(ctx, req);
      const b = parse(ServiceRequestBody, req.body);
      const row = await inTx(ctx, async (tx, after) => {
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
          {
            userId: a.user.id,
            title: 'Request successfully sent',
            content: `Your request "${r.projectTitle}" to ${c.name} is waiting for approval.`,
            titleAr: 'تم إرسال الطلب بنجاح',
            contentAr: `طلبك "${r.projectTitle}" إلى ${c.name} بانتظار الموافقة.`,
            link: '/account/sent-requests',
          },
          ...admins.map((ad) => ({
            userId: ad.id,
            title: 'New service request to review',
            content: `"${r.projectTitle}" for ${c.name}.`,
            titleAr: 'طلب خدمة جديد للمراجعة',
            contentAr: `"${r.projectTitle}" إلى ${c.name}.`,
            link: '/account/requests',
          })),
        ]);
        return r;
      });
      const [out] = await serialize(db, [row], lang(req), () => true);
      return reply.code(201).send({ data: out });
    },
  );

  app.get(
    '/requests/sent',
    {
      schema: doc('requests', 'Requests I sent', {
        response: Paged(ServiceRequest),
        query: PageQuery,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const q = parse(PageQuery, req.query);
      const cond = eq(serviceRequests.requesterId, a.user.id);
      const [total] = await db.select({ n: count() }).from(serviceRequests).where(cond);
      const rows = await db
        .select()
        .from(serviceRequests)
        .where(cond)
        .orderBy(desc(serviceRequests.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      return { data: paged(await serialize(db, rows, lang(req), () => true), total?.n ?? 0, q.limit) };
    },
  );

  app.get(
    '/requests/received',
    {
      schema: doc(
        'requests',
        'Received requests: admin sees all pending; a company owner sees approved ones to their company',
        { response: Paged(ServiceRequest), query: PageQuery, auth: true },
      ),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const q = parse(PageQuery, req.query);
      let cond: SQL | undefined;
      if (a.user.isAdmin) cond = eq(serviceRequests.status, 'pending');
      else {
        const [c] = await db
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.ownerId, a.user.id));
        if (!c) return { data: paged([], 0, q.limit) };
        cond = and(eq(serviceRequests.companyId, c.id), eq(serviceRequests.status, 'approved'));
      }
      const [total] = await db.select({ n: count() }).from(serviceRequests).where(cond);
      const rows = await db
        .select()
        .from(serviceRequests)
        .where(cond)
        .orderBy(desc(serviceRequests.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      return { data: paged(await serialize(db, rows, lang(req), () => true), total?.n ?? 0, q.limit) };
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/requests/:id/${action}`,
      {
        schema: doc('requests', `${action === 'approve' ? 'Approve' : 'Reject'} a service request (admin)`, {
          params: IdParams,
          response: ServiceRequest,
          auth: true,
        }),
      },
      async (req) => {
        await requireAdmin(ctx, req);
        const { id } = parse(IdParams, req.params);
        const row = await inTx(ctx, async (tx, after) => {
          const [r] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).limit(1);
          if (!r) throw new AppError('REQUEST_NOT_FOUND');
          if (r.status !== 'pending') throw new AppError('ALREADY_DECIDED');
          const [u] = await tx
            .update(serviceRequests)
            .set({ status: action === 'approve' ? 'approved' : 'rejected', decidedAt: new Date() })
            .where(and(eq(serviceRequests.id, id), eq(serviceRequests.status, 'pending')))
            .returning();
          if (!u) throw new AppError('ALREADY_DECIDED');
          const [c] = await tx.select().from(companies).where(eq(companies.id, u.companyId));
          const items = [
            action === 'approve'
              ? {
                  userId: u.requesterId,
                  title: 'Request approved',
                  content: `Your request "${u.projectTitle}" was approved; ${c?.name ?? 'the provider'} can now contact you.`,
                  titleAr: 'تمت الموافقة على الطلب',
                  contentAr: `تمت الموافقة على طلبك "${u.projectTitle}"، ويمكن لمزود الخدمة التواصل معك الآن.`,
                  link: '/account/sent-requests',
                }
              : {
                  userId: u.requesterId,
                  title: 'Request not approved',
                  content: `Your request "${u.projectTitle}" was not approved.`,
                  titleAr: 'لم تتم الموافقة على الطلب',
                  contentAr: `لم تتم الموافقة على طلبك "${u.projectTitle}".`,
                  link: '/account/sent-requests',
                },
          ];
          if (action === 'approve' && c?.ownerId) {
            items.push({
              userId: c.ownerId,
              title: 'New service request received',
              content: `"${u.projectTitle}" from ${u.name}.`,
              titleAr: 'تم استلام طلب خدمة جديد',
              contentAr: `"${u.projectTitle}" من ${u.name}.`,
              link: '/account/requests',
            });
          }
          await notify(ctx, tx, after, items);
          return u;
        });
        const [out] = await serialize(db, [row], lang(req), () => true);
        return { data: out };
      },
    );
  }
};
