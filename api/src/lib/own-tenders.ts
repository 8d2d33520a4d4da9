import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { tenders } from '../db/schema.ts';
import type { Auth } from './auth.ts';

/**
 * The tenders on the caller's buyer side, as a condition on the tenders table — `ownsTender` of the rulebook
 * (shared/src/rules/tender-rules.ts) for queries: those of the company their session acts for, and their personal
 * ones (made before they had a company; nobody else sees those).
 */
export function ownTenders(a: Pick<Auth, 'user' | 'company'>): SQL {
  const personal = and(isNull(tenders.companyId), eq(tenders.ownerId, a.user.id)) as SQL;
  return a.company ? (or(eq(tenders.companyId, a.company.id), personal) as SQL) : personal;
}
