import type { Contract, ContractSummary } from '@bawaba/shared/contracts';
import type { Ctx } from '../../context.ts';
import type { Lang } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import { sideOf } from '../../lib/sides.ts';
import { contractList, tenderOf } from './queries.ts';
import { contractOut, summariesOut } from './serializers.ts';
import { readableContract, viewerOf } from './service.ts';

/** The caller's side's contracts (as buyer or supplier), newest first; every contract for a platform administrator. */
export async function listContracts(ctx: Ctx, a: Auth, l: Lang): Promise<ContractSummary[]> {
  const rows = await contractList(ctx.database.db, a.user.isAdmin ? null : sideOf(a));
  return summariesOut(ctx, rows, l, viewerOf(a));
}

/** A contract whole as the caller may read it (a party's member or an administrator; anyone else: 404). */
export async function readContract(ctx: Ctx, a: Auth, id: number, l: Lang): Promise<Contract> {
  const c = await readableContract(ctx, a, id);
  return contractOut(ctx, c, await tenderOf(ctx.database.db, c.tenderId), l, viewerOf(a));
}
