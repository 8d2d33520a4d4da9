import type {
  Comparison,
  ComparisonRow,
  PaymentStatus,
  PaymentTerms,
  ProposalEvaluation,
} from '@bawaba/shared/contracts';
import type { Lang } from '../../errors.ts';
import { csvOf } from '../../lib/csv.ts';

type Words = { en: string; ar: string };

/**
 * The words a reader sees for the comparison's coded values, in both languages (the same words as the site's
 * badges, shared/src/components/StatusBadge.tsx): a spreadsheet shows "Net 30 Days", never `30_days`. Each record
 * names every value of its contract type, so a new value cannot reach the file as a bare code.
 */
const PAYMENT_TERMS: Record<PaymentTerms, Words> = {
  '30_days': { en: 'Net 30 Days', ar: 'صافي 30 يومًا' },
  '60_days': { en: 'Net 60 Days', ar: 'صافي 60 يومًا' },
  advance: { en: '50% Advance, 50% Completion', ar: '50% مقدمًا، 50% عند الإنجاز' },
  custom: { en: 'Custom Terms', ar: 'شروط مخصصة' },
};
const PAYMENT_STATUS: Record<PaymentStatus, Words> = {
  not_required: { en: 'No payment required', ar: 'لا يلزم الدفع' },
  unpaid: { en: 'Unpaid', ar: 'غير مدفوع' },
  paid: { en: 'Paid', ar: 'مدفوع' },
  failed: { en: 'Payment failed', ar: 'فشل الدفع' },
};
const EVALUATION: Record<ProposalEvaluation | 'none', Words> = {
  shortlisted: { en: 'Shortlisted', ar: 'في القائمة المختصرة' },
  not_responsive: { en: 'Not responsive', ar: 'غير مستوفٍ' },
  none: { en: 'Not evaluated', ar: 'لم يُقيَّم' },
};
const YES_NO: Record<'yes' | 'no', Words> = { yes: { en: 'Yes', ar: 'نعم' }, no: { en: 'No', ar: 'لا' } };

type Cell = (r: ComparisonRow) => string | number | Words;

/** What a sealed financial cell says instead of its value (the proposal's financial part is not open yet). */
const SEALED: Words = { en: 'Sealed', ar: 'مختوم' };
/** A financial cell: its value, or SEALED while the row's financial part is sealed. */
const financial =
  (value: (r: ComparisonRow) => string | number | Words | null): Cell =>
  (r) =>
    r.financialSealed ? SEALED : (value(r) ?? '');

/**
 * The comparison's columns, headed in the caller's language. Amounts, counts and dates stay as numbers and ISO
 * 8601 dates (what a spreadsheet computes and sorts with); currencies as their ISO 4217 codes.
 */
const COLUMNS: [en: string, ar: string, value: Cell][] = [
  ['Bidder', 'المتقدم', (r) => r.bidder.name],
  ['Company', 'الشركة', (r) => r.bidder.companyName ?? ''],
  ['Offer price', 'سعر العرض', financial((r) => r.offerPrice)],
  ['Currency', 'العملة', financial((r) => r.currency)],
  ['Best and final offer', 'العرض الأفضل والنهائي', financial((r) => r.bestAndFinalOffer)],
  ['Period (days)', 'المدة (بالأيام)', (r) => r.period],
  ['Milestones', 'المراحل', (r) => r.milestones.count],
  ['Milestones total', 'إجمالي المراحل', financial((r) => r.milestones.total)],
  ['First milestone start', 'بداية أول مرحلة', (r) => r.milestones.firstStart ?? ''],
  ['Last milestone end', 'نهاية آخر مرحلة', (r) => r.milestones.lastEnd ?? ''],
  ['Payment terms', 'شروط الدفع', financial((r) => (r.paymentTerms ? PAYMENT_TERMS[r.paymentTerms] : null))],
  ['Fee/bond payment', 'دفع الرسوم/الضمان', (r) => PAYMENT_STATUS[r.paymentStatus]],
  ['Documents', 'المستندات', (r) => r.documentCount],
  ['Submitted at', 'تاريخ التقديم', (r) => r.submittedAt],
  ['Version', 'الإصدار', (r) => r.version],
  ['Evaluation', 'التقييم', (r) => EVALUATION[r.evaluation ?? 'none']],
  ['Evaluation reason', 'سبب التقييم', (r) => r.evaluationReason ?? ''],
  ['Predates latest amendment', 'قبل آخر تعديل', (r) => YES_NO[r.predatesAmendment ? 'yes' : 'no']],
  // The evaluation's results (docs/decisions/0014-evaluation-panel.md): blank before the technical lock.
  ['Technical score', 'الدرجة الفنية', (r) => r.technicalScore ?? ''],
  [
    'Technical pass',
    'اجتياز التقييم الفني',
    (r) => (r.technicalPassed === null ? '' : YES_NO[r.technicalPassed ? 'yes' : 'no']),
  ],
  ['Price score', 'الدرجة المالية', (r) => r.priceScore ?? ''],
  ['Final score', 'الدرجة النهائية', (r) => r.finalScore ?? ''],
  ['Rank', 'الترتيب', (r) => r.rank ?? ''],
];

const inLanguage = (x: string | number | Words, language: Lang) => (typeof x === 'object' ? x[language] : x);

/** The comparison as CSV: UTF-8 with a byte order mark (so spreadsheets read the Arabic), one row per proposal. */
export function comparisonCsv(c: Comparison, language: Lang): string {
  return csvOf([
    COLUMNS.map(([en, ar]) => (language === 'ar' ? ar : en)),
    ...c.rows.map((r) => COLUMNS.map(([, , f]) => inLanguage(f(r), language))),
  ]);
}
