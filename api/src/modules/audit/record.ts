import type { AdminActionCode, AuditTarget } from '@bawaba/shared/contracts';
import type { Tx } from '../../db/client.ts';
import { adminActions } from '../../db/schema.ts';

/** The admin who acts: their id and their name as it is now (kept in the row as it was). */
export type AdminActor = { user: { id: number; name: string } };

export type AdminActionEntry = {
  action: AdminActionCode;
  target: { type: AuditTarget; id: number | null; label: string };
  /** Why, when the admin said (a rejection, a suspension). */
  reason?: string | null;
  /** A few facts of the action (what a save changed, a merge's survivor); small, no secrets. */
  details?: Record<string, unknown>;
};

/**
 * Writes one row of the admin audit log in the action's own transaction: the row exists exactly when the action
 * happened (a refused or failed action rolls both back).
 */
export async function recordAdminAction(tx: Tx, actor: AdminActor, entry: AdminActionEntry): Promise<void> {
  await tx.insert(adminActions).values({
    actorId: actor.user.id,
    actorName: actor.user.name,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    reason: entry.reason?.trim() || null,
    details: entry.details ?? {},
  });
}
