import type { companies } from '../../db/schema.ts';
import { nameIn } from '../../lib/localize.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';

type Company = Pick<typeof companies.$inferSelect, 'id' | 'nameEn' | 'nameAr'>;

/**
 * Every notification about companies, one line per event, English and Arabic side by side; each text names the
 * company in its own language when that version is written, else in the other.
 */
export const COMPANY_NOTICES = noticeTable({
  /** To whoever saved it, on every registration or change (the company goes back to pending). */
  submitted: (c: Company): Notice => ({
    group: 'requests',
    title: 'Company submitted for approval',
    content: `${nameIn('en', c)} will be listed once an administrator approves it.`,
    titleAr: 'تم إرسال الشركة للموافقة',
    contentAr: `سيتم إدراج ${nameIn('ar', c)} بعد موافقة المسؤول.`,
    link: '/account',
  }),
  /** To its administrators. */
  approved: (c: Company): Notice => ({
    group: 'requests',
    title: 'Company approved',
    content: `${nameIn('en', c)} is now listed in the directory.`,
    titleAr: 'تمت الموافقة على الشركة',
    contentAr: `أصبحت ${nameIn('ar', c)} مدرجة في الدليل.`,
    link: `/companies/${c.id}`,
  }),
  /** To its administrators, with the admin's reason. */
  rejected: (c: Company, reason: string): Notice => ({
    group: 'requests',
    title: 'Company not approved',
    content: `${nameIn('en', c)} was not approved. Reason: ${reason}. Please review its details.`,
    titleAr: 'لم تتم الموافقة على الشركة',
    contentAr: `لم تتم الموافقة على ${nameIn('ar', c)}. السبب: ${reason}. يرجى مراجعة بياناتها.`,
    link: '/account',
  }),
});
