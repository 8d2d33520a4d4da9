import type { payments, tenders } from '../../db/schema.ts';
import { titleIn } from '../../lib/localize.ts';
import { noticeMoney, noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';

type Payment = Pick<typeof payments.$inferSelect, 'amount' | 'currency' | 'reference'>;
type Tender = Pick<typeof tenders.$inferSelect, 'id' | 'titleEn' | 'titleAr'>;

/** Money going back to a payer when a tender ends: the bond released and the fee refunded (either may be 0). */
type Returned = { released: number; refunded: number; currency: string };

/** What comes back, as one clause in each language. */
function whatComesBack(r: Returned): { en: string; ar: string } {
  const en: string[] = [];
  const ar: string[] = [];
  if (r.released > 0) {
    en.push(`your bid bond of ${noticeMoney(r.released, r.currency, 'en')} is released`);
    ar.push(`تم الإفراج عن ضمان العطاء البالغ ${noticeMoney(r.released, r.currency, 'ar')}`);
  }
  if (r.refunded > 0) {
    en.push(`${noticeMoney(r.refunded, r.currency, 'en')} of fees is refunded`);
    ar.push(`تم رد رسوم بقيمة ${noticeMoney(r.refunded, r.currency, 'ar')}`);
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
      content: `For "${titleIn('en', t)}", ${back.en}: ${why.en}.`,
      titleAr: 'إعادة مبالغ مدفوعة',
      contentAr: `بخصوص «${titleIn('ar', t)}»، ${back.ar}، لأن ${why.ar}.`,
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
    content: `${noticeMoney(p.amount, p.currency, 'en')} received for "${t ? titleIn('en', t) : 'your proposal'}" (ref. ${p.reference}).`,
    titleAr: 'تم الدفع بنجاح',
    contentAr: `تم استلام ${noticeMoney(p.amount, p.currency, 'ar')} (المرجع ${p.reference}).`,
    tenderId: t?.id ?? null,
    link: '/account/submitted-proposals',
  }),
  /** To the payer. */
  failed: (p: Payment, t: Tender | undefined): Notice => ({
    group: 'my_proposals',
    title: 'Payment Failed',
    content: `The payment for "${t ? titleIn('en', t) : 'your proposal'}" did not go through (ref. ${p.reference}). You can try again from your proposals.`,
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
