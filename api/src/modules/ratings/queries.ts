import type { ContractRatings } from '@bawaba/shared/contracts';
import type { ContractViewer } from '@bawaba/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { contractRatingsOf } from '../../lib/reputation.ts';

/** A contract's ratings as `viewer` reads them (after a write of theirs: they are a party). */
export async function ratingsOfContract(
  db: Db,
  id: number,
  viewer: ContractViewer,
): Promise<ContractRatings> {
  const [c] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (!c) throw new AppError('CONTRACT_NOT_FOUND');
  return contractRatingsOf(db, c, viewer);
}
