import type { payments, tenders } from '../../db/schema.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';

type Payment = Pick<typeof payments.$inferSelect, 'amount' | 'currency' | 'reference'>;
type Tender = Pick<typeof tenders.$inferSelect, 'id' | 'title'>;

const amountOf = (p: Payment) => `${p.amount.toFixed(2)} ${p.currency}`;

/** Every notification about payments, one line per event, English and Arabic side by side. */
export const PAYMENT_NOTICES = noticeTable({
  /** To the payer. */
  paid: (p: Payment, t: Tender | undefined): Notice => ({
    group: 'my_proposals',
    title: 'Payment Successful',
    content: `${amountOf(p)} received for "${t?.title ?? 'your proposal'}" (ref. ${p.reference}).`,
    titleAr: 'تم الدفع بنجاح',
    contentAr: `تم استلام ${amountOf(p)} (المرجع ${p.reference}).`,
    tenderId: t?.id ?? null,
    link: '/account/submitted-proposals',
  }),
  /** To the payer. */
  failed: (p: Payment, t: Tender | undefined): Notice => ({
    group: 'my_proposals',
    title: 'Payment Failed',
    content: `The payment for "${t?.title ?? 'your proposal'}" did not go through (ref. ${p.reference}). You can try again from your proposals.`,
    titleAr: 'فشل الدفع',
    contentAr: `لم تتم عملية الدفع (المرجع ${p.reference}). يمكنك المحاولة مرة أخرى من صفحة العروض.`,
    tenderId: t?.id ?? null,
    link: '/account/submitted-proposals',
  }),
});
