import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { payments, proposals, type tenderAmendments, tenders } from '../../db/schema.ts';
import { AppError, type ErrorCode } from '../../errors.ts';
import type { Acting } from '../../lib/auth.ts';
import { concerned, noticeTo } from '../../lib/recipients.ts';
import { type After, inTx, type NewNotification, notify } from '../../lib/tx.ts';
import { allow, type TenderBusEvents } from '../tenders/index.ts';
import { PAYMENT_NOTICES } from './notifications.ts';
import {
  amendmentsOldestFirst,
  paymentByReference,
  paymentWithTender,
  proposalsOfTender,
  tenderIdOfPayment,
} from './queries.ts';

/**
 * Payments of a proposal's fee and bond: a provider behind one interface (the sandbox here), a payment started
 * with its reference, and the provider's result recorded once, with the proposal's payment state and the payer told.
 * Money is taken only while the tender takes proposals (published, before its deadline); when a tender ends, what
 * was paid is settled through the provider (docs/product-decisions.md "Money when a tender ends"): each return is
 * a row of its own beside the charge (status `released` for a bond, `refunded` for a fee).
 */

export type PaymentRow = typeof payments.$inferSelect;

/** What the provider answers when it moves money back to the payer: its reference of that transfer. */
type Returned = { reference: string };

/** A contract milestone to pay: the buyer side pays the supplier side its amount. */
type MilestoneCharge = { contractId: number; milestoneId: number; amount: number; currency: string };

/**
 * A payment provider: where to send the payer (the result is recorded server-side by the provider's own flow),
 * the two ways money goes back to the payer of a charge (a bid bond released, a fee refunded), and the payment of a
 * contract's accepted milestone (its reference of the transfer; it throws when the provider refuses).
 */
export type PaymentProvider = {
  name: string;
  checkoutUrl(payment: PaymentRow): string;
  release(charge: PaymentRow, amount: number): Promise<Returned>;
  refund(charge: PaymentRow, amount: number): Promise<Returned>;
  payMilestone(charge: MilestoneCharge): Promise<Returned>;
};

const reference = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;

/** The sandbox: no money moves; a return or a milestone's payment is granted at once with a reference of its own. */
export function sandboxProvider(ctx: Pick<Ctx, 'apiUrl'>): PaymentProvider {
  return {
    name: 'sandbox',
    checkoutUrl: (p) => ctx.apiUrl(`/payments/sandbox/checkout/${p.id}`),
    release: async () => ({ reference: reference('REL') }),
    refund: async () => ({ reference: reference('RFD') }),
    payMilestone: async () => ({ reference: reference('CPY') }),
  };
}

