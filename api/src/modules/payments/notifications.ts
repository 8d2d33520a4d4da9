import type { payments, tenders } from '../../db/schema.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';

type Payment = Pick<typeof payments.$inferSelect, 'amount' | 'currency' | 'reference'>;
type Tender = Pick<typeof tenders.$inferSelect, 'id' | 'title'>;

const amountOf = (p: Payment) => `${p.amount.toFixed(2)} ${p.currency}`;

/** Money going back to a payer when a tender ends: the bond released and the fee refunded (either may be 0). */
type Returned = { released: number; refunded: number; currency: string };

/** What comes back, as one clause in each language. */
function whatComesBack(r: Returned): { en: string; ar: string } {
  const en: string[] = [];
  const ar: string[] = [];
  if (r.released > 0) {
    en.push(`your bid bond of ${r.released.toFixed(2)} ${r.currency} is released`);
    ar.push(`تم الإفراج عن ضمان العطاء البالغ ${r.released.toFixed(2)} ${r.currency}`);
  }
  if (r.refunded > 0) {
    en.push(`${r.refunded.toFixed(2)} ${r.currency} of fees is refunded`);
    ar.push(`تم رد رسوم بقيمة ${r.refunded.toFixed(2)} ${r.currency}`);
  }
  return { en: en.join(' and '), ar: ar.join(' كما ') };
}

/** To the payer, when the tender ended and money goes back (docs/product-decisions.md "Money when a tender ends"). */
const returned =
  (why: { en: string; ar: string }) =>
  (t: Tender, r: Returned): Notice => {
    const back = whatComesBack(r);
    return {
      group: 'my_proposals',
      title: 'Payment returned',
      content: `For "${t.title}", ${back.en}: ${why.en}.`,
      titleAr: 'إعادة مبالغ مدفوعة',
      contentAr: `بخصوص «${t.title}»، ${back.ar}، لأن ${why.ar}.`,
      tenderId: t.id,
      link: '/account/submitted-proposals',
    };
  };

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
  returnedOnCancel: returned({ en: 'the tender was cancelled', ar: 'المناقصة أُلغيت' }),
  returnedOnNoAward: returned({
    en: 'the tender was closed without an award',
    ar: 'المناقصة أُغلقت دون ترسية',
  }),
  returnedOnAward: returned({
    en: 'the tender was awarded to another bidder',
    ar: 'المناقصة رُسّيت على متقدم آخر',
  }),
});
