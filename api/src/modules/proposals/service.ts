import type { ProposalBody, ResubmitProposalBody } from '@bawaba/shared/contracts';
import { ownsTender } from '@bawaba/shared/rules';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type BreakdownItem, type Milestone, proposals, proposalVersions, tenders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Auth, actingFor } from '../../lib/auth.ts';
import type { Once } from '../../lib/idempotency.ts';
import { panelBlocksReading } from '../../lib/panel.ts';
import { concerned, noticeTo, tenderSide } from '../../lib/recipients.ts';
import { onSide, sideOf } from '../../lib/sides.ts';
import { inTx, notify } from '../../lib/tx.ts';
import { heldCredentialKinds } from '../credentials/index.ts';
import { payNowRefusal, type Started, sandboxProvider, startPayment } from '../payments/index.ts';
import { callerOf, lockTender, refuseUnless, viewerOf } from '../tenders/index.ts';
import { PROPOSAL_NOTICES } from './notifications.ts';
import { bidderStanding, filesOfProposal, ownFiles, proposalParties, versionOf } from './queries.ts';

/**
 * The proposal rules: who may submit to which tender and when, one proposal per bidder and tender, versions kept
 * on resubmission, the fee and bond due (a checkout started when they are), and who may read a proposal. Every
 * change runs in one transaction with the rows it decides on locked; the reads are in queries.ts (a read that locks
 * a row for a change stays here, beside it).
 */

type ProposalRow = typeof proposals.$inferSelect;
type Submission = v.InferOutput<typeof ProposalBody>;
type Resubmission = v.InferOutput<typeof ResubmitProposalBody>;

/** What a version holds, as stored. */
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
  priceDocuments: string[];
};

/** The stored proposal's id and, when a fee or bond is due, the checkout to send the bidder to. */
export type Sent = { id: number; payUrl?: string | undefined };

const normalize = (m: Submission['milestones'][number]): Milestone => ({
  title: m.title,
  description: m.description,
  amount: m.amount,
  period: m.period,
  documents: m.documents,
  start_date: new Date(m.start_date).toISOString(),
  end_date: new Date(m.end_date).toISOString(),
  expected_completion_date: new Date(m.expected_completion_date).toISOString(),
});

/** Milestone dates must be consistent; files must be the caller's uploads of the right purpose. */
/**
 * Checks a proposal's content: milestone dates in order, and its files the caller's own uploads — or, for a
 * resubmission, files already on the proposal (`kept`), so a colleague resubmitting the company's proposal keeps the
 * attachment and documents another member uploaded.
 */
async function checkContent(tx: Tx, userId: number, c: Content, kept: ReadonlySet<string> = new Set()) {
  for (const [i, m] of c.milestones.entries()) {
    const s = Date.parse(m.start_date);
    if (Date.parse(m.end_date) < s) throw new AppError('INVALID_MILESTONES', `milestones.${i}.end_date`);
    if (Date.parse(m.expected_completion_date) < s) {
      throw new AppError('INVALID_MILESTONES', `milestones.${i}.expected_completion_date`);
    }
  }
  const attached =
    kept.has(c.attachment) ||
    (await ownFiles(tx, userId, [c.attachment], ['proposal-attachment'])).length > 0;
  if (!attached) throw new AppError('INVALID_FILE_REFERENCE', 'attachment');
  const docIds = [...new Set(c.milestones.flatMap((m) => m.documents))].filter((id) => !kept.has(id));
  if (docIds.length) {
    const found = await ownFiles(tx, userId, docIds, ['milestone-document', 'proposal-attachment']);
    if (found.length !== docIds.length) throw new AppError('INVALID_FILE_REFERENCE', 'milestones.documents');
  }
  // A price document is uploaded as one: its purpose says which part of the proposal it belongs to.
  const priceIds = [...new Set(c.priceDocuments)].filter((id) => !kept.has(id));
  if (priceIds.length) {
    const found = await ownFiles(tx, userId, priceIds, ['price-document']);
    if (found.length !== priceIds.length) throw new AppError('INVALID_FILE_REFERENCE', 'priceDocuments');
  }
}

/** Version `version` of the proposal, sent by `actedByUserId` (for the proposal's company, if it has one). */
async function insertVersion(tx: Tx, p: ProposalRow, version: number, actedByUserId: number, c: Content) {
  await tx.insert(proposalVersions).values({
    proposalId: p.id,
    version,
    actedByUserId,
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
    priceDocuments: [...new Set(c.priceDocuments)],
  });
}

/**
 * A bidder's first proposal on a published tender, before its deadline and never on their own; a closed tender
 * needs the bidder's approved interest. The fee and bond are due at once (a checkout is started).
 */
