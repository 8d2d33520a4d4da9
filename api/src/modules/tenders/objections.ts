import type { Objection, ObjectionAnswerBody, ObjectionBody } from '@bawaba/shared/contracts';
import { ownsTender } from '@bawaba/shared/rules';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { companies, files, tenderObjections, tenders, users } from '../../db/schema.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { actorFor } from '../../lib/localize.ts';
import { concerned, noticeTo, tenderSide } from '../../lib/recipients.ts';
import { sideOf, sideRecords } from '../../lib/sides.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { DECISION_NOTICES } from './decision-notices.ts';
import { callerOf, lockTender, record, refuseUnless } from './lifecycle.ts';
import { voidOpenObjections } from './objection-rows.ts';
import { adminIds, participants, sideProposal } from './queries.ts';
import { lockOwnTender, visibleTender } from './service.ts';
import { finaliseDueAwards } from './standstill.ts';
import { viewerOf } from './tender-serializer.ts';

/**
 * Objections to an award during its standstill (docs/decisions/0013-decision-stage.md): each bidder but the winner
 * files one (grounds, what it asks for, documents); the award cannot become final, nor a new one be made, while one
 * is open; the buyer side dismisses it with reasons (the award stands) or upholds it (the award is withdrawn and the
 * tender returns to the decision stage). Every step is in the tender's history; both sides and the admins are told.
 */

type Filed = v.InferOutput<typeof ObjectionBody>;
type Answer = v.InferOutput<typeof ObjectionAnswerBody>;

export async function fileObjection(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  b: Filed,
  l: Lang,
): Promise<Objection> {
  await finaliseDueAwards(ctx, tenderId);
  const id = await inTx(ctx, async (tx, after) => {
    const t = await lockTender(tx, tenderId);
    const p = await sideProposal(tx, a, t.id);
    const [already] = p
      ? await tx
          .select({ id: tenderObjections.id })
          .from(tenderObjections)
          .where(eq(tenderObjections.proposalId, p.id))
      : [];
    refuseUnless(
      'fileObjection',
      t,
      callerOf(a, {
        hasProposal: Boolean(p),
        wonAward: p?.id === t.awardedProposalId,
        objected: Boolean(already),
      }),
    );
    const documentIds = [...new Set(b.documentIds)];
    if (documentIds.length) {
      const own = await tx
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            inArray(files.id, documentIds),
            eq(files.ownerId, a.user.id),
            eq(files.purpose, 'objection-document'),
          ),
        );
      if (own.length !== documentIds.length) throw new AppError('INVALID_FILE_REFERENCE', 'documentIds');
    }
    const [o] = await tx
      .insert(tenderObjections)
      .values({
        tenderId: t.id,
        proposalId: p!.id,
        filedBy: a.user.id,
        companyId: a.company?.id ?? null,
        grounds: b.grounds,
        statement: b.statement,
        remedy: b.remedy,
        documentIds,
      })
      .returning();
    await tx
      .update(tenders)
      .set({ openObjections: sql`${tenders.openObjections} + 1` })
      .where(eq(tenders.id, t.id));
    await record(
      tx,
      t.id,
      a,
      'objection_filed',
      { from: 'standstill', to: 'standstill' },
      { objectionId: o!.id, proposalId: p!.id },
    );
    const told = [...(await concerned(tx, tenderSide(t), 'buyer', a.user.id)), ...(await adminIds(tx))];
    await notify(ctx, tx, after, noticeTo(told, DECISION_NOTICES.objectionFiled(t)));
    return o!.id;
  });
  return (await objectionsWhere(ctx.database.db, eq(tenderObjections.id, id), l))[0]!;
}

