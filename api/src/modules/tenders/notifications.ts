import { amountInWords } from '@bawaba/shared/words';
import type { Versions } from '../../lib/bilingual.ts';
import { textIn, titleIn } from '../../lib/localize.ts';
import { isolate, noticeMoney, noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';
import type { TenderRow } from './rows.ts';

type Tender = Pick<TenderRow, 'id' | 'number' | 'titleEn' | 'titleAr'>;
/** The amount a tender is awarded for: the winning proposal's offer. */
type Award = { amount: number; currency: string };

/** "QAR 150,000.00 (One hundred and fifty thousand Qatari riyals only)", each part isolated like every value. */
function awardAmount({ amount, currency }: Award, language: 'en' | 'ar'): string {
  const code = currency.replace(/[\u2066-\u2069]/g, '');
  return `${noticeMoney(amount, code, language)} (${isolate(amountInWords(amount, language, code))})`;
}

const onTender = (t: Tender, link = `/tender-profile/${t.id}`) => ({ tenderId: t.id, link });

/** Every notification of the tender market, one line per event, English and Arabic side by side. */
export const TENDER_NOTICES = noticeTable({
  /** To every admin: a tender was published and waits for approval. */
  waitingForApproval: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'Tender waiting for approval',
    content: `${t.number}: ${titleIn('en', t)}`,
    titleAr: 'مناقصة بانتظار الموافقة',
    contentAr: `${t.number}: ${titleIn('ar', t)}`,
    ...onTender(t),
  }),
  /** To the tender's buyers (its company's, or its owner). */
  approved: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'Tender approved',
    content: `"${titleIn('en', t)}" is now published.`,
    titleAr: 'تمت الموافقة على المناقصة',
    contentAr: `تم نشر "${titleIn('ar', t)}".`,
    ...onTender(t),
  }),
  /** To the tender's buyers, with the admin's reason. */
  rejected: (t: Tender, reason: string): Notice => ({
    group: 'my_tenders',
    title: 'Tender not approved',
    content: `"${titleIn('en', t)}" was not approved. Reason: ${reason}. You can edit it and publish again.`,
    titleAr: 'لم تتم الموافقة على المناقصة',
    contentAr: `لم تتم الموافقة على "${titleIn('ar', t)}". السبب: ${reason}. يمكنك تعديلها ونشرها مرة أخرى.`,
    ...onTender(t, '/account/tender-management'),
  }),
  /** To the tender's buyers: a bidder asks to take part in a closed tender. */
  newInterest: (t: Tender, bidderName: string): Notice => ({
    group: 'my_tenders',
    title: 'New interest in your tender',
    content: `${bidderName} is interested in "${titleIn('en', t)}".`,
    titleAr: 'اهتمام جديد بمناقصتك',
    contentAr: `${bidderName} مهتم بالمناقصة "${titleIn('ar', t)}".`,
    ...onTender(t, '/account/tender-management'),
  }),
  /** To the bidder. */
  interestApproved: (t: Tender): Notice => ({
    group: 'my_proposals',
    title: 'Interest approved',
    content: `You can now submit a proposal to "${titleIn('en', t)}".`,
    titleAr: 'تمت الموافقة على اهتمامك',
    contentAr: `يمكنك الآن تقديم عرض للمناقصة "${titleIn('ar', t)}".`,
    ...onTender(t),
  }),
  /** To the bidder, with the owner's reason. */
  interestRejected: (t: Tender, reason: string): Notice => ({
    group: 'my_proposals',
    title: 'Interest not approved',
    content: `Your interest in "${titleIn('en', t)}" was not approved. Reason: ${reason}`,
    titleAr: 'لم تتم الموافقة على اهتمامك',
    contentAr: `لم تتم الموافقة على اهتمامك بالمناقصة "${titleIn('ar', t)}". السبب: ${reason}`,
    ...onTender(t),
  }),
  /** To the tender's buyers: a bidder asked a question (the asker is not named anywhere). */
  questionAsked: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'New question on your tender',
    content: `A bidder asked a question on "${titleIn('en', t)}".`,
    titleAr: 'سؤال جديد على مناقصتك',
    contentAr: `طرح أحد المتقدمين سؤالاً على المناقصة "${titleIn('ar', t)}".`,
    ...onTender(t),
  }),
  /** To the asker and every participant (interested, questioners, bidders). */
  answerPublished: (t: Tender): Notice => ({
    group: 'my_proposals',
    title: 'A question was answered',
    content: `The owner of "${titleIn('en', t)}" published an answer.`,
    titleAr: 'تمت الإجابة على سؤال',
    contentAr: `نشر مالك المناقصة "${titleIn('ar', t)}" إجابة.`,
    ...onTender(t),
  }),
  /** To every participant: the owner's reason in the recipient's language, else the other one. */
  amended: (t: Tender, number: number, deadlinePushed: boolean, reason: Versions): Notice => ({
    group: 'my_proposals',
    title: `Tender amended (amendment ${number})`,
    content: `"${titleIn('en', t)}" was changed: ${textIn('en', reason.en, reason.ar)}.${deadlinePushed ? ' The deadline was extended.' : ''} Review it; you can resubmit your proposal.`,
    titleAr: `تم تعديل المناقصة (التعديل ${number})`,
    contentAr: `تم تغيير "${titleIn('ar', t)}": ${textIn('ar', reason.en, reason.ar)}.${deadlinePushed ? ' تم تمديد الموعد النهائي.' : ''} راجعها، ويمكنك إعادة تقديم عرضك.`,
    ...onTender(t),
  }),
  /** To the winning bidder: the award notice, its amount in figures and in words (Qatari tender practice). */
  awardedToYou: (t: Tender, award: Award): Notice => ({
    group: 'my_proposals',
    title: 'Your proposal won',
    content: `"${titleIn('en', t)}" was awarded to your proposal for ${awardAmount(award, 'en')}.`,
    titleAr: 'فاز عرضك',
    contentAr: `تمت ترسية المناقصة "${titleIn('ar', t)}" على عرضك بمبلغ ${awardAmount(award, 'ar')}.`,
    ...onTender(t, '/account/submitted-proposals'),
  }),
  /** To every other bidder. */
  notAwarded: (t: Tender): Notice => ({
    group: 'my_proposals',
    title: 'Tender awarded to another bidder',
    content: `"${titleIn('en', t)}" was awarded to another proposal. Thank you for taking part.`,
    titleAr: 'تمت ترسية المناقصة على متقدم آخر',
    contentAr: `تمت ترسية المناقصة "${titleIn('ar', t)}" على عرض آخر. شكراً لمشاركتك.`,
    ...onTender(t, '/account/submitted-proposals'),
  }),
  /** To the admins. */
  awardedForAdmins: (t: Tender, winner: string): Notice => ({
    group: 'my_tenders',
    title: 'Tender awarded',
    content: `${t.number}: "${titleIn('en', t)}" was awarded to ${winner}.`,
    titleAr: 'تمت ترسية مناقصة',
    contentAr: `${t.number}: تمت ترسية "${titleIn('ar', t)}" على ${winner}.`,
    ...onTender(t),
  }),
  /** To every participant and the admins. */
  closedWithoutAward: (t: Tender): Notice => ({
    group: 'my_proposals',
    title: 'Tender closed without award',
    content: `"${titleIn('en', t)}" was closed without an award.`,
    titleAr: 'أُغلقت المناقصة دون ترسية',
    contentAr: `أُغلقت المناقصة "${titleIn('ar', t)}" دون ترسية.`,
    ...onTender(t),
  }),
  /** To every participant and the admins. */
  cancelled: (t: Tender): Notice => ({
    group: 'my_proposals',
    title: 'Tender cancelled',
    content: `"${titleIn('en', t)}" was cancelled by its owner.`,
    titleAr: 'أُلغيت المناقصة',
    contentAr: `ألغى المالك المناقصة "${titleIn('ar', t)}".`,
    ...onTender(t),
  }),
});
