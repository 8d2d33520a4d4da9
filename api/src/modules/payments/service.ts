import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { payments, proposals, tenders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type After, notify } from '../../lib/tx.ts';
import { PAYMENT_NOTICES } from './notifications.ts';

/**
 * Payments of a proposal's fee and bond: a provider behind one interface (the sandbox here), a payment started
 * with its reference, and the provider's result recorded once, with the proposal's payment state and the payer told.
 */

export type PaymentRow = typeof payments.$inferSelect;

/** A payment provider: where to send the payer; the result is recorded server-side by the provider's own flow. */
export type PaymentProvider = {
  name: string;
  checkoutUrl(payment: PaymentRow): string;
};

export function sandboxProvider(ctx: Pick<Ctx, 'apiUrl'>): PaymentProvider {
  return { name: 'sandbox', checkoutUrl: (p) => ctx.apiUrl(`/payments/sandbox/checkout/${p.id}`) };
}

/** A started payment and the checkout to send the payer to. */
export type Started = { payment: PaymentRow; payUrl: string };

export async function startPayment(
  provider: PaymentProvider,
  tx: Tx,
  proposal: { id: number; bidderId: number; amountDue: number },
  currency: string,
): Promise<Started> {
  const [p] = await tx
    .insert(payments)
    .values({
      id: randomUUID(),
      reference: `PAY-${randomBytes(6).toString('hex').toUpperCase()}`,
      provider: provider.name,
      proposalId: proposal.id,
      userId: proposal.bidderId,
      amount: proposal.amountDue,
      currency,
    })
    .returning();
  return { payment: p!, payUrl: provider.checkoutUrl(p!) };
}

/** Records a provider's result once: the payment and the proposal's payment state, and notifies the payer. */
export async function completePayment(ctx: Ctx, tx: Tx, after: After, id: string, result: 'paid' | 'failed') {
  const [p] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  if (!p) throw new AppError('PAYMENT_NOT_FOUND');
  if (p.status !== 'pending') return p;
  const [u] = await tx
    .update(payments)
    .set({ status: result, completedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning();
  const [prop] = await tx.select().from(proposals).where(eq(proposals.id, p.proposalId)).for('update');
  if (prop && prop.paymentStatus !== 'paid') {
    await tx
      .update(proposals)
      .set({ paymentStatus: result, updatedAt: new Date() })
      .where(eq(proposals.id, prop.id));
  }
  const [t] = prop ? await tx.select().from(tenders).where(eq(tenders.id, prop.tenderId)) : [];
  const notice = result === 'paid' ? PAYMENT_NOTICES.paid(p, t) : PAYMENT_NOTICES.failed(p, t);
  await notify(ctx, tx, after, [{ userId: p.userId, ...notice }]);
  return u ?? p;
}
