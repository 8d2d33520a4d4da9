import {
  CREDENTIAL_KINDS,
  DEFAULT_STANDSTILL_DAYS,
  LOWEST_PRICE,
  type TenderBody,
} from '@bawaba/shared/contracts';
import { ownsTender } from '@bawaba/shared/rules';
import { and, eq, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { interests, tenders } from '../../db/schema.ts';
import { refreshTenderSearch } from '../../db/search-documents.ts';
import { AppError } from '../../errors.ts';
import { type Auth, actingFor } from '../../lib/auth.ts';
import { eitherWritten, versionsOf } from '../../lib/bilingual.ts';
import type { Once } from '../../lib/idempotency.ts';
import { concerned, noticeTo, tenderSide } from '../../lib/recipients.ts';
import { sanitizeDescription } from '../../lib/rich-text.ts';
import { ownTenders, sideOf } from '../../lib/sides.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { recordAdminAction } from '../audit/index.ts';
import { checkServicesUsable } from '../catalog/index.ts';
import { tenderBus } from './bus.ts';
import { evaluationColumns, evaluationOf } from './evaluation.ts';
import { callerOf, lockTender, record, refuseUnless, take } from './lifecycle.ts';
import { TENDER_NOTICES } from './notifications.ts';
import {
  adminIds,
  documentNames,
  interestStatus,
  interestsOfSide,
  interestsOfTender,
  tenderById,
} from './queries.ts';
import { isPublic, type TenderRow } from './rows.ts';
import type { InterestRow } from './serializers.ts';
import { viewerOf } from './tender-serializer.ts';

/**
 * The tender market's rules: who may do what to a tender or an interest, in which state, and what follows (the
 * tender's number, the notifications). Every change runs in one transaction with the rows it decides on locked;
 * the reads are in queries.ts (a read that locks a row for the change stays here, beside it).
 */

export type Decision = 'approve' | 'reject';

/** The standstill after an award decision, in working days, of a tender whose form does not say. */
type Body = v.InferOutput<typeof TenderBody>;

/** Which tenders a list may show (a condition on the tenders table; undefined: every tender). */
export type ListScope = SQL | undefined;

/**
 * Who sees which tenders in a list: the public market, the caller's own — the tenders of the company their session
 * acts for and their personal ones (made before they had a company; nobody else sees those) — or (admins) every
 * tender.
 */
export const LIST_SCOPES = {
  market: () => and(eq(tenders.isPublished, true), eq(tenders.approvalStatus, 'approved')),
  mine: (a: Auth) => ownTenders(a),
  all: () => undefined,
} satisfies Record<string, (a: Auth) => ListScope>;

/** The key of the caller's own list (the same key, the same tenders). */
export const mineKey = (a: Auth) => `mine:u${a.user.id}:c${a.company?.id ?? ''}`;

/** A tender the caller may see: published and approved, or their side's own, or any for an admin. */
export async function visibleTender(ctx: Ctx, a: Auth | null, id: number): Promise<TenderRow> {
  const t = await tenderById(ctx.database.db, id);
  if (!t || !(isPublic(t) || a?.user.isAdmin || ownsTender(t, viewerOf(a))))
    throw new AppError('TENDER_NOT_FOUND');
  return t;
}

/**
 * The buyer side's check on a tender: a member of the company it belongs to, acting for it, or the person whose
 * personal tender it is. Anyone else is refused: a public tender is not theirs (409), one that is not public does
 * not exist for them (404 — another company's drafts stay unknown to it).
 */
function refuseUnlessOwned(a: Auth, t: TenderRow): void {
  if (ownsTender(t, viewerOf(a))) return;
  throw new AppError(isPublic(t) ? 'NOT_TENDER_OWNER' : 'TENDER_NOT_FOUND');
}

/** A signed-in caller opened a tender they may see: published for the domains that track it (invitations). */
export async function openedBy(ctx: Ctx, a: Auth, t: TenderRow): Promise<void> {
  await tenderBus.publish('tenderOpened', { ctx, viewer: a, tender: t });
}

/** The caller's own tender, without a lock (reads). */
export async function ownedTender(ctx: Ctx, a: Auth, id: number): Promise<TenderRow> {
  const t = await tenderById(ctx.database.db, id);
  if (!t) throw new AppError('TENDER_NOT_FOUND');
  refuseUnlessOwned(a, t);
  return t;
}

/** The caller's own tender, locked for the rest of the transaction. */
export async function lockOwnTender(tx: Tx, a: Auth, id: number): Promise<TenderRow> {
  const t = await lockTender(tx, id);
  refuseUnlessOwned(a, t);
  return t;
}

/** The row values of a tender body, after checking its services exist and its documents are the caller's. */
async function tenderValues(tx: Tx, userId: number, b: Body, stored?: TenderRow) {
  const title = versionsOf(
    { en: b.titleEn, ar: b.titleAr, legacy: b.title },
    stored && { en: stored.titleEn, ar: stored.titleAr },
  );
  if (!eitherWritten(title)) throw new AppError('TITLE_REQUIRED');
  // Rich text from the editor, sanitized as a company's description is.
  const description = versionsOf(
    { en: b.descriptionEn, ar: b.descriptionAr, legacy: b.description },
    stored && { en: stored.descriptionEn, ar: stored.descriptionAr },
    sanitizeDescription,
  );
  const serviceIds = [...new Set(b.serviceIds)];
  // A retired service the tender lists already stays; a new one must be offered now.
  await checkServicesUsable(tx, serviceIds, stored?.serviceIds);
  const documentIds = [...new Set(b.documentIds)];
  if (
    documentIds.length &&
    (await documentNames(tx, userId, documentIds, stored?.documentIds)).size !== documentIds.length
  )
    throw new AppError('INVALID_FILE_REFERENCE', 'documentIds');
  const cutoff = b.clarification_cutoff ? new Date(b.clarification_cutoff) : null;
  return {
    clarificationCutoff: cutoff,
    titleEn: title.en,
    titleAr: title.ar,
    descriptionEn: description.en,
    descriptionAr: description.ar,
    status: b.status,
    bond: b.bond,
    participationFee: b.participationFee,
    budget: b.budget ?? null,
    currency: b.currency,
    serviceIds,
    documentIds,
    startDate: new Date(b.start_date),
    endDate: new Date(b.end_date),
    deadline: new Date(b.deadline),
    ...evaluationColumns(b.evaluation ?? (stored ? evaluationOf(stored) : LOWEST_PRICE)),
    standstillDays: b.standstillDays ?? stored?.standstillDays ?? DEFAULT_STANDSTILL_DAYS,
    // In the order of CREDENTIAL_KINDS, each once.
    requiredCredentials: CREDENTIAL_KINDS.filter((k) =>
      (b.requiredCredentials ?? stored?.requiredCredentials ?? []).includes(k),
    ),
  };
}

/** A new draft, numbered BWB-<year>-<id padded to 4>. */
export function createTender(ctx: Ctx, a: Auth, b: Body): Promise<TenderRow> {
  return inTx(ctx, async (tx) => {
    const values = await tenderValues(tx, a.user.id, b);
    const [t] = await tx
      .insert(tenders)
      .values({
        ...values,
        number: `TMP-${crypto.randomUUID()}`,
        ownerId: a.user.id,
        ...actingFor(a),
        approvalStatus: 'draft',
        isPublished: false,
      })
      .returning();
    const number = `BWB-${new Date().getFullYear()}-${String(t!.id).padStart(4, '0')}`;
    const [u] = await tx.update(tenders).set({ number }).where(eq(tenders.id, t!.id)).returning();
    await refreshTenderSearch(tx, [u!.id]);
    await record(tx, u!.id, a, 'created', { from: 'draft', to: 'draft' });
    return u!;
  });
}

/** Only a draft or a rejected tender is edited; it goes back to draft. */
export function editTender(ctx: Ctx, a: Auth, id: number, b: Body): Promise<TenderRow> {
  return inTx(ctx, async (tx) => {
    const t = await lockOwnTender(tx, a, id);
    const move = take('edit', t, callerOf(a));
    const values = await tenderValues(tx, a.user.id, b, t);
    const [u] = await tx
      .update(tenders)
      .set({ ...values, approvalStatus: 'draft', isPublished: false, updatedAt: new Date() })
      .where(eq(tenders.id, id))
      .returning();
    await refreshTenderSearch(tx, [id]);
    await record(tx, id, a, 'edited', move);
    return u!;
  });
}

/** A draft or rejected tender before its deadline goes to the admins for approval. */
export function publishTender(ctx: Ctx, a: Auth, id: number): Promise<TenderRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, id);
    const move = take('publish', t, callerOf(a));
    const [u] = await tx
      .update(tenders)
      .set({ approvalStatus: 'pending', isPublished: true, publishDate: new Date(), updatedAt: new Date() })
      .where(eq(tenders.id, id))
      .returning();
    await record(tx, id, a, 'submitted', move);
    await notify(
      ctx,
      tx,
      after,
      (await adminIds(tx)).map((userId) => ({ userId, ...TENDER_NOTICES.waitingForApproval(u!) })),
    );
    return u!;
  });
}

