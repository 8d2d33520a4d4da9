import type { BafoOfferBody, BafoRound, StartBafoBody } from '@bawaba/shared/contracts';
import { ownsTender } from '@bawaba/shared/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import { currentProposalVersion } from '../../db/joins.ts';
import { companies, proposals, proposalVersions, tenders, users } from '../../db/schema.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { actorFor, companyNameFor } from '../../lib/localize.ts';
import { concerned, noticeTo, tenderSide } from '../../lib/recipients.ts';
import { bestAndFinalOffersOpen, financialPartSealed } from '../../lib/sealing.ts';
import { sideOf, sideRecords } from '../../lib/sides.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { DECISION_NOTICES } from './decision-notices.ts';
import { callerOf, lockTender, record, take } from './lifecycle.ts';
import { currentOffer, sideProposal } from './queries.ts';
import type { TenderRow } from './rows.ts';
import { lockOwnTender, visibleTender } from './service.ts';
import { viewerOf } from './tender-serializer.ts';

/**
 * The best-and-final-offer round (docs/decisions/0015-best-and-final-offer.md). Where the tender's method announced
 * it, the buyer side invites, once, proposals still in the running to improve their price by a deadline; each
 * invited bidder may send a price not above its offer, and change it until the deadline; the offers stay sealed to
 * everyone but their bidder until then, and afterwards replace the offers they improve in the comparison and the
 * ranking. No award or no-award is taken while the round is open (the rulebook's `BAFO_OPEN`).
 */

type Start = v.InferOutput<typeof StartBafoBody>;
type Offer = v.InferOutput<typeof BafoOfferBody>;

const HOUR = 3_600_000;
/** The round lasts at least an hour (bidders must be able to answer) and at most 30 days. */
const MIN_ROUND_MS = HOUR;
const MAX_ROUND_MS = 30 * 24 * HOUR;

/**
 * A proposal can still win, so it may be invited: not marked not responsive, and — once the technical stage is
 * locked — one that passed it.
 */
const inTheRunning = (t: TenderRow, p: typeof proposals.$inferSelect) =>
  p.evaluation !== 'not_responsive' && (t.technicalLockedAt === null || p.technicalPassed === true);

export async function startBafo(ctx: Ctx, a: Auth, tenderId: number, b: Start): Promise<TenderRow> {
  return inTx(ctx, async (tx, after) => {
    const t = await lockOwnTender(tx, a, tenderId);
    const move = take('startBafo', t, callerOf(a));
    const deadline = new Date(b.deadline);
    const now = Date.now();
    if (deadline.getTime() < now + MIN_ROUND_MS || deadline.getTime() > now + MAX_ROUND_MS)
      throw new AppError('BAFO_DEADLINE_RANGE', 'deadline');
    const ids = [...new Set(b.proposalIds)];
    const invited = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.tenderId, t.id), inArray(proposals.id, ids)));
    if (invited.length !== ids.length || !invited.every((p) => inTheRunning(t, p)))
      throw new AppError('PROPOSAL_NOT_IN_RUNNING', 'proposalIds');
    await tx.update(proposals).set({ bafoInvited: true }).where(inArray(proposals.id, ids));
    const [row] = await tx
      .update(tenders)
      .set({
        bafoDeadline: deadline,
        bafoNote: b.note || null,
        bafoStartedAt: new Date(now),
        bafoStartedBy: a.user.id,
        updatedAt: new Date(now),
      })
      .where(eq(tenders.id, t.id))
      .returning();
    await record(tx, t.id, a, 'bafo_started', move, {
      deadline: deadline.toISOString(),
      proposalIds: ids,
    });
    const bidders = await concerned(
      tx,
      invited.map((p) => ({ companyId: p.companyId, userId: p.bidderId })),
      'bidder',
      a.user.id,
    );
    await notify(ctx, tx, after, noticeTo(bidders, DECISION_NOTICES.bafoInvited(t, deadline, b.note)));
    return row!;
  });
}

