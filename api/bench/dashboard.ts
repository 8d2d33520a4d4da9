/**
 * Times each dashboard query (src/modules/dashboard/queries.ts) and the whole answer in the API process, for the
 * marketplace and for the company with the most tenders (on the bench data: the demo owner's, all TENDERS of them):
 * WARM-UP uncounted runs, then ROUNDS runs one after the other; the median and the 95th percentile of each.
 * Called by bench/server.ts (`{ cmd: 'dashboard' }`); printed by bench/run.ts. Target: p95 under 200 ms each.
 */
import { sql } from 'drizzle-orm';
import type { Ctx } from '../src/context.ts';
import * as q from '../src/modules/dashboard/queries.ts';
import {
  type DashboardView,
  dashboardOf,
  monthStarts,
  weekStarts,
} from '../src/modules/dashboard/service.ts';

const WARM_UP = 3;
const ROUNDS = 30;
export const TARGET_DASHBOARD_MS = 200;

export type DashboardRow = {
  scope: string;
  query: string;
  'median ms': number;
  'p95 ms': number;
  target: string;
};

async function time(run: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => Number(ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)]!.toFixed(1));
  return { median: at(0.5), p95: at(0.95) };
}

export async function timeDashboard(ctx: Ctx): Promise<DashboardRow[]> {
  const db = ctx.database.db;
  const now = new Date();
  const monthFrom = new Date(`${monthStarts(now)[0]}T00:00:00Z`);
  const weekFrom = new Date(`${weekStarts(now)[0]}T00:00:00Z`);
  const r = await db.execute(
    sql`select company_id as id from tenders where company_id is not null group by 1 order by count(*) desc limit 1`,
  );
  const busiest = Number((r.rows[0] as { id: number } | undefined)?.id ?? 0);
  const views: DashboardView[] = [
    { scope: 'marketplace', companyId: null },
    { scope: 'company', companyId: busiest },
  ];
  const rows: DashboardRow[] = [];
  for (const view of views) {
    const runs: [string, () => Promise<unknown>][] = [
      ['tenders by month and stage', () => q.tendersByMonthAndStage(db, view, monthFrom, now)],
      ['proposals per tender', () => q.tendersByProposalCount(db, view)],
      ['publication to award', () => q.awardedByDays(db, view)],
      ['top categories by tenders', () => q.topCategoriesByTenders(db, view, 5)],
      ...(view.companyId === null
        ? ([
            ['top categories by followers', () => q.topCategoriesByFollowers(db, 5)],
            ['new companies per week', () => q.companiesByWeek(db, weekFrom)],
          ] as [string, () => Promise<unknown>][])
        : []),
      ['the whole answer', () => dashboardOf(ctx, view, 'en')],
    ];
    for (const [query, run] of runs) {
      const { median, p95 } = await time(run);
      rows.push({
        scope: view.companyId === null ? 'marketplace' : `company ${view.companyId}`,
        query,
        'median ms': median,
        'p95 ms': p95,
        target: p95 < TARGET_DASHBOARD_MS ? 'met' : `missed (p95 < ${TARGET_DASHBOARD_MS})`,
      });
    }
  }
  return rows;
}