/** An open tender closes: from then on bidders need an approved interest to submit. */
export function closeTender(ctx: Ctx, a: Auth, id: number): Promise<TenderRow> {
  return inTx(ctx, async (tx) => {
    const t = await lockOwnTender(tx, a, id);
    const move = take('close', t, callerOf(a));
    const [u] = await tx
      .update(tenders)
      .set({ status: 'closed', updatedAt: new Date() })
      .where(eq(tenders.id, id))
      .returning();
    await record(tx, id, a, 'access_closed', move);
    await tenderBus.publish('tenderAccessClosed', { tx, tender: u! });
    return u!;
  });
}

/**
 * An admin decides a pending tender and its owner is told; a rejection says why (kept in the history). An approval
 * is published (`tenderApproved`) for the other domains to react to in the same transaction (modules/index.ts).
 */
export function decideTender(
  ctx: Ctx,
  a: Auth,
  id: number,
  decision: Decision,
  reason: string | null = null,
): Promise<TenderRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockTender(tx, id);
    const move = take(decision, t, callerOf(a));
    const [u] = await tx
      .update(tenders)
      .set({
        approvalStatus: decision === 'approve' ? 'approved' : 'rejected',
        rejectionReason: decision === 'reject' ? reason : null,
        updatedAt: new Date(),
      })
      .where(eq(tenders.id, id))
      .returning();
    await recordAdminAction(tx, a, {
      action: decision === 'approve' ? 'tender.approve' : 'tender.reject',
      target: { type: 'tender', id: t.id, label: `${t.number} ${t.titleEn ?? t.titleAr ?? ''}`.trim() },
      reason,
    });
    // The history keeps why it was rejected.
    if (decision === 'approve') await record(tx, id, a, 'approved', move);
    else await record(tx, id, a, 'rejected', move, { reason });
    const notice =
      decision === 'approve'
        ? TENDER_NOTICES.approved(u!)
        : TENDER_NOTICES.rejected(u!, u!.rejectionReason ?? '');
    await notify(ctx, tx, after, noticeTo(await concerned(tx, tenderSide(u!), 'buyer'), notice));
    if (decision === 'approve') await tenderBus.publish('tenderApproved', { ctx, tx, after, tender: u! });
    return u!;
  });
}

