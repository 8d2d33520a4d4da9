import {
  type CountBucket,
  DASHBOARD_MONTHS,
  DASHBOARD_WEEKS,
  type Dashboard,
  type DashboardScope,
  TenderState,
} from '@bawaba/shared/contracts';
import { qatarDayStart } from '@bawaba/shared/rules';
import type { Ctx } from '../../context.ts';
import type { Lang } from '../../errors.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../../lib/auth.ts';
import * as q from './queries.ts';

/**
 * The dashboard (docs/product-decisions.md, "Dashboard", defines each measure). Whose numbers a caller gets is decided
 * here from the session: a platform administrator reads the marketplace; a member of the active company holding the
 * buyer or administrator role reads that company's tenders; anyone else is refused.
 */

const TOP_CATEGORIES = 5;
const STAGES = TenderState.options;
/** Proposals per tender: 0, 1, 2, 3–5, 6–10, 11 or more. */
const PROPOSAL_BUCKETS: [number, number | null][] = [
  [0, 0],
  [1, 1],
  [2, 2],
  [3, 5],
  [6, 10],
  [11, null],
];
/** Days from publication to award: under 7, 7–13, 14–29, 30–59, 60–89, 90 or more. */
const DAY_BUCKETS: [number, number | null][] = [
  [0, 6],
  [7, 13],
  [14, 29],
  [30, 59],
  [60, 89],
  [90, null],
];

export type DashboardView = { scope: DashboardScope; companyId: number | null };

/** The view the caller's session opens, or the refusal (409: no active company, or not a buyer nor its admin). */
export function viewOf(auth: Auth): DashboardView {
  if (auth.user.isAdmin) return { scope: 'marketplace', companyId: null };
  if (!auth.company) throw new AppError('NO_ACTIVE_COMPANY');
  if (!auth.company.roles.some((r) => r === 'buyer' || r === 'admin'))
    throw new AppError('COMPANY_ROLE_REQUIRED');
  return { scope: 'company', companyId: auth.company.id };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** `now` shifted so that its UTC fields read Qatar's wall clock (UTC+3 all year, no daylight saving). */
const qatarClock = (now: Date) => new Date(now.getTime() + 3 * 3_600_000);

/** The first days of the `count` Qatar months ending with the one `now` is in, oldest first. */
export function monthStarts(now: Date, count = DASHBOARD_MONTHS): string[] {
  const q = qatarClock(now);
  return Array.from({ length: count }, (_, i) =>
    day(new Date(Date.UTC(q.getUTCFullYear(), q.getUTCMonth() - (count - 1 - i), 1))),
  );
}

/**
 * The Sundays of the `count` Qatar weeks ending with the one `now` is in, oldest first (a Qatar week starts on
 * Sunday: its working week is Sunday–Thursday).
 */
export function weekStarts(now: Date, count = DASHBOARD_WEEKS): string[] {
  const q = qatarClock(now);
  const sunday = Date.UTC(q.getUTCFullYear(), q.getUTCMonth(), q.getUTCDate() - q.getUTCDay());
  return Array.from({ length: count }, (_, i) => day(new Date(sunday - (count - 1 - i) * 7 * 86_400_000)));
}

/** The median of values given as value → how many (null: none). */
function median(counts: Map<number, number>): number | null {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const sorted = [...counts.entries()].sort(([a], [b]) => a - b);
  const at = (index: number) => {
    let seen = 0;
    for (const [value, n] of sorted) {
      seen += n;
      if (index < seen) return value;
    }
    return sorted.at(-1)![0];
  };
  return (at(Math.floor((total - 1) / 2)) + at(Math.floor(total / 2))) / 2;
}

const bucketed = (counts: Map<number, number>, bounds: [number, number | null][]): CountBucket[] =>
  bounds.map(([min, max]) => ({
    min,
    max,
    tenders: [...counts].reduce((sum, [v, n]) => (v >= min && (max === null || v <= max) ? sum + n : sum), 0),
  }));

export async function dashboardOf(
  ctx: Ctx,
  view: DashboardView,
  lang: Lang,
  now = new Date(),
): Promise<Dashboard> {
  const db = ctx.database.db;
  const months = monthStarts(now);
  const weeks = weekStarts(now);
  const marketplace = view.scope === 'marketplace';
  const [byStage, byProposals, byDays, categories, followed, newCompanies] = await Promise.all([
    q.tendersByMonthAndStage(db, view, qatarDayStart(months[0]!), now),
    q.tendersByProposalCount(db, view),
    q.awardedByDays(db, view),
    q.topCategoriesByTenders(db, view, TOP_CATEGORIES),
    marketplace ? q.topCategoriesByFollowers(db, TOP_CATEGORIES) : null,
    marketplace ? q.companiesByWeek(db, qatarDayStart(weeks[0]!)) : null,
  ]);
  const proposalCounts = new Map(byProposals.map((r) => [Number(r.proposals), Number(r.tenders)]));
  const dayCounts = new Map(byDays.map((r) => [Math.max(0, Number(r.days)), Number(r.tenders)]));
  const named = (rows: Awaited<ReturnType<typeof q.topCategoriesByTenders>>) =>
    rows.map((r) => ({
      id: Number(r.id),
      name: lang === 'ar' ? r.nameAr : r.nameEn,
      count: Number(r.count),
    }));
  return {
    scope: view.scope,
    tendersByStage: months.map((month) => ({
      month,
      stages: STAGES.map((stage) => ({
        stage,
        tenders: Number(byStage.find((r) => r.month === month && r.stage === stage)?.tenders ?? 0),
      })),
    })),
    proposalsPerTender: {
      tenders: [...proposalCounts.values()].reduce((a, b) => a + b, 0),
      proposals: [...proposalCounts].reduce((sum, [v, n]) => sum + v * n, 0),
      median: median(proposalCounts),
      buckets: bucketed(proposalCounts, PROPOSAL_BUCKETS),
    },
    publishToAward: {
      awarded: [...dayCounts.values()].reduce((a, b) => a + b, 0),
      medianDays: median(dayCounts),
      buckets: bucketed(dayCounts, DAY_BUCKETS),
    },
    topCategoriesByTenders: named(categories),
    topCategoriesByFollowers: followed && named(followed),
    newCompaniesPerWeek:
      newCompanies &&
      weeks.map((week) => ({
        week,
        companies: Number(newCompanies.find((r) => r.week === week)?.companies ?? 0),
      })),
  };
}
