import type { Comparison, ComparisonRow } from '@bawaba/shared/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Lang } from '../../errors.ts';

/** The comparison's columns, headed in the caller's language. */
const COLUMNS: [en: string, ar: string, value: (r: ComparisonRow) => string | number][] = [
  ['Bidder', 'المتقدم', (r) => r.bidder.name],
  ['Company', 'الشركة', (r) => r.bidder.companyName ?? ''],
  ['Offer price', 'سعر العرض', (r) => r.offerPrice],
  ['Currency', 'العملة', (r) => r.currency],
  ['Period (days)', 'المدة (أيام)', (r) => r.period],
  ['Milestones', 'المراحل', (r) => r.milestones.count],
  ['Milestones total', 'إجمالي المراحل', (r) => r.milestones.total],
  ['First milestone start', 'بداية أول مرحلة', (r) => r.milestones.firstStart ?? ''],
  ['Last milestone end', 'نهاية آخر مرحلة', (r) => r.milestones.lastEnd ?? ''],
  ['Payment terms', 'شروط الدفع', (r) => r.paymentTerms],
  ['Fee/bond payment', 'دفع الرسوم/الضمان', (r) => r.paymentStatus],
  ['Documents', 'المستندات', (r) => r.documentCount],
  ['Submitted at', 'تاريخ التقديم', (r) => r.submittedAt],
  ['Version', 'الإصدار', (r) => r.version],
  ['Evaluation', 'التقييم', (r) => r.evaluation ?? ''],
  ['Evaluation reason', 'سبب التقييم', (r) => r.evaluationReason ?? ''],
  ['Predates latest amendment', 'قبل آخر تعديل', (r) => (r.predatesAmendment ? 'yes' : 'no')],
];

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe:
 * bidders write these cells (OWASP "CSV injection").
 */
const inert = (x: string | number) => (typeof x === 'string' && /^[=+\-@\t\r]/.test(x) ? `'${x}` : x);

/** The comparison as CSV: UTF-8 with a byte order mark (so spreadsheets read the Arabic), one row per proposal. */
export function comparisonCsv(c: Comparison, language: Lang): string {
  return stringify(
    [
      COLUMNS.map(([en, ar]) => (language === 'ar' ? ar : en)),
      ...c.rows.map((r) => COLUMNS.map(([, , f]) => inert(f(r)))),
    ],
    { bom: true },
  );
}