export async function answerObjection(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  objectionId: number,
  b: Answer,
  l: Lang,
): Promise<Objection> {
  await inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    refuseUnless('answerObjection', t, callerOf(a));
    const [o] = await tx
      .select()
      .from(tenderObjections)
      .where(and(eq(tenderObjections.id, objectionId), eq(tenderObjections.tenderId, t.id)))
      .for('update');
    if (!o) throw new AppError('NOT_FOUND');
    if (o.status !== 'open') throw new AppError('NO_OPEN_OBJECTION');
    await tx
      .update(tenderObjections)
      .set({
        status: b.outcome,
        answer: b.reason,
        answeredBy: a.user.id,
        answeredCompanyId: a.company?.id ?? null,
        answeredAt: new Date(),
      })
      .where(eq(tenderObjections.id, o.id));
    await record(
      tx,
      t.id,
      a,
      'objection_answered',
      { from: 'standstill', to: 'standstill' },
      { objectionId: o.id, outcome: b.outcome, reason: b.reason },
    );
    const objector = await concerned(tx, { companyId: o.companyId, userId: o.filedBy }, 'bidder', a.user.id);
    const notices = noticeTo(objector, DECISION_NOTICES.objectionAnswered(t, b.outcome === 'upheld'));
    if (b.outcome === 'upheld') {
      // The award is withdrawn: back to the decision stage; the other open objections have nothing left to object to.
      await tx
        .update(tenders)
        .set({
          awardedProposalId: null,
          standstillEndsAt: null,
          outcomeNote: null,
          openObjections: 0,
          updatedAt: new Date(),
        })
        .where(eq(tenders.id, t.id));
      await voidOpenObjections(tx, t.id);
      await record(
        tx,
        t.id,
        a,
        'award_withdrawn',
        { from: 'standstill', to: 'bids_opened' },
        { proposalId: t.awardedProposalId!, objectionId: o.id },
      );
      const bidders = await concerned(tx, await participants(tx, t), 'bidder', a.user.id);
      notices.push(
        ...noticeTo(
          bidders.filter((id) => !objector.includes(id)),
          DECISION_NOTICES.awardWithdrawn(t),
        ),
      );
    } else {
      await tx
        .update(tenders)
        .set({ openObjections: sql`${tenders.openObjections} - 1` })
        .where(eq(tenders.id, t.id));
    }
    await notify(ctx, tx, after, notices);
  });
  // A standstill already over becomes final once its last objection is answered.
  await finaliseDueAwards(ctx, tenderId);
  return (await objectionsWhere(ctx.database.db, eq(tenderObjections.id, objectionId), l))[0]!;
}

/** The objections to a tender's award: all of them for its buyer side and admins, a bidder's own otherwise. */
export async function listObjections(ctx: Ctx, a: Auth, tenderId: number, l: Lang): Promise<Objection[]> {
  await finaliseDueAwards(ctx, tenderId);
  const t = await visibleTender(ctx, a, tenderId);
  const all = ownsTender(t, viewerOf(a)) || a.user.isAdmin;
  const mine = sideRecords(sideOf(a), tenderObjections.companyId, tenderObjections.filedBy);
  return objectionsWhere(
    ctx.database.db,
    and(eq(tenderObjections.tenderId, t.id), all ? undefined : mine)!,
    l,
  );
}

/** Every objection waiting for an answer (platform admins), oldest first. */
export function openObjections(ctx: Ctx, l: Lang): Promise<Objection[]> {
  return objectionsWhere(ctx.database.db, eq(tenderObjections.status, 'open'), l, 'oldest');
}

async function objectionsWhere(db: Db | Tx, where: SQL, l: Lang, order: 'newest' | 'oldest' = 'newest') {
  const filer = alias(users, 'filer');
  const answerer = alias(users, 'answerer');
  const filerCompany = alias(companies, 'filer_company');
  const answerCompany = alias(companies, 'answer_company');
  const rows = await db
    .select({
      o: tenderObjections,
      filer: { name: filer.name },
      answerer: { name: answerer.name },
      filerCompany: { id: filerCompany.id, nameEn: filerCompany.nameEn, nameAr: filerCompany.nameAr },
      answerCompany: { id: answerCompany.id, nameEn: answerCompany.nameEn, nameAr: answerCompany.nameAr },
    })
    .from(tenderObjections)
    .innerJoin(filer, eq(filer.id, tenderObjections.filedBy))
    .leftJoin(answerer, eq(answerer.id, tenderObjections.answeredBy))
    .leftJoin(filerCompany, eq(filerCompany.id, tenderObjections.companyId))
    .leftJoin(answerCompany, eq(answerCompany.id, tenderObjections.answeredCompanyId))
    .where(where)
    .orderBy(order === 'newest' ? desc(tenderObjections.id) : tenderObjections.id);
  const docIds = [...new Set(rows.flatMap((r) => r.o.documentIds))];
  const docs = docIds.length
    ? await db
        .select({ id: files.id, originalName: files.originalName })
        .from(files)
        .where(inArray(files.id, docIds))
    : [];
  return rows.map(({ o, filer, answerer, filerCompany, answerCompany }) => ({
    id: o.id,
    tenderId: o.tenderId,
    proposalId: o.proposalId,
    grounds: o.grounds as Objection['grounds'],
    statement: o.statement,
    remedy: o.remedy,
    documents: o.documentIds.flatMap((id) => {
      const d = docs.find((x) => x.id === id);
      return d ? [{ id: d.id, originalName: d.originalName, url: `/api/v1/files/${d.id}` }] : [];
    }),
    filedBy: actorFor(l, o.filedBy, filer, filerCompany),
    filedAt: o.filedAt.toISOString(),
    status: o.status as Objection['status'],
    answer: o.answer,
    answeredBy: o.answeredBy === null ? null : actorFor(l, o.answeredBy, answerer, answerCompany),
    answeredAt: o.answeredAt?.toISOString() ?? null,
  }));
}
