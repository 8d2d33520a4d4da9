import { titleIn } from '../../lib/localize.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';
import type { TenderRow } from '../tenders/index.ts';

type Tender = Pick<TenderRow, 'id' | 'titleEn' | 'titleAr'>;

/** Every notification about proposals, one line per event, English and Arabic side by side. */
export const PROPOSAL_NOTICES = noticeTable({
  /** To the tender's buyers. */
  submitted: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'New proposal on your tender',
    content: `A proposal was submitted on "${titleIn('en', t)}". Proposals stay sealed until the deadline.`,
    titleAr: 'عرض جديد على مناقصتك',
    contentAr: `تم تقديم عرض على "${titleIn('ar', t)}". تبقى العروض مختومة حتى الموعد النهائي.`,
    tenderId: t.id,
    link: '/account/tender-management',
  }),
  /** To the tender's buyers. */
  resubmitted: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'A proposal was resubmitted on your tender',
    content: `A bidder updated their proposal on "${titleIn('en', t)}".`,
    titleAr: 'تم تحديث عرض على مناقصتك',
    contentAr: `قام أحد المتقدمين بتحديث عرضه على "${titleIn('ar', t)}".`,
    tenderId: t.id,
    link: '/account/tender-management',
  }),
});
