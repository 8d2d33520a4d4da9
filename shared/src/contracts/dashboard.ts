import * as v from 'valibot';
import { TenderState } from './tenders.ts';

/**
 * GET /dashboard — how the marketplace (a platform administrator) or the caller's company (its buyers and
 * administrators) is doing: the measures are defined in docs/product-decisions.md ("Dashboard"). The parts that are
 * marketplace-wide (categories by followers, new companies) are null in a company's view.
 */
export const DASHBOARD_SCOPES = ['marketplace', 'company'] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];

/** How many months the tenders-by-stage chart covers, and how many weeks the new-companies chart covers. */
export const DASHBOARD_MONTHS = 12;
export const DASHBOARD_WEEKS = 12;

/** A count (whole, never negative): an answer the API writes, never input to validate. */
const Count = v.number();

/** Tenders created in one calendar month (UTC; `month` is its first day, YYYY-MM-DD), by the stage they are in now. */
export const StageMonth = v.object({
  month: v.string(),
  stages: v.array(v.object({ stage: TenderState, tenders: Count })),
});
export type StageMonth = v.InferOutput<typeof StageMonth>;

/** Tenders that received between `min` and `max` proposals (max null: or more). */
export const CountBucket = v.object({ min: Count, max: v.nullable(Count), tenders: Count });
export type CountBucket = v.InferOutput<typeof CountBucket>;

export const ProposalsPerTender = v.object({
  /** Published tenders (ever approved) the counts are over. */
  tenders: Count,
  proposals: Count,
  median: v.nullable(v.number()),
  buckets: v.array(CountBucket),
});
export type ProposalsPerTender = v.InferOutput<typeof ProposalsPerTender>;

/** Awarded tenders by whole days from publication to award (`min` ≤ days < `max`; max null: or more). */
export const PublishToAward = v.object({
  awarded: Count,
  medianDays: v.nullable(v.number()),
  buckets: v.array(CountBucket),
});
export type PublishToAward = v.InferOutput<typeof PublishToAward>;

export const CategoryCount = v.object({ id: v.number(), name: v.string(), count: Count });
export type CategoryCount = v.InferOutput<typeof CategoryCount>;

/** Companies registered in one week (UTC, weeks start on Monday; `week` is that Monday, YYYY-MM-DD). */
export const CompanyWeek = v.object({ week: v.string(), companies: Count });
export type CompanyWeek = v.InferOutput<typeof CompanyWeek>;

export const Dashboard = v.object({
  scope: v.picklist(DASHBOARD_SCOPES),
  tendersByStage: v.array(StageMonth),
  proposalsPerTender: ProposalsPerTender,
  publishToAward: PublishToAward,
  topCategoriesByTenders: v.array(CategoryCount),
  topCategoriesByFollowers: v.nullable(v.array(CategoryCount)),
  newCompaniesPerWeek: v.nullable(v.array(CompanyWeek)),
});
export type Dashboard = v.InferOutput<typeof Dashboard>;
