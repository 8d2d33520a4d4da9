import {
  IdParams,
  PayNowResponse,
  Proposal,
  ProposalBody,
  ProposalSubmitted,
  ResubmitProposalBody,
} from '@bawaba/shared/contracts';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { Ctx, Module } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  type BreakdownItem,
  companies,
  files,
  interests,
  type Milestone,
  proposals,
  proposalVersions,
  tenders,
  users,
} from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { parse } from '../http.ts';
import { requireAuth, requireNonAdmin } from '../lib/auth.ts';
import { iso } from '../lib/localize.ts';
import { sandboxProvider, startPayment } from '../lib/payments.ts';
import { isPast, isPublic } from '../lib/tenders.ts';
import { inTx, notify } from '../lib/tx.ts';
import { doc } from '../openapi.ts';

type ProposalRow = typeof proposals.$inferSelect;
type VersionRow = typeof proposalVersions.$inferSelect;

const versionOut = (x: VersionRow) => ({
  version: x.version,
  submittedAt: x.submittedAt.toISOString(),
  attachment: x.attachment,
  offer_price: x.offerPrice,
  title: x.title,
  description: x.description,
  period: x.period,
  currency: x.currency as 'QAR' | 'USD' | 'EUR',
  payment_terms: x.paymentTerms as '30_days' | '60_days' | 'advance' | 'custom',
  milestones: x.milestones,
  breakdown: x.breakdown,
});

/** Proposals as the viewer may see them: the tender owner gets them sealed (no contents) until the deadline. */
export async function serializeProposals(
  _ctx: Ctx,
  db: Db | Tx,
  where: { tenderId?: number; bidderId?: number; id?: number },
  viewerId: number,
) {
  const conds: SQL[] = [];
  if (where.tenderId) conds.push(eq(proposals.tenderId, where.tenderId));
  if (where.bidderId) conds.push(eq(proposals.bidderId, where.bidderId));
  if (where.id) conds.push(eq(proposals.id, where.id));
  const rows = await db
    .select({ p: proposals, t: tenders })
    .from(proposals)
    .innerJoin(tenders, eq(tenders.id, proposals.tenderId))
    .where(and(...conds))
    .orderBy(desc(proposals.updatedAt), desc(proposals.id));
  if (rows.length === 0) return [];
  const pIds = rows.map((r) => r.p.id);
  const bIds = [...new Set(rows.map((r) => r.p.bidderId))];
  const [versions, bidders, comps] = await Promise.all([
    db
      .select()
      .from(proposalVersions)
      .where(inArray(proposalVersions.proposalId, pIds))
      .orderBy(asc(proposalVersions.version)),
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, bIds)),
    db
      .select({ ownerId: companies.ownerId, name: companies.name })
      .from(companies)
      .where(inArray(companies.ownerId, bIds)),
  ]);
  const now = Date.now();
  return rows.map(({ p, t }) => {
    const sealed = p.bidderId !== viewerId && !isPast(t, now);
    const vs = versions.filter((x) => x.proposalId === p.id).map(versionOut);
    return {
      id: p.id,
      tender: { id: t.id, title: t.title, number: t.number, deadline: iso(t.deadline), currency: t.currency },
      bidder: {
        id: p.bidderId,
        name: bidders.find((b) => b.id === p.bidderId)?.name ?? '',
        companyName: comps.find((c) => c.ownerId === p.bidderId)?.name ?? null,
      },
      status: p.status as 'submitted' | 'resubmitted',
      paymentStatus: p.paymentStatus as 'not_required' | 'unpaid' | 'paid' | 'failed',
      amountDue: p.amountDue,
      currentVersion: p.currentVersion,
      sealed,
      current: sealed ? null : (vs.at(-1) ?? null),
      versions: sealed ? null : vs,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  });
}

type Content = {
  attachment: string;
  offer_price: number;
  title: string;
  description: string;
  period: number;
  currency: string;
  payment_terms: string;
  milestones: Milestone[];
  breakdown: BreakdownItem[];
};

/** Milestone dates must be consistent; files must be the caller's uploads of the right purpose. */
async function checkContent(tx: Tx, userId: number, c: Content) {
  for (const [i, m] of c.milestones.entries()) {
    const s = Date.parse(m.start_date);
    if (Date.parse(m.end_date) < s) throw new AppError('INVALID_MILESTONES', `milestones.${i}.end_date`);
    if (Date.parse(m.expected_completion_date) < s) {
      throw new AppError('INVALID_MILESTONES', `milestones.${i}.expected_completion_date`);
    }
  }
  const [att] = await tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(eq(files.id, c.attachment), eq(files.ownerId, userId), eq(files.purpose, 'proposal-attachment')),
    );
  if (!att) throw new AppError('INVALID_FILE_REFERENCE', 'attachment');
  const docIds = [...new Set(c.milestones.flatMap((m) => m.documents))];
  if (docIds.length) {
    const found = await tx
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          inArray(files.id, docIds),
          eq(files.ownerId, userId),
          inArray(files.purpose, ['milestone-document', 'proposal-attachment']),
        ),
      );
    if (found.length !== docIds.length) throw new AppError('INVALID_FILE_REFERENCE', 'milestones.documents');
  }
}

