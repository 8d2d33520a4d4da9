import type { TenderRow } from '../../lib/tenders.ts';
import type { Notice } from '../../lib/tx.ts';

type Tender = Pick<TenderRow, 'id' | 'number' | 'title'>;

const onTender = (t: Tender, link = `/tender-profile/${t.id}`) => ({ tenderId: t.id, link });

/** Every notification of the tender market, one line per event, English and Arabic side by side. */
export const TENDER_NOTICES = {
  /** To every admin: a tender was published and waits for approval. */
  waitingForApproval: (t: Tender): Notice => ({
    title: 'Tender waiting for approval',
    content: `${t.number}: ${t.title}`,
    titleAr: 'مناقصة بانتظار الموافقة',
    contentAr: `${t.number}: ${t.title}`,
    ...onTender(t),
  }),
  /** To the owner. */
  approved: (t: Tender): Notice => ({
    title: 'Tender approved',
    content: `"${t.title}" is now published.`,
    titleAr: 'تمت الموافقة على المناقصة',
    contentAr: `تم نشر "${t.title}".`,
    ...onTender(t),
  }),
  /** To the owner. */
  rejected: (t: Tender): Notice => ({
    title: 'Tender not approved',
    content: `"${t.title}" was not approved. You can edit it and publish again.`,
    titleAr: 'لم تتم الموافقة على المناقصة',
    contentAr: `لم تتم الموافقة على "${t.title}". يمكنك تعديلها ونشرها مرة أخرى.`,
    ...onTender(t, '/account/tender-management'),
  }),
  /** To every company owner offering one of the tender's services, once it is approved. */
  inAServiceYouOffer: (t: Tender): Notice => ({
    title: 'New tender in a service you offer',
    content: `${t.number}: ${t.title}`,
    titleAr: 'مناقصة جديدة في خدمة تقدمها',
    contentAr: `${t.number}: ${t.title}`,
    ...onTender(t),
  }),
  /** To the owner: a bidder asks to take part in a closed tender. */
  newInterest: (t: Tender, bidderName: string): Notice => ({
    title: 'New interest in your tender',
    content: `${bidderName} is interested in "${t.title}".`,
    titleAr: 'اهتمام جديد بمناقصتك',
    contentAr: `${bidderName} مهتم بالمناقصة "${t.title}".`,
    ...onTender(t, '/account/tender-management'),
  }),
  /** To the bidder. */
  interestApproved: (t: Tender): Notice => ({
    title: 'Interest approved',
    content: `You can now submit a proposal to "${t.title}".`,
    titleAr: 'تمت الموافقة على اهتمامك',
    contentAr: `يمكنك الآن تقديم عرض للمناقصة "${t.title}".`,
    ...onTender(t),
  }),
  /** To the bidder. */
  interestRejected: (t: Tender): Notice => ({
    title: 'Interest not approved',
    content: `Your interest in "${t.title}" was not approved.`,
    titleAr: 'لم تتم الموافقة على اهتمامك',
    contentAr: `لم تتم الموافقة على اهتمامك بالمناقصة "${t.title}".`,
    ...onTender(t),
  }),
} as const;
