import type { companies } from '../../db/schema.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';

type Company = Pick<typeof companies.$inferSelect, 'id' | 'name'>;

/** Every notification about companies, one line per event, English and Arabic side by side. */
export const COMPANY_NOTICES = noticeTable({
  /** To the owner, on every registration or change (the company goes back to pending). */
  submitted: (c: Company): Notice => ({
    group: 'requests',
    title: 'Company submitted for approval',
    content: `${c.name} will be listed once an administrator approves it.`,
    titleAr: 'تم إرسال الشركة للموافقة',
    contentAr: `سيتم إدراج ${c.name} بعد موافقة المسؤول.`,
    link: '/account',
  }),
  /** To the owner. */
  approved: (c: Company): Notice => ({
    group: 'requests',
    title: 'Company approved',
    content: `${c.name} is now listed in the directory.`,
    titleAr: 'تمت الموافقة على الشركة',
    contentAr: `أصبحت ${c.name} مدرجة في الدليل.`,
    link: `/companies/${c.id}`,
  }),
  /** To the owner, with the admin's reason. */
  rejected: (c: Company, reason: string): Notice => ({
    group: 'requests',
    title: 'Company not approved',
    content: `${c.name} was not approved. Reason: ${reason}. Please review its details.`,
    titleAr: 'لم تتم الموافقة على الشركة',
    contentAr: `لم تتم الموافقة على ${c.name}. السبب: ${reason}. يرجى مراجعة بياناتها.`,
    link: '/account',
  }),
});
