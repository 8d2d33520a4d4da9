import type { AdminAction } from '@bawaba/shared/contracts';
import type { AdminActionRow } from './queries.ts';

/** A stored admin action as the log shows it. */
export const adminActionOut = (r: AdminActionRow): AdminAction => ({
  id: r.id,
  at: r.createdAt.toISOString(),
  actor: { id: r.actorId, name: r.actorName },
  action: r.action,
  target: { type: r.targetType, id: r.targetId, label: r.targetLabel },
  reason: r.reason,
  details: r.details,
});
