import { titleIn } from '../../lib/localize.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';
import type { TenderRow } from '../tenders/index.ts';

type Tender = Pick<TenderRow, 'id' | 'number' | 'titleEn' | 'titleAr'>;

const onTender = (t: Tender) => ({ tenderId: t.id, link: `/tender-profile/${t.id}` });

/** The alerts of a newly approved tender, one line per kind of recipient, English and Arabic side by side. */
export const FOLLOW_NOTICES = noticeTable({
  /** To the bidders of every approved company offering one of the tender's services, once approved. */
  inAServiceYouOffer: (t: Tender): Notice => ({
    group: 'followed',
    title: 'New tender in a service you offer',
    content: `${t.number}: ${titleIn('en', t)}`,
    titleAr: 'مناقصة جديدة في خدمة تقدمها',
    contentAr: `${t.number}: ${titleIn('ar', t)}`,
    ...onTender(t),
  }),
  /** To every follower of one of the tender's services or of their categories who offers none, once approved. */
  inAServiceYouFollow: (t: Tender): Notice => ({
    group: 'followed',
    title: 'New tender in a service you follow',
    content: `${t.number}: ${titleIn('en', t)}`,
    titleAr: 'مناقصة جديدة في خدمة تتابعها',
    contentAr: `${t.number}: ${titleIn('ar', t)}`,
    ...onTender(t),
  }),
});
