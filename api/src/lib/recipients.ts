import type { MemberRole } from '@bawaba/shared/contracts';
import { and, arrayOverlaps, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { companyMembers } from '../db/schema.ts';
import type { NewNotification, Notice } from './notice.ts';

/**
 * Who is concerned by a record's news (docs/decisions/0011-organisations.md): a personal record (no company) concerns
 * its person alone; a company's record concerns the company's members holding a role that acts on it — the buyers
 * for a tender's buyer side, the bidders for a bidding company's side, the administrators for the company itself.
 * Viewers read; they are not told. A platform administrator is never a member, so never concerned this way.
 */

/** A record's owning side: its company, or (no company) the person it is personal to. */
export type Party = { companyId: number | null; userId?: number | null };

/** A tender's buyer side: its company, or its owner for a personal tender. */
export const tenderSide = (t: { companyId: number | null; ownerId: number }): Party => ({
  companyId: t.companyId,
  userId: t.ownerId,
});

/**
 * The users concerned by each of `parties` (one query however many), each user once, in a stable order; never
 * `actor` (nobody is told of their own action).
 */
export async function concerned(
  db: Db | Tx,
  parties: Party | readonly Party[],
  roles: MemberRole | readonly MemberRole[],
  actor?: number,
): Promise<number[]> {
  const list: readonly Party[] = Array.isArray(parties) ? parties : [parties as Party];
  const people = new Set<number>();
  const companies = new Set<number>();
  for (const p of list) {
    if (p.companyId !== null) companies.add(p.companyId);
    else if (p.userId != null) people.add(p.userId);
  }
  if (companies.size > 0) {
    const members = await db
      .selectDistinct({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(
        and(
          inArray(companyMembers.companyId, [...companies]),
          arrayOverlaps(companyMembers.roles, typeof roles === 'string' ? [roles] : [...roles]),
        ),
      );
    for (const m of members) people.add(m.userId);
  }
  people.delete(actor ?? Number.NaN);
  return [...people].sort((x, y) => x - y);
}

/** One notification of `notice` for each of `userIds` (each once). */
export const noticeTo = (userIds: Iterable<number>, notice: Notice): NewNotification[] =>
  [...new Set(userIds)].map((userId) => ({ userId, ...notice }));