const normalize = (m: v.InferOutput<typeof ProposalBody>['milestones'][number]): Milestone => ({
  title: m.title,
  description: m.description,
  amount: m.amount,
  period: m.period,
  documents: m.documents,
  start_date: new Date(m.start_date).toISOString(),
  end_date: new Date(m.end_date).toISOString(),
  expected_completion_date: new Date(m.expected_completion_date).toISOString(),
});

export const proposalsModule: Module = (app, ctx) => {
  const db = ctx.database.db;
  const provider = sandboxProvider(ctx);
  const one = async (id: number, viewerId: number) =>
    (await serializeProposals(ctx, db, { id }, viewerId))[0]!;

  app.post(
    '/proposals',
    {
      schema: doc('proposals', 'Submit a proposal (data.payUrl when a fee or bond is due)', {
        response: ProposalSubmitted,
        status: 201,
        body: ProposalBody,
        auth: true,
      }),
    },
    async (req, reply) => {
      const a = await requireNonAdmin(ctx, req);
      const b = parse(ProposalBody, req.body);
      const result = await inTx(ctx, async (tx, after) => {
        const [t] = await tx.select().from(tenders).where(eq(tenders.id, b.tender)).for('update');
        if (!t) throw new AppError('TENDER_NOT_FOUND');
        if (!isPublic(t)) throw new AppError('TENDER_NOT_PUBLISHED');
        if (t.ownerId === a.user.id) throw new AppError('OWN_TENDER');
        if (isPast(t)) throw new AppError('DEADLINE_PASSED');
        if (t.status === 'closed') {
          const [i] = await tx
            .select()
            .from(interests)
            .where(and(eq(interests.tenderId, t.id), eq(interests.userId, a.user.id)));
          if (i?.status !== 'approved') throw new AppError('INTEREST_NOT_APPROVED');
        }
        const [existing] = await tx
          .select({ id: proposals.id })
          .from(proposals)
          .where(and(eq(proposals.tenderId, t.id), eq(proposals.bidderId, a.user.id)));
        if (existing) throw new AppError('PROPOSAL_EXISTS');
        const content: Content = { ...b, milestones: b.milestones.map(normalize), breakdown: b.breakdown };
        await checkContent(tx, a.user.id, content);
        const amountDue = t.bond + t.participationFee;
        const [p] = await tx
          .insert(proposals)
          .values({
            tenderId: t.id,
            bidderId: a.user.id,
            amountDue,
            paymentStatus: amountDue > 0 ? 'unpaid' : 'not_required',
          })
          .onConflictDoNothing()
          .returning();
        if (!p) throw new AppError('PROPOSAL_EXISTS');
        await insertVersion(tx, p, 1, content);
        await notify(ctx, tx, after, [
          {
            userId: t.ownerId,
            title: 'New proposal on your tender',
            content: `A proposal was submitted on "${t.title}". Proposals stay sealed until the deadline.`,
            titleAr: 'عرض جديد على مناقصتك',
            contentAr: `تم تقديم عرض على "${t.title}". تبقى العروض مختومة حتى الموعد النهائي.`,
            tenderId: t.id,
            link: '/account/tender-management',
          },
        ]);
        const pay = amountDue > 0 ? await startPayment(provider, tx, p, t.currency) : null;
        return { id: p.id, payUrl: pay?.payUrl };
      });
      const data: Record<string, unknown> = { proposal: await one(result.id, a.user.id) };
      if (result.payUrl) data.payUrl = result.payUrl;
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/proposals/:id',
    {
      schema: doc('proposals', 'Resubmit my proposal (keeps the earlier versions)', {
        response: ProposalSubmitted,
        params: IdParams,
        body: ResubmitProposalBody,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const [own] = await db
        .select({ bidderId: proposals.bidderId })
        .from(proposals)
        .where(eq(proposals.id, id));
      if (!own) throw new AppError('PROPOSAL_NOT_FOUND');
      // Someone else's proposal answers exactly like a missing one: ids cannot be probed.
      if (own.bidderId !== a.user.id) throw new AppError('PROPOSAL_NOT_FOUND');
      const b = parse(ResubmitProposalBody, req.body);
      const result = await inTx(ctx, async (tx, after) => {
        const [p] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
        if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
        if (p.bidderId !== a.user.id) throw new AppError('PROPOSAL_NOT_FOUND');
        const [t] = await tx.select().from(tenders).where(eq(tenders.id, p.tenderId));
        if (!t) throw new AppError('TENDER_NOT_FOUND');
        if (isPast(t)) throw new AppError('DEADLINE_PASSED');
        const [prev] = await tx
          .select()
          .from(proposalVersions)
          .where(and(eq(proposalVersions.proposalId, p.id), eq(proposalVersions.version, p.currentVersion)));
        const content: Content = {
          attachment: b.attachment,
          offer_price: b.offer_price,
          title: b.title,
          description: b.description,
          period: b.period,
          currency: b.currency ?? prev?.currency ?? 'QAR',
          payment_terms: b.payment_terms ?? prev?.paymentTerms ?? '30_days',
          milestones: b.milestones.map((m) => normalize({ ...m, period: m.period ?? 1 })),
          breakdown: b.breakdown ?? prev?.breakdown ?? [],
        };
        await checkContent(tx, a.user.id, content);
        const next = p.currentVersion + 1;
        await insertVersion(tx, p, next, content);
        await tx
          .update(proposals)
          .set({ currentVersion: next, status: 'resubmitted', updatedAt: new Date() })
          .where(eq(proposals.id, p.id));
        await notify(ctx, tx, after, [
          {
            userId: t.ownerId,
            title: 'A proposal was resubmitted on your tender',
            content: `A bidder updated their proposal on "${t.title}".`,
            titleAr: 'تم تحديث عرض على مناقصتك',
            contentAr: `قام أحد المتقدمين بتحديث عرضه على "${t.title}".`,
            tenderId: t.id,
            link: '/account/tender-management',
          },
        ]);
        const due = p.paymentStatus === 'unpaid' || p.paymentStatus === 'failed';
        const pay = due ? await startPayment(provider, tx, p, t.currency) : null;
        return { payUrl: pay?.payUrl };
      });
      const data: Record<string, unknown> = { proposal: await one(id, a.user.id) };
      if (result.payUrl) data.payUrl = result.payUrl;
      return { data };
    },
  );

  app.get(
    '/proposals/mine',
    {
      schema: doc('proposals', 'My proposals with payment state', {
        response: v.array(Proposal),
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      return { data: await serializeProposals(ctx, db, { bidderId: a.user.id }, a.user.id) };
    },
  );

  app.get(
    '/proposals/:id',
    {
      schema: doc('proposals', 'A proposal (bidder, tender owner — sealed until the deadline — or admin)', {
        response: Proposal,
        params: IdParams,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const [row] = await db
        .select({ bidderId: proposals.bidderId, ownerId: tenders.ownerId })
        .from(proposals)
        .innerJoin(tenders, eq(tenders.id, proposals.tenderId))
        .where(eq(proposals.id, id));
      if (!row) throw new AppError('PROPOSAL_NOT_FOUND');
      if (row.bidderId !== a.user.id && row.ownerId !== a.user.id && !a.user.isAdmin)
        throw new AppError('PROPOSAL_NOT_FOUND');
      return { data: await one(id, a.user.id) };
    },
  );

  app.post(
    '/proposals/:id/pay',
    {
      schema: doc('proposals', 'Pay now: a fresh checkout URL for an unpaid proposal', {
        response: PayNowResponse,
        params: IdParams,
        auth: true,
      }),
    },
    async (req) => {
      const a = await requireAuth(ctx, req);
      const { id } = parse(IdParams, req.params);
      const r = await inTx(ctx, async (tx) => {
        const [p] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
        if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
        if (p.bidderId !== a.user.id) throw new AppError('PROPOSAL_NOT_FOUND');
        if (p.paymentStatus === 'paid') throw new AppError('PAYMENT_COMPLETED');
        if (p.paymentStatus === 'not_required' || p.amountDue <= 0)
          throw new AppError('PAYMENT_NOT_REQUIRED');
        const [t] = await tx
          .select({ currency: tenders.currency })
          .from(tenders)
          .where(eq(tenders.id, p.tenderId));
        return startPayment(provider, tx, p, t?.currency ?? 'QAR');
      });
      return { data: { payUrl: r.payUrl, reference: r.payment.reference } };
    },
  );
};

async function insertVersion(tx: Tx, p: ProposalRow, version: number, c: Content) {
  await tx.insert(proposalVersions).values({
    proposalId: p.id,
    version,
    attachment: c.attachment,
    offerPrice: c.offer_price,
    title: c.title,
    description: c.description,
    period: c.period,
    currency: c.currency,
    paymentTerms: c.payment_terms,
    milestones: c.milestones,
    breakdown: c.breakdown.map((x) => ({
      name: x.name,
      description: x.description,
      quantity: x.quantity,
      unitPrice: x.unitPrice,
    })),
  });
}
