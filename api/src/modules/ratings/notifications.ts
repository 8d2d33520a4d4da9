import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';

/** The contract a notice is about: its number, its tender and where it is read. */
type About = { id: number; number: string; tenderId: number };

const about = (c: About) => ({ tenderId: c.tenderId, link: `/account/contracts/${c.id}` });

/**
 * Every notification about contract ratings, one line per event, English and Arabic side by side. The group is the
 * buyer side's `my_tenders`; the service gives a notice to the supplier side the group `my_proposals`, so each
 * member's email preference for their side decides.
 */
export const RATING_NOTICES = noticeTable({
  /** To the rated side, when the other side rated first: what it gave is shown once both rated or the window closes. */
  ratedByOther: (c: About): Notice => ({
    group: 'my_tenders',
    title: 'The other party rated your side',
    content: `The other party rated your side on contract ${c.number}. Rate them too: both ratings are shown once both parties have rated, or 30 days after the contract ended.`,
    titleAr: 'قيّم الطرف الآخر جهتك',
    contentAr: `قيّم الطرف الآخر جهتك في العقد ${c.number}. قيّمه أنت أيضًا: يظهر التقييمان بعد أن يقيّم الطرفان، أو بعد 30 يومًا من انتهاء العقد.`,
    ...about(c),
  }),
  /** To both sides, when the second rating revealed both. */
  revealed: (c: About): Notice => ({
    group: 'my_tenders',
    title: 'Contract ratings published',
    content: `Both parties rated each other on contract ${c.number}: the ratings are now shown.`,
    titleAr: 'نُشرت تقييمات العقد',
    contentAr: `قيّم الطرفان بعضهما في العقد ${c.number}، وأصبح التقييمان ظاهرين.`,
    ...about(c),
  }),
  /** To the side whose rating was replied to. */
  replied: (c: About): Notice => ({
    group: 'my_tenders',
    title: 'Reply to your rating',
    content: `The other party replied to your rating on contract ${c.number}.`,
    titleAr: 'رد على تقييمك',
    contentAr: `ردّ الطرف الآخر على تقييمك في العقد ${c.number}.`,
    ...about(c),
  }),
});
