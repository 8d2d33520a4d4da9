import type { TenderListQuery } from '@bawaba/shared/contracts';
import { qatarDayEnd, qatarDayStart } from '@bawaba/shared/rules';
import { eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { tenders } from '../../db/schema.ts';
import { likePattern } from '../../lib/localize.ts';
import { stateCondition } from './lifecycle.ts';

/**
 * The tender domain's reads: every SELECT of the domain lives here (the writes stay in service.ts, inside their
 * transaction, next to the rule they carry out).
 */

type Query = v.InferOutput<typeof TenderListQuery>;

/** A tender asks for one of these services (`service_ids @> [id]`, served by the GIN index on service_ids). */
export const asksForAny = (serviceIds: number[]): SQL =>
  or(...serviceIds.map((id) => sql`${tenders.serviceIds} @> ${JSON.stringify([id])}::jsonb`)) ?? sql`false`;

/**
 * The spec's tender filters as SQL conditions, plus the keyword (title and description, trigram-indexed) and the
 * service or category (`categoryServices`: the ids of the category's services, looked up by the caller).
 */
export function tenderFilters(q: Query, categoryServices: number[] = []): SQL[] {
  const w: SQL[] = [];
  if (q.number) w.push(ilike(tenders.number, likePattern(q.number)));
  if (q.title) w.push(ilike(tenders.title, likePattern(q.title)));
  if (q.q) {
    const pattern = likePattern(q.q);
    const either = or(ilike(tenders.title, pattern), ilike(tenders.description, pattern));
    if (either) w.push(either);
  }
  if (typeof q.serviceId === 'number') w.push(asksForAny([q.serviceId]));
  if (typeof q.categoryId === 'number') w.push(asksForAny(categoryServices));
  if (q.status) w.push(eq(tenders.status, q.status));
  if (q.approvalStatus) w.push(eq(tenders.approvalStatus, q.approvalStatus));
  if (typeof q.minBond === 'number') w.push(gte(tenders.bond, q.minBond));
  if (typeof q.maxBond === 'number') w.push(lte(tenders.bond, q.maxBond));
  if (typeof q.minBudget === 'number') w.push(gte(tenders.budget, q.minBudget));
  if (typeof q.maxBudget === 'number') w.push(lte(tenders.budget, q.maxBudget));
  // A bare date (yyyy-mm-dd) is a Qatar day: "from" starts at its midnight in Qatar, "to" includes the whole day.
  const range = (col: typeof tenders.startDate, from?: string, to?: string) => {
    if (from) w.push(gte(col, qatarDayStart(from)));
    if (to) w.push(lte(col, qatarDayEnd(to)));
  };
  range(tenders.startDate, q.startDateFrom, q.startDateTo);
  range(tenders.endDate, q.endDateFrom, q.endDateTo);
  range(tenders.publishDate, q.publishDateFrom, q.publishDateTo);
  if (typeof q.isPublished === 'boolean') w.push(eq(tenders.isPublished, q.isPublished));
  if (q.state) {
    const c = stateCondition(q.state);
    if (c) w.push(c);
  }
  return w;
}
