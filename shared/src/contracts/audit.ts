import * as v from 'valibot';
import { IntLike, IsoDate } from './common.ts';

/**
 * The admin audit log: every action a platform admin takes, one row each (who, when, what, on which record, why).
 * An action is `<target type>.<verb>`; a new admin action adds its code here (and its label in remote-account's
 * audit page), so the API cannot record a code the log's filter does not know.
 */
export const ADMIN_ACTIONS = [
  'company.approve',
  'company.reject',
  'tender.approve',
  'tender.reject',
  'request.approve',
  'request.reject',
  'settings.save',
  'ad.create',
  'ad.update',
  'ad.delete',
  'user.suspend',
  'user.restore',
  'user.resend-verification',
  'category.create',
  'category.rename',
  'category.move',
  'category.retire',
  'category.restore',
  'service.create',
  'service.rename',
  'service.move',
  'service.retire',
  'service.restore',
  'service.merge',
  'location.create',
  'location.rename',
  'location.move',
  'location.retire',
  'location.restore',
  'credential.verify',
  'credential.reject',
] as const;
export type AdminActionCode = (typeof ADMIN_ACTIONS)[number];

/** The kinds of record an admin action concerns. */
export const AUDIT_TARGETS = [
  'company',
  'tender',
  'request',
  'settings',
  'ad',
  'user',
  'category',
  'service',
  'location',
  'credential',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** One admin action as the log shows it. Names are as they were when it happened. */
export const AdminAction = v.object({
  id: v.number(),
  at: v.string(),
  actor: v.object({ id: v.nullable(v.number()), name: v.string() }),
  /** One of ADMIN_ACTIONS (a string: a row keeps a code a later release may no longer write). */
  action: v.string(),
  target: v.object({ type: v.string(), id: v.nullable(v.number()), label: v.string() }),
  reason: v.nullable(v.string()),
  details: v.record(v.string(), v.unknown()),
});
export type AdminAction = v.InferOutput<typeof AdminAction>;

const AuditFilters = {
  /** Words matched in the actor's name, the target's label, the reason and the action. */
  q: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search text must be at most 100 characters.')),
  ),
  actorId: v.optional(IntLike),
  action: v.optional(v.picklist(ADMIN_ACTIONS, 'Unknown action.')),
  targetType: v.optional(v.picklist(AUDIT_TARGETS, 'Unknown target.')),
  targetId: v.optional(IntLike),
  /** From this day or moment (inclusive). */
  from: v.optional(IsoDate()),
  /** Up to this day (its whole day, when only a day is given) or moment (inclusive). */
  to: v.optional(IsoDate()),
};

/** GET /admin/audit: newest first, filtered, paged. */
export const AuditQuery = v.object({
  ...AuditFilters,
  page: v.optional(IntLike, 1),
  limit: v.optional(v.pipe(IntLike, v.maxValue(100, 'At most 100 per page')), 20),
});
export type AuditQuery = v.InferInput<typeof AuditQuery>;

/** GET /admin/audit.csv: the same filters, every matching row (newest first, up to AUDIT_CSV_MAX_ROWS). */
export const AuditCsvQuery = v.object(AuditFilters);
export type AuditCsvQuery = v.InferInput<typeof AuditCsvQuery>;
export const AUDIT_CSV_MAX_ROWS = 10_000;
