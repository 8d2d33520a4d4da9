import { titleIn } from '../../lib/localize.ts';
import { noticeTable } from '../../lib/notice.ts';
import type { Notice } from '../../lib/tx.ts';
import type { TenderRow } from './rows.ts';

/**
 * The notifications (and mails) of the evaluation panel, English and Arabic side by side
 * (docs/decisions/0014-evaluation-panel.md).
 */

type Tender = Pick<TenderRow, 'id' | 'number' | 'titleEn' | 'titleAr'>;

const onTender = (t: Tender) => ({ tenderId: t.id, link: `/tender-profile/${t.id}` });

export const PANEL_NOTICES = noticeTable({
  /** To a member newly on the panel, or newly its chair. */
  appointed: (t: Tender, chair: boolean): Notice => ({
    group: 'my_tenders',
    title: chair ? 'You chair an evaluation panel' : 'You are on an evaluation panel',
    content: `${t.number}: you were appointed ${chair ? 'chair of' : 'to'} the evaluation panel of "${titleIn('en', t)}". After bid opening, sign the conflict-of-interest declaration before reading the proposals.`,
    titleAr: chair ? 'أنت رئيس لجنة تقييم' : 'أنت عضو في لجنة تقييم',
    contentAr: `${t.number}: عُيّنت ${chair ? 'رئيساً للجنة تقييم' : 'عضواً في لجنة تقييم'} المناقصة "${titleIn('ar', t)}". بعد فتح العروض، وقّع إقرار عدم تعارض المصالح قبل الاطلاع على العروض.`,
    ...onTender(t),
  }),
  /** To a member taken off the panel by a change of it (their scores are deleted). */
  removed: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'You are no longer on an evaluation panel',
    content: `${t.number}: you were taken off the evaluation panel of "${titleIn('en', t)}"; your scores were deleted.`,
    titleAr: 'لم تعد عضواً في لجنة تقييم',
    contentAr: `${t.number}: أُخرجت من لجنة تقييم المناقصة "${titleIn('ar', t)}" وحُذفت درجاتك.`,
    ...onTender(t),
  }),
  /** To the tender's buyer side: an evaluator declined the declaration (and left the panel). */
  declined: (t: Tender, name: string, wasChair: boolean): Notice => ({
    group: 'my_tenders',
    title: 'An evaluator declined the declaration',
    content: `${t.number}: ${name} declined the conflict-of-interest declaration of "${titleIn('en', t)}" and left the panel.${wasChair ? ' The panel has no chair: appoint one.' : ''}`,
    titleAr: 'اعتذر أحد المقيّمين عن الإقرار',
    contentAr: `${t.number}: اعتذر ${name} عن إقرار عدم تعارض المصالح للمناقصة "${titleIn('ar', t)}" وغادر اللجنة.${wasChair ? ' لم يعد للجنة رئيس: عيّن رئيساً.' : ''}`,
    ...onTender(t),
  }),
  /** To an evaluator: the chair asked them to look at a score again (their submission reopens). */
  revisit: (t: Tender, reason: string): Notice => ({
    group: 'my_tenders',
    title: 'The chair asks you to revisit a score',
    content: `${t.number}: the chair of the panel of "${titleIn('en', t)}" asks you to look at a score again: ${reason}. Edit it and submit your scores again.`,
    titleAr: 'يطلب منك رئيس اللجنة مراجعة درجة',
    contentAr: `${t.number}: يطلب منك رئيس لجنة تقييم المناقصة "${titleIn('ar', t)}" مراجعة درجة: ${reason}. عدّلها وقدّم درجاتك من جديد.`,
    ...onTender(t),
  }),
  /** To the chair: every evaluator who signed has submitted. */
  ready: (t: Tender): Notice => ({
    group: 'my_tenders',
    title: 'The panel has submitted its scores',
    content: `${t.number}: every evaluator of "${titleIn('en', t)}" has submitted; you may lock the technical evaluation.`,
    titleAr: 'قدّمت اللجنة درجاتها',
    contentAr: `${t.number}: قدّم جميع مقيّمي المناقصة "${titleIn('ar', t)}" درجاتهم؛ يمكنك إقفال التقييم الفني.`,
    ...onTender(t),
  }),
  /** To the buyer side and the panel: the technical stage is locked. */
  locked: (t: Tender, passed: number, failed: number): Notice => ({
    group: 'my_tenders',
    title: 'Technical evaluation locked',
    content: `${t.number}: the technical evaluation of "${titleIn('en', t)}" is locked: ${passed} passed, ${failed} did not.`,
    titleAr: 'أُقفل التقييم الفني',
    contentAr: `${t.number}: أُقفل التقييم الفني للمناقصة "${titleIn('ar', t)}": اجتاز ${passed}، ولم يجتز ${failed}.`,
    ...onTender(t),
  }),
  /** To every bidder at an award decision: their debrief (scores against the winner's, rank, reasons) is ready. */
  debriefReady: (t: Tender): Notice => ({
    group: 'my_proposals',
    title: 'Your debrief is ready',
    content: `${t.number}: an award of "${titleIn('en', t)}" was decided. Read how your proposal was scored against the winner's, its rank and the reasons recorded.`,
    titleAr: 'تقريرك التوضيحي جاهز',
    contentAr: `${t.number}: تقررت ترسية المناقصة "${titleIn('ar', t)}". اطّلع على تقييم عرضك مقارنةً بالعرض الفائز وترتيبه والأسباب المسجّلة.`,
    tenderId: t.id,
    link: `/tender-profile/${t.id}`,
  }),
});
