import { nameIn, titleIn } from '../../lib/localize.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';
import type { TenderRow } from '../tenders/index.ts';

type Tender = Pick<TenderRow, 'id' | 'number' | 'titleEn' | 'titleAr'>;
/** How the inviter is named in each language ("Name (Company)"). */
export type Inviter = { en: string; ar: string };
type Company = { nameEn: string | null; nameAr: string | null };

/** Every notification about invitations, one line per event, English and Arabic side by side. */
export const INVITATION_NOTICES = noticeTable({
  /** To the invited company's bidders, once the tender is public (at once, or when an admin approves it). */
  invited: (t: Tender, inviter: Inviter, company: Company): Notice => ({
    group: 'my_proposals',
    title: 'Invitation to a tender',
    content: `${inviter.en} invited ${nameIn('en', company)} to the tender ${t.number}: "${titleIn('en', t)}".`,
    titleAr: 'دعوة إلى مناقصة',
    contentAr: `دعا ${inviter.ar} شركة ${nameIn('ar', company)} إلى المناقصة ${t.number}: "${titleIn('ar', t)}".`,
    tenderId: t.id,
    link: `/tender-profile/${t.id}`,
  }),
});
