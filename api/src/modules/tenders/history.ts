import type { TenderEvent, TenderState } from '@bawaba/shared/contracts';
import { ownsTender } from '@bawaba/shared/rules';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { recordBidOpenings } from './lifecycle.ts';
import { auditTrail } from './queries.ts';
import { visibleTender } from './service.ts';
import { viewerOf } from './tender-serializer.ts';

/** The audit trail of a tender (owner and admins), oldest first; bid opening is recorded at the deadline. */
export async function history(ctx: Ctx, a: Auth, tenderId: number) {
  const t = await visibleTender(ctx, a, tenderId);
  if (!ownsTender(t, viewerOf(a)) && !a.user.isAdmin) throw new AppError('NOT_TENDER_OWNER');
  // A deadline passed since the last sweep: its bid opening is recorded now (once; see lifecycle.ts).
  await recordBidOpenings(ctx.database.db, t.id);
  const rows = await auditTrail(ctx.database.db, t.id);
  // Written only by `record` (lifecycle.ts), whose kinds and details are the contract's closed list.
  return rows.map(
    ({ e, name }) =>
      ({
        id: e.id,
        action: e.action,
        fromState: e.fromState as TenderState,
        toState: e.toState as TenderState,
        actor: e.actorId ? { id: e.actorId, name: name ?? '' } : null,
        at: e.createdAt.toISOString(),
        details: e.details,
      }) as TenderEvent,
  );
}
