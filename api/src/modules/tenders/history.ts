import type { TenderEvent, TenderState } from '@bawaba/shared/contracts';
import { ownsTender } from '@bawaba/shared/rules';
import type { Ctx } from '../../context.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { actorFor } from '../../lib/localize.ts';
import { recordBidOpenings } from './lifecycle.ts';
import { auditTrail } from './queries.ts';
import { visibleTender } from './service.ts';
import { viewerOf } from './tender-serializer.ts';

/**
 * The audit trail of a tender (owner and admins), oldest first; bid opening is recorded at the deadline. Each line
 * names who acted and the company they acted for, in the reader's language `l`.
 */
export async function history(ctx: Ctx, a: Auth, tenderId: number, l: Lang) {
  const t = await visibleTender(ctx, a, tenderId);
  if (!ownsTender(t, viewerOf(a)) && !a.user.isAdmin) throw new AppError('NOT_TENDER_OWNER');
  // A deadline passed since the last sweep: its bid opening is recorded now (once; see lifecycle.ts).
  await recordBidOpenings(ctx.database.db, t.id);
  const rows = await auditTrail(ctx.database.db, t.id);
  // Written only by `record` (lifecycle.ts), whose kinds and details are the contract's closed list.
  return rows.map(
    ({ e, person, company }) =>
      ({
        id: e.id,
        action: e.action,
        fromState: e.fromState as TenderState,
        toState: e.toState as TenderState,
        actor: e.actorId ? actorFor(l, e.actorId, person, company) : null,
        at: e.createdAt.toISOString(),
        details: e.details,
      }) as TenderEvent,
  );
}
