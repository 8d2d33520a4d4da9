import {
  IdParams,
  Interest,
  InterestBody,
  Paged,
  Proposal,
  Tender,
  TenderBody,
  TenderListQuery,
} from '@bawaba/shared/contracts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Ctx, Module } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { companies, companyServices, files, interests, services, tenders, users } from '../db/schema.ts';
import { AppError, type Lang } from '../errors.ts';
import { lang, paged, parse } from '../http.ts';
import { type Auth, optionalAuth, requireAdmin, requireAuth, requireNonAdmin } from '../lib/auth.ts';
import { iso } from '../lib/localize.ts';
import { isPast, isPublic, serializeTenders, type TenderRow, tenderFilters } from '../lib/tenders.ts';
import { type After, inTx, notify } from '../lib/tx.ts';
import { doc } from '../openapi.ts';
import { serializeProposals } from './proposals.ts';

const InterestParams = v.object({ id: IdParams.entries.id, interestId: IdParams.entries.id });

async function checkRefs(tx: Tx, userId: number, b: v.InferOutput<typeof TenderBody>) {
  const svcIds = [...new Set(b.serviceIds)];
  if (svcIds.length) {
    const found = await tx.select({ id: services.id }).from(services).where(inArray(services.id, svcIds));
    if (found.length !== svcIds.length) throw new AppError('UNKNOWN_SERVICE');
  }
  const docIds = [...new Set(b.documentIds)];
  if (docIds.length) {
    const found = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, docIds), eq(files.ownerId, userId), eq(files.purpose, 'tender-document')));
    if (found.length !== docIds.length) throw new AppError('INVALID_FILE_REFERENCE', 'documentIds');
  }
  return {
    title: b.title,
    description: b.description,
    status: b.status,
    bond: b.bond,
    participationFee: b.participationFee,
    budget: b.budget ?? null,
    currency: b.currency,
    serviceIds: svcIds,
    documentIds: docIds,
    startDate: new Date(b.start_date),
    endDate: new Date(b.end_date),
    deadline: new Date(b.deadline),
  };
}

export type InterestRow = typeof interests.$inferSelect;

export async function serializeInterests(tx: Tx | Ctx['database']['db'], rows: InterestRow[]) {
  if (rows.length === 0) return [];
  const tIds = [...new Set(rows.map((r) => r.tenderId))];
  const uIds = [...new Set(rows.map((r) => r.userId))];
  const [ts, us, cs] = await Promise.all([
    tx.select({ id: tenders.id, title: tenders.title }).from(tenders).where(inArray(tenders.id, tIds)),
    tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, uIds)),
    tx
      .select({ ownerId: companies.ownerId, name: companies.name })
      .from(companies)
      .where(inArray(companies.ownerId, uIds)),
  ]);
  return rows.map((r) => {
    const u = us.find((x) => x.id === r.userId);
    return {
      id: r.id,
      tender: ts.find((t) => t.id === r.tenderId) ?? { id: r.tenderId, title: '' },
      user: {
        id: r.userId,
        name: u?.name ?? '',
        email: u?.email ?? '',
        companyName: cs.find((c) => c.ownerId === r.userId)?.name ?? null,
      },
      status: r.status as 'pending' | 'approved' | 'rejected',
      createdAt: r.createdAt.toISOString(),
      decidedAt: iso(r.decidedAt),
    };
  });
}

