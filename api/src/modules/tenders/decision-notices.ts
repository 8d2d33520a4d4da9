import { titleIn } from '../../lib/localize.ts';
import { isolate, noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';
import type { TenderRow } from './rows.ts';

/**
 * The notifications (and mails) of the decision stage — four eyes, the standstill, objections — English and Arabic
 * side by side (docs/decisions/0013-decision-stage.md).
 */

type Tender = Pick<TenderRow, 'id' | 'number' | 'titleEn' | 'titleAr'>;
type Request = 'award' | 'no_award' | 'cancel';

const onTender = (t: Tender, link = `/tender-profile/${t.id}`) => ({ tenderId: t.id, link });
/** What was requested, named in both languages (the table isolates every string it is given: removed here). */
const what = (request: Request) => WHAT[request.replace(/[\u2066-\u2069]/g, '') as Request];
const WHAT = {
  award: { en: 'an award', ar: 'ترسية' },
  no_award: { en: 'closing without award', ar: 'إغلاق دون ترسية' },
  cancel: { en: 'a cancellation', ar: 'إلغاء' },
} as const;
const dateIn = (at: Date, language: 'en' | 'ar') =>
  isolate(
    new Intl.DateTimeFormat(language === 'ar' ? 'ar-QA' : 'en-GB', {
      dateStyle: 'long',
      timeZone: 'Asia/Qatar',
    }).format(at),
  );

/** A deadline with its time, in Qatar's time zone (the round closes at an hour, not a day). */
const momentIn = (at: Date, language: 'en' | 'ar') =>
  isolate(
    new Intl.DateTimeFormat(language === 'ar' ? 'ar-QA' : 'en-GB', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Asia/Qatar',
    }).format(at),
  );

