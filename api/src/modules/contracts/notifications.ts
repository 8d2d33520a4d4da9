import { noticeMoney, noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';

/** The contract a notice is about: its number, its tender and where it is read. */
type About = { id: number; number: string; tenderId: number };
/** A milestone named in a notice. */
type Milestone = { title: string };

const about = (c: About) => ({ tenderId: c.tenderId, link: `/account/contracts/${c.id}` });

/**
 * Every notification about contracts, one line per event, English and Arabic side by side. The group is the buyer
 * side's `my_tenders` here; the service gives a notice to the supplier side the group `my_proposals`
 * (service.ts `toSide`), so each member's email preference for their side decides.
 */
export const CONTRACT_NOTICES = noticeTable({
  /** To both sides, when the award became final. */
  created: (c: About): Notice => ({
    group: 'my_tenders',
    title: 'Contract ready for acceptance',
    content: `Contract ${c.number} was made from the final award. Review it and accept it for your side.`,
    titleAr: 'عقد جاهز للقبول',
    contentAr: `أُنشئ العقد ${c.number} من الترسية النهائية. راجعه واقبله عن جهتك.`,
    ...about(c),
  }),
  /** To the other side, when one side accepted. */
  acceptedByOther: (c: About, name: string): Notice => ({
    group: 'my_tenders',
    title: 'Contract accepted by the other party',
    content: `${name} accepted contract ${c.number} for the other party. It takes effect once your side accepts it too.`,
    titleAr: 'قبل الطرف الآخر العقد',
    contentAr: `قبل ${name} العقد ${c.number} عن الطرف الآخر. يسري العقد بعد قبول جهتك أيضًا.`,
    ...about(c),
  }),
  /** To both sides, once both accepted. */
  active: (c: About): Notice => ({
    group: 'my_tenders',
    title: 'Contract in effect',
    content: `Both parties accepted contract ${c.number}: it is now in effect.`,
    titleAr: 'العقد ساري المفعول',
    contentAr: `قبل الطرفان العقد ${c.number}، وأصبح ساري المفعول.`,
    ...about(c),
  }),
  /** To the buyer side. */
  submitted: (c: About, m: Milestone): Notice => ({
    group: 'my_tenders',
    title: 'Milestone submitted for review',
    content: `The supplier submitted the deliverables of "${m.title}" on contract ${c.number}. Accept them or ask for changes.`,
    titleAr: 'مرحلة مقدَّمة للمراجعة',
    contentAr: `قدّم المورد مخرجات «${m.title}» في العقد ${c.number}. اقبلها أو اطلب تعديلات.`,
    ...about(c),
  }),
  /** To the supplier side. */
  changesRequested: (c: About, m: Milestone, reason: string): Notice => ({
    group: 'my_tenders',
    title: 'Changes requested on a milestone',
    content: `The buyer asked for changes to "${m.title}" on contract ${c.number}: ${reason}`,
    titleAr: 'طُلبت تعديلات على مرحلة',
    contentAr: `طلب المشتري تعديلات على «${m.title}» في العقد ${c.number}: ${reason}`,
    ...about(c),
  }),
  /** To the supplier side. */
  milestoneAccepted: (c: About, m: Milestone): Notice => ({
    group: 'my_tenders',
    title: 'Milestone accepted',
    content: `The buyer accepted "${m.title}" on contract ${c.number}. It is now payable.`,
    titleAr: 'قُبلت المرحلة',
    contentAr: `قبل المشتري «${m.title}» في العقد ${c.number}، وأصبحت مستحقة الدفع.`,
    ...about(c),
  }),
  /** To the supplier side. */
  paid: (c: About, m: Milestone, amount: number, currency: string, reference: string): Notice => ({
    group: 'my_tenders',
    title: 'Milestone paid',
    content: `${noticeMoney(amount, currency, 'en')} was paid for "${m.title}" on contract ${c.number} (ref. ${reference}).`,
    titleAr: 'دُفعت المرحلة',
    contentAr: `دُفع ${noticeMoney(amount, currency, 'ar')} عن «${m.title}» في العقد ${c.number} (المرجع ${reference}).`,
    ...about(c),
  }),
  /** To both sides. */
  completed: (c: About): Notice => ({
    group: 'my_tenders',
    title: 'Contract completed',
    content: `Every milestone of contract ${c.number} is accepted: the contract is completed.`,
    titleAr: 'اكتمل العقد',
    contentAr: `قُبلت جميع مراحل العقد ${c.number}، واكتمل العقد.`,
    ...about(c),
  }),
  /** To the other side. */
  variationProposed: (c: About, reason: string): Notice => ({
    group: 'my_tenders',
    title: 'Variation proposed',
    content: `The other party proposed a variation to contract ${c.number}: ${reason}. It takes effect only if your side accepts it.`,
    titleAr: 'اقتراح تعديل على العقد',
    contentAr: `اقترح الطرف الآخر تعديلًا على العقد ${c.number}: ${reason}. لا يسري إلا إذا قبلته جهتك.`,
    ...about(c),
  }),
  /** To the proposing side. */
  variationAccepted: (c: About): Notice => ({
    group: 'my_tenders',
    title: 'Variation accepted',
    content: `The other party accepted your side's variation to contract ${c.number}: it is now in effect.`,
    titleAr: 'قُبل التعديل',
    contentAr: `قبل الطرف الآخر التعديل الذي اقترحته جهتك على العقد ${c.number}، وأصبح ساريًا.`,
    ...about(c),
  }),
  /** To the proposing side. */
  variationRejected: (c: About): Notice => ({
    group: 'my_tenders',
    title: 'Variation rejected',
    content: `The other party rejected your side's variation to contract ${c.number}: nothing changes.`,
    titleAr: 'رُفض التعديل',
    contentAr: `رفض الطرف الآخر التعديل الذي اقترحته جهتك على العقد ${c.number}، ولم يتغير شيء.`,
    ...about(c),
  }),
  /** To the other side. */
  variationWithdrawn: (c: About): Notice => ({
    group: 'my_tenders',
    title: 'Variation withdrawn',
    content: `The other party withdrew its proposed variation to contract ${c.number}.`,
    titleAr: 'سُحب التعديل',
    contentAr: `سحب الطرف الآخر التعديل الذي اقترحه على العقد ${c.number}.`,
    ...about(c),
  }),
  /** To the other side. */
  terminated: (c: About, reason: string): Notice => ({
    group: 'my_tenders',
    title: 'Contract terminated',
    content: `The other party terminated contract ${c.number}: ${reason}`,
    titleAr: 'أُنهي العقد',
    contentAr: `أنهى الطرف الآخر العقد ${c.number}: ${reason}`,
    ...about(c),
  }),
});
