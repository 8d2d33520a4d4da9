import type { serviceRequests } from '../../db/schema.ts';
import { nameIn } from '../../lib/localize.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';

type Request = Pick<typeof serviceRequests.$inferSelect, 'projectTitle' | 'name'>;
/** The company asked, named in each text's language (else the other version). */
type Company = { nameEn: string | null; nameAr: string | null };

/** Every notification about service requests, one line per event, English and Arabic side by side. */
export const REQUEST_NOTICES = noticeTable({
  /** To the requester. */
  sent: (r: Request, c: Company): Notice => ({
    group: 'requests',
    title: 'Request successfully sent',
    content: `Your request "${r.projectTitle}" to ${nameIn('en', c)} is waiting for approval.`,
    titleAr: 'تم إرسال الطلب بنجاح',
    contentAr: `طلبك "${r.projectTitle}" إلى ${nameIn('ar', c)} بانتظار الموافقة.`,
    link: '/account/sent-requests',
  }),
  /** To every admin. */
  toReview: (r: Request, c: Company): Notice => ({
    group: 'requests',
    title: 'New service request to review',
    content: `"${r.projectTitle}" for ${nameIn('en', c)}.`,
    titleAr: 'طلب خدمة جديد للمراجعة',
    contentAr: `"${r.projectTitle}" إلى ${nameIn('ar', c)}.`,
    link: '/account/requests',
  }),
  /** To the requester: the company may now contact them. */
  approved: (r: Request, c: Company | null): Notice => ({
    group: 'requests',
    title: 'Request approved',
    content: `Your request "${r.projectTitle}" was approved; ${c ? nameIn('en', c) : 'the provider'} can now contact you.`,
    titleAr: 'تمت الموافقة على الطلب',
    contentAr: `تمت الموافقة على طلبك "${r.projectTitle}"، ويمكن لمزود الخدمة التواصل معك الآن.`,
    link: '/account/sent-requests',
  }),
  /** To the requester, with the reason. */
  rejected: (r: Request, reason: string): Notice => ({
    group: 'requests',
    title: 'Request not approved',
    content: `Your request "${r.projectTitle}" was not approved. Reason: ${reason}`,
    titleAr: 'لم تتم الموافقة على الطلب',
    contentAr: `لم تتم الموافقة على طلبك "${r.projectTitle}". السبب: ${reason}`,
    link: '/account/sent-requests',
  }),
  /** To the asked company's bidders and administrators, once an admin approved the request. */
  received: (r: Request): Notice => ({
    group: 'requests',
    title: 'New service request received',
    content: `"${r.projectTitle}" from ${r.name}.`,
    titleAr: 'تم استلام طلب خدمة جديد',
    contentAr: `"${r.projectTitle}" من ${r.name}.`,
    link: '/account/requests',
  }),
});
