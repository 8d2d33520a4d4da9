import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenders } from '../db/schema.ts';
import type { Auth } from './auth.ts';

/**
 * The caller's side of the marketplace (docs/decisions/0011-organisations.md): the company their session acts for
 * (null: they act as themselves) and the person. A record is their side's when it belongs to that company, or when
 * it is their personal one (made without a company; nobody else sees those).
 */
export type Side = { userId: number; companyId: number | null; roles?: readonly string[] };

export const sideOf = (a: Pick<Auth, 'user' | 'company'>): Side => ({
  userId: a.user.id,
  companyId: a.company?.id ?? null,
  roles: a.company?.roles ?? [],
});

/** Whether a record with this company and person is on the side. */
export const onSide = (record: { companyId: number | null; userId: number }, s: Side): boolean =>
  record.companyId !== null ? record.companyId === s.companyId : record.userId === s.userId;

/** `onSide` as a condition on a table's company and person columns. */
export function sideRecords(s: Side, company: AnyPgColumn, user: AnyPgColumn): SQL {
  const personal = and(isNull(company), eq(user, s.userId)) as SQL;
  return s.companyId !== null ? (or(eq(company, s.companyId), personal) as SQL) : personal;
}

/**
 * The tenders on the caller's buyer side, as a condition on the tenders table — `ownsTender` of the rulebook
 * (shared/src/rules/tender-rules.ts) for queries.
 */
export const ownTenders = (a: Pick<Auth, 'user' | 'company'>): SQL =>
  sideRecords(sideOf(a), tenders.companyId, tenders.ownerId);