export async function submitBafo(ctx: Ctx, a: Auth, tenderId: number, b: Offer, l: Lang): Promise<BafoRound> {
  await inTx(ctx, async (tx, after) => {
    const t = await lockTender(tx, tenderId);
    const p = await sideProposal(tx, a, t.id);
    const move = take(
      'submitBafo',
      t,
      callerOf(a, { hasProposal: Boolean(p), bafoInvited: p?.bafoInvited ?? false }),
    );
    const offer = await currentOffer(tx, p!);
    if (b.offerPrice > offer.amount) throw new AppError('BAFO_NOT_LOWER', 'offerPrice');
    const first = p!.bafoSubmittedAt === null;
    await tx
      .update(proposals)
      .set({ bafoPrice: b.offerPrice, bafoSubmittedAt: new Date(), bafoActedBy: a.user.id })
      .where(eq(proposals.id, p!.id));
    // The price is not written in the history: it is sealed until the round's deadline.
    await record(tx, t.id, a, 'bafo_offer', move, { proposalId: p!.id });
    if (first) {
      const buyers = await concerned(tx, tenderSide(t), 'buyer', a.user.id);
      await notify(ctx, tx, after, noticeTo(buyers, DECISION_NOTICES.bafoReceived(t)));
    }
  });
  return bafoRound(ctx, a, tenderId, l);
}

/**
 * The tender's round as the caller may see it: every invitee for its buyer side and admins, the caller's own line
 * for an invited bidder, null for anyone else or when no round was held. A price is shown to its bidding side
 * always, to the others once the round has closed and only where the proposal's financial part is open to them.
 */
export async function bafoRound(ctx: Ctx, a: Auth, tenderId: number, l: Lang): Promise<BafoRound> {
  const t = await visibleTender(ctx, a, tenderId);
  if (t.bafoStartedAt === null || t.bafoDeadline === null) return null;
  const db = ctx.database.db;
  const everyone = ownsTender(t, viewerOf(a)) || a.user.isAdmin;
  const mine = sideRecords(sideOf(a), proposals.companyId, proposals.bidderId);
  const bidder = alias(users, 'bidder');
  const starter = alias(users, 'starter');
  const rows = await db
    .select({
      p: proposals,
      version: { offerPrice: proposalVersions.offerPrice, currency: proposalVersions.currency },
      bidder: { name: bidder.name },
      company: { id: companies.id, nameEn: companies.nameEn, nameAr: companies.nameAr },
      own: sql<boolean>`${mine}`,
    })
    .from(proposals)
    .innerJoin(proposalVersions, currentProposalVersion)
    .innerJoin(bidder, eq(bidder.id, proposals.bidderId))
    .leftJoin(companies, eq(companies.id, proposals.companyId))
    .where(and(eq(proposals.tenderId, t.id), eq(proposals.bafoInvited, true), everyone ? undefined : mine))
    .orderBy(proposals.id);
  if (rows.length === 0) return null;
  const [started] = await db
    .select({ name: starter.name })
    .from(starter)
    .where(eq(starter.id, t.bafoStartedBy ?? 0));
  const closed = bestAndFinalOffersOpen(t);
  return {
    deadline: t.bafoDeadline.toISOString(),
    closed,
    note: t.bafoNote ?? '',
    startedBy: actorFor(l, t.bafoStartedBy ?? 0, started ?? null, null),
    startedAt: t.bafoStartedAt.toISOString(),
    invitees: rows.map(({ p, version, bidder, company, own }) => {
      const open = Boolean(own) || !financialPartSealed(t, p);
      return {
        proposalId: p.id,
        bidderName: bidder.name,
        ...companyNameFor(l, company?.id == null ? undefined : company),
        previousPrice: open ? version.offerPrice : null,
        currency: open ? version.currency : null,
        submitted: p.bafoSubmittedAt !== null,
        submittedAt: p.bafoSubmittedAt?.toISOString() ?? null,
        price: own || (closed && open) ? p.bafoPrice : null,
      };
    }),
  };
}
