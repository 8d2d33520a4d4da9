import type { serviceRequests } from '../../db/schema.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';

type Request = Pick<typeof serviceRequests.$inferSelect, 'projectTitle' | 'name'>;

/** Every notification about service requests, one line per event, English and Arabic side by side. */
export const REQUEST_NOTICES = noticeTable({
  /** To the requester. */
  sent: (r: Request, companyName: string): Notice => ({
    group: 'requests',
    title: 'Request successfully sent',
    content: `Your request "${r.projectTitle}" to ${companyName} is waiting for approval.`,
    titleAr: 'تم إرسال الطلب بنجاح',
    contentAr: `طلبك "${r.projectTitle}" إلى ${companyName} بانتظار الموافقة.`,
    link: '/account/sent-requests',
  }),
  /** To every admin. */
  toReview: (r: Request, companyName: string): Notice => ({
    group: 'requests',
    title: 'New service request to review',
    content: `"${r.projectTitle}" for ${companyName}.`,
    titleAr: 'طلب خدمة جديد للمراجعة',
    contentAr: `"${r.projectTitle}" إلى ${companyName}.`,
    link: '/account/requests',
  }),
  /** To the requester: the company may now contact them. */
  approved: (r: Request, companyName: string | null): Notice => ({
    group: 'requests',
    title: 'Request approved',
    content: `Your request "${r.projectTitle}" was approved; ${companyName ?? 'the provider'} can now contact you.`,
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
  /** To the company's owner, once an admin approved the request. */
  received: (r: Request): Notice => ({
    group: 'requests',
    title: 'New service request received',
    content: `"${r.projectTitle}" from ${r.name}.`,
    titleAr: 'تم استلام طلب خدمة جديد',
    contentAr: `"${r.projectTitle}" من ${r.name}.`,
    link: '/account/requests',
  }),
});