/** The interests in the caller's own tender, newest first. */
export async function interestsIn(ctx: Ctx, a: Auth, tenderId: number): Promise<InterestRow[]> {
  await ownedTender(ctx, a, tenderId);
  return interestsOfTender(ctx.database.db, tenderId);
}

/** The caller's own interests, newest first. */
export function myInterests(ctx: Ctx, a: Auth): Promise<InterestRow[]> {
  return interestsOfSide(ctx.database.db, sideOf(a));
}

/**
 * A bidder asks to take part in a closed tender (an open one takes proposals directly): once per tender, before
 * its deadline, never in one's own.
 */
export function expressInterest(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  key?: Once<InterestRow>,
): Promise<InterestRow> {
  return inTx(
    ctx,
    async (tx, after) => {
      const [t] = await tx.select().from(tenders).where(eq(tenders.id, tenderId)).for('update');
      if (!t) throw new AppError('TENDER_NOT_FOUND');
      const interest = await interestStatus(tx, t.id, sideOf(a));
      refuseUnless('expressInterest', t, callerOf(a, { interest }));
      const [i] = await tx
        .insert(interests)
        .values({ tenderId: t.id, userId: a.user.id, ...actingFor(a) })
        .onConflictDoNothing()
        .returning();
      if (!i) throw new AppError('INTEREST_EXISTS');
      const buyers = await concerned(tx, tenderSide(t), 'buyer', a.user.id);
      await notify(ctx, tx, after, noticeTo(buyers, TENDER_NOTICES.newInterest(t, a.user.name)));
      return i;
    },
    key,
  );
}

/** The tender's owner decides a pending interest; the bidder is told. */
export function decideInterest(
  ctx: Ctx,
  a: Auth,
  tenderId: number,
  interestId: number,
  decision: Decision,
  /** Why, for a rejection (shown to the bidder). */
  reason: string | null = null,
): Promise<InterestRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    refuseUnless('decideInterest', t, callerOf(a));
    const [i] = await tx
      .select()
      .from(interests)
      .where(and(eq(interests.id, interestId), eq(interests.tenderId, tenderId)))
      .for('update');
    if (!i) throw new AppError('INTEREST_NOT_FOUND');
    if (i.status !== 'pending') throw new AppError('ALREADY_DECIDED');
    const [u] = await tx
      .update(interests)
      .set({
        status: decision === 'approve' ? 'approved' : 'rejected',
        reason: decision === 'reject' ? reason : null,
        decidedAt: new Date(),
      })
      .where(eq(interests.id, i.id))
      .returning();
    const notice =
      decision === 'approve'
        ? TENDER_NOTICES.interestApproved(t)
        : TENDER_NOTICES.interestRejected(t, reason ?? '');
    const bidders = await concerned(tx, { companyId: i.companyId, userId: i.userId }, 'bidder', a.user.id);
    await notify(ctx, tx, after, noticeTo(bidders, notice));
    return u!;
  });
}
