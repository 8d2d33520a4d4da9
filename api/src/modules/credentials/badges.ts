import type { CredentialBadge } from '@bawaba/shared/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { badgeRows } from './queries.ts';
import { badgeOut } from './serializers.ts';

/** The badges of each of the companies `ids` (verified, not expired now), for the directory and company pages. */
export async function badgesOf(
  db: Db | Tx,
  ids: number[],
  masked: boolean,
): Promise<Map<number, CredentialBadge[]>> {
  const out = new Map<number, CredentialBadge[]>();
  if (ids.length === 0) return out;
  for (const b of await badgeRows(db, ids)) {
    const list = out.get(b.companyId);
    if (list) list.push(badgeOut(b, masked));
    else out.set(b.companyId, [badgeOut(b, masked)]);
  }
  return out;
}