/** Why no money may be taken for this tender now (it ended, its deadline passed, …), or null when it may. */
export function paymentRefusal(t: typeof tenders.$inferSelect, now = Date.now()): ErrorCode | null {
  try {
    allow('bid', t, now);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

/**
 * Why the caller may not start a payment for this proposal now, or null when they may: the bidder's side (`mine`),
 * its fee and bond unpaid (or the last payment failed) with an amount due, and the tender still taking money
 * (`paymentRefusal`). The one rule behind `POST /proposals/:id/pay` and the proposal's `canPay`, so what the UI
 * offers and what the server accepts never disagree.
 */
export function payNowRefusal(
  p: Pick<typeof proposals.$inferSelect, 'paymentStatus' | 'amountDue'>,
  t: typeof tenders.$inferSelect,
  mine: boolean,
  now = Date.now(),
): ErrorCode | null {
  if (!mine) return 'PROPOSAL_NOT_FOUND';
  if (p.paymentStatus === 'paid') return 'PAYMENT_COMPLETED';
  if ((p.paymentStatus !== 'unpaid' && p.paymentStatus !== 'failed') || p.amountDue <= 0)
    return 'PAYMENT_NOT_REQUIRED';
  return paymentRefusal(t, now);
}

/** A started payment and the checkout to send the payer to. */
export type Started = { payment: PaymentRow; payUrl: string };

export async function startPayment(
  provider: PaymentProvider,
  tx: Tx,
  proposal: { id: number; bidderId: number; amountDue: number },
  currency: string,
  acting: Acting,
): Promise<Started> {
  const [p] = await tx
    .insert(payments)
    .values({
      id: randomUUID(),
      reference: reference('PAY'),
      provider: provider.name,
      proposalId: proposal.id,
      userId: proposal.bidderId,
      ...acting,
      amount: proposal.amountDue,
      currency,
    })
    .returning();
  return { payment: p!, payUrl: provider.checkoutUrl(p!) };
}

/** A provider's result as recorded: the payment, and why it was refused when money may no longer be taken. */
export type Completed = { payment: PaymentRow; refused: ErrorCode | null };

/**
 * Records a provider's result once: the payment and the proposal's payment state, and notifies the payer. A payment
 * for a tender that no longer takes money (ended, deadline passed) is refused: it is recorded as failed (nothing
 * taken) and the refusal returned. Locks the tender first, as the end of a tender does, then the payment.
 */
async function completePayment(
  ctx: Ctx,
  tx: Tx,
  after: After,
  id: string,
  result: 'paid' | 'failed',
): Promise<Completed> {
  const tenderId = await tenderIdOfPayment(tx, id);
  if (tenderId === undefined) throw new AppError('PAYMENT_NOT_FOUND');
  const [t] = await tx.select().from(tenders).where(eq(tenders.id, tenderId)).for('update');
  const [p] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  if (!p || !t) throw new AppError('PAYMENT_NOT_FOUND');
  const refused = paymentRefusal(t);
  if (p.status !== 'pending') return { payment: p, refused };
  const outcome = refused ? 'failed' : result;
  const [u] = await tx
    .update(payments)
    .set({ status: outcome, completedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  const [prop] = await tx.select().from(proposals).where(eq(proposals.id, p.proposalId)).for('update');
  if (prop && prop.paymentStatus !== 'paid') {
    await tx
      .update(proposals)
      .set({ paymentStatus: outcome, updatedAt: new Date() })
      .where(eq(proposals.id, prop.id));
  }
  // A refused payment is explained on the checkout itself; no "try again" notice for money that cannot be taken.
  if (!refused) {
    const notice = result === 'paid' ? PAYMENT_NOTICES.paid(p, t) : PAYMENT_NOTICES.failed(p, t);
    const told = await concerned(tx, { companyId: p.companyId, userId: p.userId }, 'bidder');
    await notify(ctx, tx, after, noticeTo(told, notice));
  }
  return { payment: u ?? p, refused };
}

/** A payment and the tender it pays for, for its checkout page (anyone holding the id; PAYMENT_NOT_FOUND: none). */
export async function checkoutOf(ctx: Ctx, id: string) {
  const row = await paymentWithTender(ctx.database.db, id);
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return row;
}

/** The checkout's answer recorded (`completePayment`) in a transaction of its own. */
export function completeCheckout(ctx: Ctx, id: string, result: 'paid' | 'failed'): Promise<Completed> {
  return inTx(ctx, (tx, after) => completePayment(ctx, tx, after, id, result));
}

/** The caller's payment by its reference, with its tender; someone else's answers exactly like a missing one. */
export async function payerPayment(ctx: Ctx, userId: number, reference: string) {
  const row = await paymentByReference(ctx.database.db, reference);
  if (!row || row.userId !== userId) throw new AppError('PAYMENT_NOT_FOUND');
  return checkoutOf(ctx, row.id);
}

const RETURNED = {
  cancelled: PAYMENT_NOTICES.returnedOnCancel,
  no_award: PAYMENT_NOTICES.returnedOnNoAward,
  awarded: PAYMENT_NOTICES.returnedOnAward,
};

/** The bond a proposal owed: the tender's bond when it was submitted (before any later amendment of it). */
function bondWhen(
  current: number,
  amendments: (typeof tenderAmendments.$inferSelect)[],
  submittedAt: Date,
): number {
  for (const a of amendments) {
    if (a.createdAt <= submittedAt) continue;
    const change = a.changes.find((c) => c.field === 'bond');
    if (change && typeof change.before === 'number') return change.before;
  }
  return current;
}

/**
 * Settles what was paid for a tender that just ended (the caller holds the tender's lock), through the provider:
 * cancelled or closed without award → every payer's bond released and fee refunded; awarded → every bidder but the
 * winner gets the bond released (fees are kept; the winner's bond stays held as the guarantee until the contract).
 * A charge paid twice for one proposal is refunded in full. Each paying side (its company's bidders, or the person)
 * is told what comes back.
 */
async function settleEndedTender(
  ctx: Ctx,
  tx: Tx,
  after: After,
  provider: PaymentProvider,
  t: typeof tenders.$inferSelect,
): Promise<void> {
  const ended = t.outcome;
  if (ended !== 'awarded' && ended !== 'no_award' && ended !== 'cancelled') return;
  const props = await proposalsOfTender(tx, t.id);
  if (props.length === 0) return;
  const rows = await tx
    .select()
    .from(payments)
    .where(
      inArray(
        payments.proposalId,
        props.map((p) => p.id),
      ),
    )
    .orderBy(asc(payments.completedAt), asc(payments.createdAt))
    .for('update');
  const amendments = await amendmentsOldestFirst(tx, t.id);
  const notices: NewNotification[] = [];
  for (const prop of props) {
    const mine = rows.filter((r) => r.proposalId === prop.id);
    // Settled once: a tender ends once, but nothing is returned twice whatever calls this.
    if (mine.some((r) => r.status === 'released' || r.status === 'refunded')) continue;
    const charges = mine.filter((r) => r.status === 'paid');
    if (charges.length === 0) continue;
    const winner = ended === 'awarded' && t.awardedProposalId === prop.id;
    let released = 0;
    let refunded = 0;
    for (const [i, charge] of charges.entries()) {
      const bond = i === 0 ? Math.min(bondWhen(t.bond, amendments, prop.createdAt), charge.amount) : 0;
      const fee = charge.amount - bond;
      const back = {
        bond: winner && i === 0 ? 0 : bond,
        fee: i > 0 || ended !== 'awarded' ? fee : 0,
      };
      for (const [kind, amount] of [
        ['released', back.bond],
        ['refunded', back.fee],
      ] as const) {
        if (amount <= 0) continue;
        const done = await (kind === 'released'
          ? provider.release(charge, amount)
          : provider.refund(charge, amount));
        await tx.insert(payments).values({
          id: randomUUID(),
          reference: done.reference,
          provider: provider.name,
          proposalId: prop.id,
          userId: charge.userId,
          // The charge's company gets the money back; nobody acted for it (the tender's end did).
          companyId: charge.companyId,
          actedByUserId: null,
          amount,
          currency: charge.currency,
          status: kind,
          completedAt: new Date(),
        });
        if (kind === 'released') released += amount;
        else refunded += amount;
      }
    }
    if (released + refunded > 0) {
      const paid = charges[0]!;
      const told = await concerned(tx, { companyId: paid.companyId, userId: paid.userId }, 'bidder');
      notices.push(...noticeTo(told, RETURNED[ended](t, { released, refunded, currency: paid.currency })));
    }
  }
  await notify(ctx, tx, after, notices);
}

/** A tender ended (wired in modules/index.ts): what its bidders paid is settled through the sandbox provider. */
export function settleOnTenderEnd({ ctx, tx, after, tender }: TenderBusEvents['tenderEnded']): Promise<void> {
  return settleEndedTender(ctx, tx, after, sandboxProvider(ctx), tender);
}
