import { isolate, noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';
import type { CredentialRow } from './queries.ts';

type Cred = Pick<CredentialRow, 'kind' | 'title' | 'expiresOn'>;

/** Removes the isolates the table put around a value (a code to look up, a date to format). */
const bare = (s: string) => s.replace(/[\u2066-\u2069]/g, '');

const KIND = {
  commercial_registration: { en: 'commercial registration', ar: 'السجل التجاري' },
  tax_card: { en: 'tax card', ar: 'البطاقة الضريبية' },
  iso_certificate: { en: 'ISO certificate', ar: 'شهادة الأيزو' },
  classification_certificate: { en: 'classification certificate', ar: 'شهادة التصنيف' },
  other: { en: 'credential', ar: 'وثيقة' },
} as const;
const kindIn = (c: Cred, l: 'en' | 'ar') => (KIND[bare(c.kind) as keyof typeof KIND] ?? KIND.other)[l];

/** A calendar day (yyyy-mm-dd) as the language writes it. */
const dayIn = (day: string, l: 'en' | 'ar') =>
  isolate(
    new Intl.DateTimeFormat(l === 'ar' ? 'ar-QA' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${bare(day)}T00:00:00Z`),
    ),
  );

const LINK = '/account/credentials';

/**
 * Every notification about credentials, to the administrators of the credential's company (group `requests`: one's
 * company), English and Arabic side by side.
 */
export const CREDENTIAL_NOTICES = noticeTable({
  verified: (c: Cred): Notice => ({
    group: 'requests',
    title: 'Credential verified',
    content: `Your ${kindIn(c, 'en')} ${c.title} is verified: it shows on your company page until ${dayIn(c.expiresOn, 'en')}.`,
    titleAr: 'تم التحقق من الوثيقة',
    contentAr: `تم التحقق من ${kindIn(c, 'ar')} ${c.title}: تظهر في صفحة شركتك حتى ${dayIn(c.expiresOn, 'ar')}.`,
    link: LINK,
  }),
  rejected: (c: Cred, reason: string): Notice => ({
    group: 'requests',
    title: 'Credential not verified',
    content: `Your ${kindIn(c, 'en')} ${c.title} was not verified. Reason: ${reason}. You may upload it again.`,
    titleAr: 'لم يتم التحقق من الوثيقة',
    contentAr: `لم يتم التحقق من ${kindIn(c, 'ar')} ${c.title}. السبب: ${reason}. يمكنك رفعها من جديد.`,
    link: LINK,
  }),
  /** 60, 30 and 7 days before the expiry date. */
  expiresSoon: (c: Cred, days: number): Notice => ({
    group: 'requests',
    title: `Credential expires in ${days} days`,
    content: `Your ${kindIn(c, 'en')} ${c.title} expires on ${dayIn(c.expiresOn, 'en')}. Upload the renewed one so your badge stays and you can still bid on tenders that require it.`,
    titleAr: `تنتهي صلاحية الوثيقة خلال ${days} يومًا`,
    contentAr: `تنتهي صلاحية ${kindIn(c, 'ar')} ${c.title} في ${dayIn(c.expiresOn, 'ar')}. ارفع الوثيقة المجددة ليبقى شعارها ظاهرًا ولتتمكن من تقديم العروض في المناقصات التي تتطلبها.`,
    link: LINK,
  }),
  expired: (c: Cred): Notice => ({
    group: 'requests',
    title: 'Credential expired',
    content: `Your ${kindIn(c, 'en')} ${c.title} expired on ${dayIn(c.expiresOn, 'en')}: its badge no longer shows. Upload the renewed one.`,
    titleAr: 'انتهت صلاحية الوثيقة',
    contentAr: `انتهت صلاحية ${kindIn(c, 'ar')} ${c.title} في ${dayIn(c.expiresOn, 'ar')}: لم يعد شعارها ظاهرًا. ارفع الوثيقة المجددة.`,
    link: LINK,
  }),
});
