import { AUDIT_CSV_MAX_ROWS, type AuditCsvQuery, type AuditQuery } from '@bawaba/shared/contracts';
import type * as v from 'valibot';
import type { Ctx } from '../../context.ts';
import type { Lang } from '../../errors.ts';
import { csvOf } from '../../lib/csv.ts';
import { type AdminActionRow, auditPage, auditRows } from './queries.ts';

/**
 * The admin audit log's reads for admins: the list (newest first, filtered, paged) and its CSV. Rows are only ever
 * added (record.ts), never changed or deleted through the API.
 */

export function auditLog(ctx: Ctx, q: v.InferOutput<typeof AuditQuery>) {
  return auditPage(ctx.database.db, q, q);
}

/** Each column's heading in English and Arabic, and its cell. The action stays its code (what a filter names). */
const COLUMNS: [en: string, ar: string, cell: (r: AdminActionRow) => string | number][] = [
  ['When (UTC)', 'الوقت (UTC)', (r) => r.createdAt.toISOString()],
  ['Admin', 'المسؤول', (r) => r.actorName],
  ['Admin id', 'رقم المسؤول', (r) => r.actorId ?? ''],
  ['Action', 'الإجراء', (r) => r.action],
  ['Target type', 'نوع السجل', (r) => r.targetType],
  ['Target id', 'رقم السجل', (r) => r.targetId ?? ''],
  ['Target', 'السجل', (r) => r.targetLabel],
  ['Reason', 'السبب', (r) => r.reason ?? ''],
  ['Details', 'التفاصيل', (r) => (Object.keys(r.details).length ? JSON.stringify(r.details) : '')],
];

/** The matching rows as CSV (headed in the caller's language), newest first, at most AUDIT_CSV_MAX_ROWS. */
export async function auditCsv(
  ctx: Ctx,
  q: v.InferOutput<typeof AuditCsvQuery>,
  language: Lang,
): Promise<string> {
  const rows = await auditRows(ctx.database.db, q, AUDIT_CSV_MAX_ROWS);
  return csvOf([
    COLUMNS.map(([en, ar]) => (language === 'ar' ? ar : en)),
    ...rows.map((r) => COLUMNS.map(([, , cell]) => cell(r))),
  ]);
}