export function submitProposal(ctx: Ctx, a: Auth, b: Submission, key?: Once<Sent>): Promise<Sent> {
  return inTx(
    ctx,
    async (tx, after) => {
      const [t] = await tx.select().from(tenders).where(eq(tenders.id, b.tender)).for('update');
      if (!t) throw new AppError('TENDER_NOT_FOUND');
      const standing = await bidderStanding(tx, t.id, sideOf(a));
      // The credentials the tender requires, held by the bidder's company now (none without a company).
      const credentials =
        t.requiredCredentials.length > 0 && a.company ? await heldCredentialKinds(tx, a.company.id) : [];
      refuseUnless(
        'submitProposal',
        t,
        callerOf(a, {
          interest: standing.interest,
          hasProposal: standing.proposalId !== undefined,
          credentials,
        }),
      );
      const content: Content = { ...b, milestones: b.milestones.map(normalize), breakdown: b.breakdown };
      await checkContent(tx, a.user.id, content);
      const amountDue = t.bond + t.participationFee;
      const [p] = await tx
        .insert(proposals)
        .values({
          tenderId: t.id,
          bidderId: a.user.id,
          ...actingFor(a),
          amountDue,
          paymentStatus: amountDue > 0 ? 'unpaid' : 'not_required',
        })
        .onConflictDoNothing()
        .returning();
      if (!p) throw new AppError('PROPOSAL_EXISTS');
      await insertVersion(tx, p, 1, a.user.id, content);
      const buyers = await concerned(tx, tenderSide(t), 'buyer', a.user.id);
      await notify(ctx, tx, after, noticeTo(buyers, PROPOSAL_NOTICES.submitted(t)));
      const pay =
        amountDue > 0 ? await startPayment(sandboxProvider(ctx), tx, p, t.currency, actingFor(a)) : null;
      return { id: p.id, payUrl: pay?.payUrl };
    },
    key,
  );
}

/** The caller's own proposal; someone else's answers exactly like a missing one, so ids cannot be probed. */
export async function ownProposal(ctx: Ctx, a: Auth, id: number): Promise<void> {
  const own = await proposalParties(ctx.database.db, id);
  if (!own || !bidderSide(own, a)) throw new AppError('PROPOSAL_NOT_FOUND');
}

/**
 * A new version of the caller's proposal before the tender's deadline; what the form leaves out (currency,
 * payment terms, breakdown) is kept from the current version. A fee or bond still unpaid gets a fresh checkout.
 */
export function resubmitProposal(
  ctx: Ctx,
  a: Auth,
  id: number,
  b: Resubmission,
  key?: Once<Sent>,
): Promise<Sent> {
  return inTx(
    ctx,
    async (tx, after) => {
      const own = await proposalParties(tx, id);
      if (!own || !bidderSide(own, a)) throw new AppError('PROPOSAL_NOT_FOUND');
      // The tender row first, as an award or a cancellation locks it (then the proposals): a resubmission racing
      // them either lands before or is refused, and the locks are always taken in the same order (no deadlock).
      const t = await lockTender(tx, own.tenderId);
      refuseUnless('resubmitProposal', t, callerOf(a, { hasProposal: true }));
      const [p] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
      if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
      const prev = await versionOf(tx, p.id, p.currentVersion);
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
        priceDocuments: b.priceDocuments ?? prev?.priceDocuments ?? [],
      };
      await checkContent(tx, a.user.id, content, await filesOfProposal(tx, p.id));
      const next = p.currentVersion + 1;
      await insertVersion(tx, p, next, a.user.id, content);
      await tx
        .update(proposals)
        .set({ currentVersion: next, status: 'resubmitted', updatedAt: new Date() })
        .where(eq(proposals.id, p.id));
      const buyers = await concerned(tx, tenderSide(t), 'buyer', a.user.id);
      await notify(ctx, tx, after, noticeTo(buyers, PROPOSAL_NOTICES.resubmitted(t)));
      const due = payNowRefusal(p, t, true) === null;
      const pay = due ? await startPayment(sandboxProvider(ctx), tx, p, t.currency, actingFor(a)) : null;
      return { id: p.id, payUrl: pay?.payUrl };
    },
    key,
  );
}

/** Whether the proposal is the caller's side's: their company's, or their personal one. */
const bidderSide = (p: { bidderId: number; bidderCompanyId: number | null }, a: Auth) =>
  onSide({ companyId: p.bidderCompanyId, userId: p.bidderId }, sideOf(a));

/**
 * The bidder's side, the tender's buyer side (sealed until the deadline; not an evaluator before signing the
 * declaration) and admins may read a proposal; others get 404.
 */
export async function readableProposal(ctx: Ctx, a: Auth, id: number): Promise<void> {
  const row = await proposalParties(ctx.database.db, id);
  if (!row) throw new AppError('PROPOSAL_NOT_FOUND');
  if (!bidderSide(row, a) && !ownsTender(row, viewerOf(a)) && !a.user.isAdmin)
    throw new AppError('PROPOSAL_NOT_FOUND');
  // An evaluator who has not signed the conflict-of-interest declaration reads none of the tender's proposals.
  if (!bidderSide(row, a) && (await panelBlocksReading(ctx.database.db, row.tenderId, a.user.id)))
    throw new AppError('PROPOSAL_NOT_FOUND');
}

/** A fresh checkout for the caller's proposal whose fee or bond is still unpaid (or failed), while the tender takes proposals. */
export function payAgain(ctx: Ctx, a: Auth, id: number, key?: Once<Started>) {
  return inTx(
    ctx,
    async (tx) => {
      const own = await proposalParties(tx, id);
      if (!own || !bidderSide(own, a)) throw new AppError('PROPOSAL_NOT_FOUND');
      // The tender first (as its end locks it), then the proposal.
      const t = await lockTender(tx, own.tenderId);
      const [p] = await tx.select().from(proposals).where(eq(proposals.id, id)).for('update');
      if (!p) throw new AppError('PROPOSAL_NOT_FOUND');
      // The same rule as the proposal's `canPay`: money is taken only while the tender takes proposals.
      const refused = payNowRefusal(p, t, true);
      if (refused) throw new AppError(refused);
      return startPayment(sandboxProvider(ctx), tx, p, t.currency, actingFor(a));
    },
    key,
  );
}