export const tendersModule: Module = (app, ctx) => {
  const db = ctx.database.db;
  const out = async (row: TenderRow, l: Lang, userId: number | null) =>
    (await serializeTenders(db, [row], l, userId, ctx.apiUrl))[0]!;

  async function list(req: FastifyRequest, scope: SQL | undefined, userId: number | null) {
    const q = parse(TenderListQuery, req.query);
    const cond = and(scope, ...tenderFilters(q));
    const [total] = await db.select({ n: count() }).from(tenders).where(cond);
    const rows = await db
      .select()
      .from(tenders)
      .where(cond)
      .orderBy(desc(tenders.createdAt), desc(tenders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return {
      data: paged(await serializeTenders(db, rows, lang(req), userId, ctx.apiUrl), total?.n ?? 0, q.limit),
    };
  }

  async function ownTender(tx: Tx, a: Auth, id: number): Promise<TenderRow> {
    const [t] = await tx.select().from(tenders).where(eq(tenders.id, id)).for('update');
    if (!t) throw new AppError('TENDER_NOT_FOUND');
    if (t.ownerId !== a.user.id) throw new AppError('NOT_TENDER_OWNER');
    return t;
  }

  app.get(
    '/tenders',
    {
      schema: doc('tenders', 'Published tenders (approved) with the spec filters', {
        response: Paged(Tender),
        query: TenderListQuery,
        auth: 'optional',
      }),
    },
    async (req) => {
      const a = await optionalAuth(ctx, req);
      return list(
        req,
        and(eq(tenders.isPublished, true), eq(tenders.approvalStatus, 'approved')),
        a?.user.id ?? null,
      );
    },
  );

  app.get(
    '/tenders/mine',
    {
      schema: doc('tenders', 'My tenders (every state)', {
        response: Paged(Tender),
        query: TenderListQuery,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      return list(req, eq(tenders.ownerId, a.user.id), a.user.id);
    },
  );

  app.get(
    '/admin/tenders',
    {
      schema: doc('admin', 'All tenders (admin)', {
        response: Paged(Tender),
        query: TenderListQuery,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAdmin(ctx, req);
      return list(req, undefined, a.user.id);
    },
  );

  app.get(
    '/tenders/:id',
    { schema: doc('tenders', 'Tender by id', { response: Tender, params: IdParams, auth: 'optional' }) },
    async (req) => {
      const { id } = parse(IdParams, req.params);
      const a = await optionalAuth(ctx, req);
      const [t] = await db.select().from(tenders).where(eq(tenders.id, id));
      if (!t || !(isPublic(t) || a?.user.isAdmin || a?.user.id === t.ownerId))
        throw new AppError('TENDER_NOT_FOUND');
      return { data: await out(t, lang(req), a?.user.id ?? null) };
    },
  );

  app.post(
    '/tenders',
    {
      schema: doc('tenders', 'Create a tender (draft)', {
        response: Tender,
        status: 201,
        body: TenderBody,
        auth: true,
      }),
    },
    async (req, reply) => {
      const a = await requireNonAdmin(ctx, req);
      const b = parse(TenderBody, req.body);
      const row = await inTx(ctx, async (tx) => {
        const values = await checkRefs(tx, a.user.id, b);
        const [t] = await tx
          .insert(tenders)
          .values({
            ...values,
            number: `TMP-${crypto.randomUUID()}`,
            ownerId: a.user.id,
            approvalStatus: 'draft',
            isPublished: false,
          })
          .returning();
        const number = `BWB-${new Date().getFullYear()}-${String(t!.id).padStart(4, '0')}`;
        const [u] = await tx.update(tenders).set({ number }).where(eq(tenders.id, t!.id)).returning();
        return u!;
      });
      return reply.code(201).send({ data: await out(row, lang(req), a.user.id) });
    },
  );

  app.patch(
    '/tenders/:id',
    {
      schema: doc('tenders', 'Edit my tender (draft or rejected only)', {
        response: Tender,
        params: IdParams,
        body: TenderBody,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const [own] = await db.select({ ownerId: tenders.ownerId }).from(tenders).where(eq(tenders.id, id));
      if (!own) throw new AppError('TENDER_NOT_FOUND');
      if (own.ownerId !== a.user.id) throw new AppError('NOT_TENDER_OWNER');
      const b = parse(TenderBody, req.body);
      const row = await inTx(ctx, async (tx) => {
        const t = await ownTender(tx, a, id);
        if (t.approvalStatus !== 'draft' && t.approvalStatus !== 'rejected')
          throw new AppError('TENDER_INVALID_STATE');
        const values = await checkRefs(tx, a.user.id, b);
        const [u] = await tx
          .update(tenders)
          .set({ ...values, approvalStatus: 'draft', isPublished: false, updatedAt: new Date() })
          .where(eq(tenders.id, id))
          .returning();
        return u!;
      });
      return { data: await out(row, lang(req), a.user.id) };
    },
  );

  app.post(
    '/tenders/:id/publish',
    {
      schema: doc('tenders', 'Publish my tender (goes to pending approval)', {
        params: IdParams,
        response: Tender,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const row = await inTx(ctx, async (tx, after) => {
        const t = await ownTender(tx, a, id);
        if (t.approvalStatus !== 'draft' && t.approvalStatus !== 'rejected')
          throw new AppError('TENDER_INVALID_STATE');
        if (isPast(t)) throw new AppError('DEADLINE_PASSED');
        const [u] = await tx
          .update(tenders)
          .set({
            approvalStatus: 'pending',
            isPublished: true,
            publishDate: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(tenders.id, id))
          .returning();
        const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
        await notify(
          ctx,
          tx,
          after,
          admins.map((ad) => ({
            userId: ad.id,
            title: 'Tender waiting for approval',
            content: `${u!.number}: ${u!.title}`,
            titleAr: 'مناقصة بانتظار الموافقة',
            contentAr: `${u!.number}: ${u!.title}`,
            tenderId: u!.id,
            link: `/tender-profile/${u!.id}`,
          })),
        );
        return u!;
      });
      return { data: await out(row, lang(req), a.user.id) };
    },
  );

  app.post(
    '/tenders/:id/close',
    {
      schema: doc('tenders', 'Close my tender (bidders then need approved interest)', {
        params: IdParams,
        response: Tender,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const row = await inTx(ctx, async (tx) => {
        const t = await ownTender(tx, a, id);
        if (t.status === 'closed') throw new AppError('TENDER_INVALID_STATE');
        const [u] = await tx
          .update(tenders)
          .set({ status: 'closed', updatedAt: new Date() })
          .where(eq(tenders.id, id))
          .returning();
        return u!;
      });
      return { data: await out(row, lang(req), a.user.id) };
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/admin/tenders/:id/${action}`,
      {
        schema: doc('admin', `${action === 'approve' ? 'Approve' : 'Reject'} a pending tender (admin)`, {
          params: IdParams,
          response: Tender,
          auth: true,
        }),
      },
      async (req) => {
        const a = await requireAdmin(ctx, req);
        const { id } = parse(IdParams, req.params);
        const row = await inTx(ctx, async (tx, after) => {
          const [t] = await tx.select().from(tenders).where(eq(tenders.id, id)).for('update');
          if (!t) throw new AppError('TENDER_NOT_FOUND');
          if (t.approvalStatus !== 'pending') throw new AppError('TENDER_INVALID_STATE');
          const [u] = await tx
            .update(tenders)
            .set({ approvalStatus: action === 'approve' ? 'approved' : 'rejected', updatedAt: new Date() })
            .where(eq(tenders.id, id))
            .returning();
          await notifyTenderDecision(ctx, tx, after, u!, action);
          return u!;
        });
        return { data: await out(row, lang(req), a.user.id) };
      },
    );
  }

  app.get(
    '/tenders/:id/interests',
    {
      schema: doc('tenders', 'Interests in my tender', {
        response: v.array(Interest),
        params: IdParams,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const [t] = await db.select().from(tenders).where(eq(tenders.id, id));
      if (!t) throw new AppError('TENDER_NOT_FOUND');
      if (t.ownerId !== a.user.id) throw new AppError('NOT_TENDER_OWNER');
      const rows = await db
        .select()
        .from(interests)
        .where(eq(interests.tenderId, id))
        .orderBy(desc(interests.id));
      return { data: await serializeInterests(db, rows) };
    },
  );

  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/tenders/:id/interests/:interestId/${action}`,
      {
        schema: doc('tenders', `${action === 'approve' ? 'Approve' : 'Reject'} an interest in my tender`, {
          params: InterestParams,
          response: Interest,
          auth: true,
        }),
      },
      async (req) => {
        const a = await requireAuth(ctx, req);
        const { id, interestId } = parse(InterestParams, req.params);
        const row = await inTx(ctx, async (tx, after) => {
          const t = await ownTender(tx, a, id);
          const [i] = await tx
            .select()
            .from(interests)
            .where(and(eq(interests.id, interestId), eq(interests.tenderId, id)))
            .for('update');
          if (!i) throw new AppError('INTEREST_NOT_FOUND');
          if (i.status !== 'pending') throw new AppError('ALREADY_DECIDED');
          const [u] = await tx
            .update(interests)
            .set({ status: action === 'approve' ? 'approved' : 'rejected', decidedAt: new Date() })
            .where(eq(interests.id, i.id))
            .returning();
          await notify(ctx, tx, after, [
            action === 'approve'
              ? {
                  userId: i.userId,
                  title: 'Interest approved',
                  content: `You can now submit a proposal to "${t.title}".`,
                  titleAr: 'تمت الموافقة على اهتمامك',
                  contentAr: `يمكنك الآن تقديم عرض للمناقصة "${t.title}".`,
                  tenderId: t.id,
                  link: `/tender-profile/${t.id}`,
                }
              : {
                  userId: i.userId,
                  title: 'Interest not approved',
                  content: `Your interest in "${t.title}" was not approved.`,
                  titleAr: 'لم تتم الموافقة على اهتمامك',
                  contentAr: `لم تتم الموافقة على اهتمامك بالمناقصة "${t.title}".`,
                  tenderId: t.id,
                  link: `/tender-profile/${t.id}`,
                },
          ]);
          return u!;
        });
        return { data: (await serializeInterests(db, [row]))[0] };
      },
    );
  }

  app.get(
    '/tenders/:id/proposals',
    {
      schema: doc('tenders', 'Proposals on my tender (sealed until the deadline)', {
        response: v.array(Proposal),
        params: IdParams,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const [t] = await db.select().from(tenders).where(eq(tenders.id, id));
      if (!t) throw new AppError('TENDER_NOT_FOUND');
      if (t.ownerId !== a.user.id) throw new AppError('NOT_TENDER_OWNER');
      return { data: await serializeProposals(ctx, db, { tenderId: id }, a.user.id) };
    },
  );

  app.post(
    '/interests',
    {
      schema: doc('tenders', 'Submit interest in a closed tender', {
        response: Interest,
        status: 201,
        body: InterestBody,
        auth: true,
      }),
    },
    async (req, reply) => {
      const a = await requireNonAdmin(ctx, req);
      const b = parse(InterestBody, req.body);
      const row = await inTx(ctx, async (tx, after) => {
        const [t] = await tx.select().from(tenders).where(eq(tenders.id, b.tender));
        if (!t || !isPublic(t)) throw new AppError('TENDER_NOT_FOUND');
        if (t.ownerId === a.user.id) throw new AppError('OWN_TENDER');
        if (t.status !== 'closed') throw new AppError('TENDER_NOT_CLOSED');
        if (isPast(t)) throw new AppError('DEADLINE_PASSED');
        const [existing] = await tx
          .select({ id: interests.id })
          .from(interests)
          .where(and(eq(interests.tenderId, t.id), eq(interests.userId, a.user.id)));
        if (existing) throw new AppError('INTEREST_EXISTS');
        const [i] = await tx
          .insert(interests)
          .values({ tenderId: t.id, userId: a.user.id })
          .onConflictDoNothing()
          .returning();
        if (!i) throw new AppError('INTEREST_EXISTS');
        await notify(ctx, tx, after, [
          {
            userId: t.ownerId,
            title: 'New interest in your tender',
            content: `${a.user.name} is interested in "${t.title}".`,
            titleAr: 'اهتمام جديد بمناقصتك',
            contentAr: `${a.user.name} مهتم بالمناقصة "${t.title}".`,
            tenderId: t.id,
            link: '/account/tender-management',
          },
        ]);
        return i;
      });
      return reply.code(201).send({ data: (await serializeInterests(db, [row]))[0] });
    },
  );

  app.get(
    '/interests/mine',
    { schema: doc('tenders', 'My interests', { response: v.array(Interest), auth: true }) },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const rows = await db
        .select()
        .from(interests)
        .where(eq(interests.userId, a.user.id))
        .orderBy(desc(interests.id));
      return { data: await serializeInterests(db, rows) };
    },
  );
};

async function notifyTenderDecision(
  ctx: Ctx,
  tx: Tx,
  after: After,
  t: TenderRow,
  action: 'approve' | 'reject',
) {
  if (action === 'reject') {
    await notify(ctx, tx, after, [
      {
        userId: t.ownerId,
        title: 'Tender not approved',
        content: `"${t.title}" was not approved. You can edit it and publish again.`,
        titleAr: 'لم تتم الموافقة على المناقصة',
        contentAr: `لم تتم الموافقة على "${t.title}". يمكنك تعديلها ونشرها مرة أخرى.`,
        tenderId: t.id,
        link: '/account/tender-management',
      },
    ]);
    return;
  }
  // The owner, and every company owner offering one of the tender's services.
  const offering = t.serviceIds.length
    ? await tx
        .selectDistinct({ ownerId: companies.ownerId })
        .from(companies)
        .innerJoin(companyServices, eq(companyServices.companyId, companies.id))
        .where(
          and(
            inArray(companyServices.serviceId, t.serviceIds),
            eq(companies.status, 'approved'),
            sql`${companies.ownerId} is not null`,
            sql`${companies.ownerId} <> ${t.ownerId}`,
          ),
        )
    : [];
  await notify(ctx, tx, after, [
    {
      userId: t.ownerId,
      title: 'Tender approved',
      content: `"${t.title}" is now published.`,
      titleAr: 'تمت الموافقة على المناقصة',
      contentAr: `تم نشر "${t.title}".`,
      tenderId: t.id,
      link: `/tender-profile/${t.id}`,
    },
    ...offering.map((o) => ({
      userId: o.ownerId!,
      title: 'New tender in a service you offer',
      content: `${t.number}: ${t.title}`,
      titleAr: 'مناقصة جديدة في خدمة تقدمها',
      contentAr: `${t.number}: ${t.title}`,
      tenderId: t.id,
      link: `/tender-profile/${t.id}`,
    })),
  ]);
}