export const DECISION_NOTICES = noticeTable({
  /** To the company's approvers (never the requester). */
  approvalRequested: (t: Tender, request: Request): Notice => ({
    group: 'my_tenders',
    title: 'A decision waits for your approval',
    content: `${t.number}: ${what(request).en} of "${titleIn('en', t)}" was requested and needs a second approval.`,
    titleAr: 'قرار بانتظار موافقتك',
    contentAr: `${t.number}: طُلب ${what(request).ar} للمناقصة "${titleIn('ar', t)}" ويحتاج إلى موافقة ثانية.`,
    ...onTender(t),
  }),
  /** To the requester. */
  requestApproved: (t: Tender, request: Request): Notice => ({
    group: 'my_tenders',
    title: 'Your request was approved',
    content: `The request for ${what(request).en} of "${titleIn('en', t)}" was approved and carried out.`,
    titleAr: 'تمت الموافقة على طلبك',
    contentAr: `تمت الموافقة على طلب ${what(request).ar} للمناقصة "${titleIn('ar', t)}" وتنفيذه.`,
    ...onTender(t),
  }),
  /** To the requester, with the approver's reason. */
  requestRefused: (t: Tender, request: Request, reason: string): Notice => ({
    group: 'my_tenders',
    title: 'Your request was refused',
    content: `The request for ${what(request).en} of "${titleIn('en', t)}" was refused: ${reason}`,
    titleAr: 'رُفض طلبك',
    contentAr: `رُفض طلب ${what(request).ar} للمناقصة "${titleIn('ar', t)}": ${reason}`,
    ...onTender(t),
  }),
  /** To every bidder: an award decision, open to objection until the standstill ends. */
  standstillOpened: (t: Tender, endsAt: Date): Notice => ({
    group: 'my_proposals',
    title: 'Award decided: standstill period',
    content: `An award of "${titleIn('en', t)}" was decided. It becomes final after the standstill, on ${dateIn(endsAt, 'en')}; until then a bidder may object.`,
    titleAr: 'تقرر الترسية: فترة التوقف',
    contentAr: `تقررت ترسية المناقصة "${titleIn('ar', t)}". تصبح نهائية بعد فترة التوقف في ${dateIn(endsAt, 'ar')}، ويجوز لأي متقدم الاعتراض حتى ذلك الحين.`,
    ...onTender(t, '/account/submitted-proposals'),
  }),
  /** To the tender's buyer side and the admins. */
  objectionFiled: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'Objection to an award',
    content: `${t.number}: a bidder objected to the award of "${titleIn('en', t)}". It cannot become final before you answer.`,
    titleAr: 'اعتراض على ترسية',
    contentAr: `${t.number}: اعترض أحد المتقدمين على ترسية "${titleIn('ar', t)}". لا تصبح الترسية نهائية قبل الرد عليه.`,
    ...onTender(t),
  }),
  /** To the objecting bidder's side. */
  objectionAnswered: (t: Tender, upheld: boolean): Notice => ({
    group: 'my_proposals',
    title: upheld ? 'Your objection was upheld' : 'Your objection was dismissed',
    content: upheld
      ? `Your objection to the award of "${titleIn('en', t)}" was upheld: the award is withdrawn.`
      : `Your objection to the award of "${titleIn('en', t)}" was dismissed. Read the reasons on the tender.`,
    titleAr: upheld ? 'قُبل اعتراضك' : 'رُفض اعتراضك',
    contentAr: upheld
      ? `قُبل اعتراضك على ترسية "${titleIn('ar', t)}": سُحبت الترسية.`
      : `رُفض اعتراضك على ترسية "${titleIn('ar', t)}". اطّلع على الأسباب في صفحة المناقصة.`,
    ...onTender(t, '/account/submitted-proposals'),
  }),
  /** To every bidder and the buyer side: an upheld objection withdrew the award. */
  awardWithdrawn: (t: Tender): Notice => ({
    group: 'my_proposals',
    title: 'Award withdrawn',
    content: `The award of "${titleIn('en', t)}" was withdrawn after an objection; the tender is back in evaluation.`,
    titleAr: 'سُحبت الترسية',
    contentAr: `سُحبت ترسية "${titleIn('ar', t)}" بعد اعتراض؛ عادت المناقصة إلى مرحلة التقييم.`,
    ...onTender(t),
  }),
  /** To each invited bidder's side: a best-and-final-offer round, with the buyer's note. */
  bafoInvited: (t: Tender, deadline: Date, note: string): Notice => ({
    group: 'my_proposals',
    title: 'Invitation to a best and final offer',
    content: `${t.number}: you may improve your price for "${titleIn('en', t)}" until ${momentIn(deadline, 'en')} (Qatar time). It stays sealed until then.${note ? ` ${note}` : ''}`,
    titleAr: 'دعوة لتقديم العرض الأفضل والنهائي',
    contentAr: `${t.number}: يمكنك تحسين سعرك للمناقصة "${titleIn('ar', t)}" حتى ${momentIn(deadline, 'ar')} (بتوقيت قطر). يبقى مختوماً حتى ذلك الحين.${note ? ` ${note}` : ''}`,
    ...onTender(t, '/account/submitted-proposals'),
  }),
  /** To the buyer side, at a bidder's first offer of the round (never its price: sealed until the deadline). */
  bafoReceived: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'Best and final offer received',
    content: `${t.number}: a bidder sent a best and final offer for "${titleIn('en', t)}". Offers open at the round's deadline.`,
    titleAr: 'وصل عرض أفضل ونهائي',
    contentAr: `${t.number}: أرسل أحد المتقدمين عرضاً أفضل ونهائياً للمناقصة "${titleIn('ar', t)}". تُفتح العروض عند الموعد النهائي للجولة.`,
    ...onTender(t),
  }),
  /** To the buyer side: the standstill ended with no objection open. */
  awardFinal: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'Award final',
    content: `${t.number}: the standstill of "${titleIn('en', t)}" has ended and its award is final.`,
    titleAr: 'أصبحت الترسية نهائية',
    contentAr: `${t.number}: انتهت فترة التوقف للمناقصة "${titleIn('ar', t)}" وأصبحت ترسيتها نهائية.`,
    ...onTender(t),
  }),
});
