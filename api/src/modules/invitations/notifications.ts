import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';
import type { TenderRow } from '../tenders/index.ts';

type Tender = Pick<TenderRow, 'id' | 'number' | 'title'>;

/** Every notification about invitations, one line per event, English and Arabic side by side. */
export const INVITATION_NOTICES = noticeTable({
  /** To the invited company's owner, once the tender is public (at once, or when an admin approves it). */
  invited: (t: Tender, inviter: string, companyName: string): Notice => ({
    group: 'my_proposals',
    title: 'Invitation to a tender',
    content: `${inviter} invited ${companyName} to the tender ${t.number}: "${t.title}".`,
    titleAr: 'دعوة إلى مناقصة',
    contentAr: `دعا ${inviter} شركة ${companyName} إلى المناقصة ${t.number}: "${t.title}".`,
    tenderId: t.id,
    link: `/tender-profile/${t.id}`,
  }),
});
