import type { Dashboard, TenderState } from '@bawaba/shared/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What each chart of the dashboard shows, built from the API's answer alone: the chart and its table of numbers
 * render the same model, so the table is always the picture's numbers. Words are message descriptors and numbers
 * stay numbers; the page translates and formats them (Intl) in the reader's language.
 */

type Series = { key: string; label: MessageDescriptor; color: string };
/** One bar (or stack of bars): its label on the axis, and one value per series. */
type ChartRow = { label: string; values: number[] };
export type ChartModel = {
  id: string;
  title: MessageDescriptor;
  /** What is counted, said under the title (and the table's caption). */
  description: MessageDescriptor;
  /** The heading of the table's first column (what a row is). */
  rowHeader: MessageDescriptor;
  /** Bars across (columns, the label on the horizontal axis) or along (rows: long names, e.g. categories). */
  layout: 'columns' | 'rows';
  series: Series[];
  rows: ChartRow[];
};

/** The stages' colours: each at least 3:1 against the white page (non-text contrast), told apart by the legend too. */
const STAGE_SERIES: Record<TenderState, Omit<Series, 'key'>> = {
  draft: { label: msg`Draft`, color: '#52525b' },
  pending_approval: { label: msg`Pending approval`, color: '#a16207' },
  rejected: { label: msg`Rejected`, color: '#b91c1c' },
  published: { label: msg`Accepting proposals`, color: '#1d4ed8' },
  bids_opened: { label: msg`Bids opened`, color: '#c2410c' },
  standstill: { label: msg`Award decided (standstill)`, color: '#0f766e' },
  awarded: { label: msg`Awarded`, color: '#15803d' },
  no_award: { label: msg`Closed without award`, color: '#6b21a8' },
  cancelled: { label: msg`Cancelled`, color: '#be185d' },
};
/** The colour of a chart with one series (7:1 against white). */
const ONE_SERIES = '#1d4ed8';

/** Formats what the rows' labels say in the reader's language (numbers, months, weeks). */
export type LabelFormat = {
  number: (n: number) => string;
  month: (isoDay: string) => string;
  week: (isoDay: string) => string;
};

const range = (min: number, max: number | null, f: LabelFormat) =>
  max === null ? `${f.number(min)}+` : min === max ? f.number(min) : `${f.number(min)}–${f.number(max)}`;

export function dashboardCharts(d: Dashboard, f: LabelFormat): ChartModel[] {
  const charts: ChartModel[] = [
    {
      id: 'stages',
      title: msg`Tenders by stage over time`,
      description: msg`Tenders created each month, by the stage they are in now`,
      rowHeader: msg`Month`,
      layout: 'columns',
      series: (d.tendersByStage[0]?.stages ?? []).map(({ stage }) => ({
        key: stage,
        ...STAGE_SERIES[stage],
      })),
      rows: d.tendersByStage.map((m) => ({
        label: f.month(m.month),
        values: m.stages.map((s) => s.tenders),
      })),
    },
    {
      id: 'proposals',
      title: msg`Proposals per tender`,
      description: msg`Published tenders by how many proposals each received`,
      rowHeader: msg`Proposals`,
      layout: 'columns',
      series: [{ key: 'tenders', label: msg`Tenders`, color: ONE_SERIES }],
      rows: d.proposalsPerTender.buckets.map((b) => ({ label: range(b.min, b.max, f), values: [b.tenders] })),
    },
    {
      id: 'award',
      title: msg`Time from publication to award`,
      description: msg`Awarded tenders by days from publication to award`,
      rowHeader: msg`Days`,
      layout: 'columns',
      series: [{ key: 'tenders', label: msg`Awarded tenders`, color: ONE_SERIES }],
      rows: d.publishToAward.buckets.map((b) => ({ label: range(b.min, b.max, f), values: [b.tenders] })),
    },
    {
      id: 'categories-tenders',
      title: msg`Top categories by tenders`,
      description: msg`Published tenders in each category (a tender counts once per category)`,
      rowHeader: msg`Category`,
      layout: 'rows',
      series: [{ key: 'tenders', label: msg`Tenders`, color: ONE_SERIES }],
      rows: d.topCategoriesByTenders.map((c) => ({ label: c.name, values: [c.count] })),
    },
  ];
  if (d.topCategoriesByFollowers)
    charts.push({
      id: 'categories-followers',
      title: msg`Top categories by followers`,
      description: msg`Companies and people following the category or any of its services`,
      rowHeader: msg`Category`,
      layout: 'rows',
      series: [{ key: 'followers', label: msg`Followers`, color: ONE_SERIES }],
      rows: d.topCategoriesByFollowers.map((c) => ({ label: c.name, values: [c.count] })),
    });
  if (d.newCompaniesPerWeek)
    charts.push({
      id: 'companies',
      title: msg`New companies per week`,
      description: msg`Companies registered each week (weeks start on Sunday)`,
      rowHeader: msg`Week of`,
      layout: 'columns',
      series: [{ key: 'companies', label: msg`Companies`, color: ONE_SERIES }],
      rows: d.newCompaniesPerWeek.map((w) => ({ label: f.week(w.week), values: [w.companies] })),
    });
  return charts;
}
