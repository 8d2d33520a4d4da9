/**
 * The figures of the page-speed benchmark (scripts/perf/lighthouse.ts measures; this module only computes and
 * prints, so node --test lighthouse-figures.test.ts covers it without a browser):
 *  - one build's figures of a page from its runs: the figures of the run with the median score (the median-of-N
 *    rule: one real load whose report is kept, not a mix of runs), and each metric's spread (min–max) over the runs;
 *  - the current build (A) against the previous release's (B), measured run by run in turn (A1 B1 A2 B2 …): run i of
 *    A and run i of B are a pair, taken at nearly the same moment, so a busy moment of the machine hits both; the
 *    comparison is the median over the pairs of A/B (LCP, TBT) and of A − B (the score);
 *  - whether a run measures B at all.
 */

/** Whether the previous release is measured too: unless `--no-previous` or LIGHTHOUSE_PREVIOUS=0. */
export function measuresPrevious(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return !argv.includes('--no-previous') && env.LIGHTHOUSE_PREVIOUS !== '0';
}

export const TARGETS = { score: 95, cls: 0.02, tbtMs: 150, lcpMs: 2000 } as const;

/** What one Lighthouse run of a page gives. */
export interface RunFigures {
  /** 0–100 */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Script bytes transferred (compressed, as on the wire). */
  jsBytes: number;
}

const METRICS = ['score', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'jsBytes'] as const;
type Metric = (typeof METRICS)[number];

export interface Spread {
  min: number;
  max: number;
}

/** One build's figures of one page. */
export interface SideFigures extends RunFigures {
  /** Every run's score, lowest first. */
  scores: number[];
  /** Each metric's lowest and highest value over the runs. */
  spread: Record<Metric, Spread>;
  runs: number;
  /** The median-score run's place among the runs as taken (its report is the one kept). */
  medianRun: number;
  meetsScore: boolean;
  meetsCls: boolean;
  meetsTbt: boolean;
  meetsLcp: boolean;
}

/**
 * The median of the numbers that are not NaN, the mean of the middle two for an even count. Unlike the guard's, it
 * keeps Infinity: a ratio over a B of 0 is a real "worse", not a missing figure.
 */
export function medianOf(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((x, y) => x - y);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as number;
  return sorted.length % 2 ? upper : ((sorted[mid - 1] as number) + upper) / 2;
}

/** Where the run with the median score is among `runs` (the lower middle for an even count, as taken for equal scores). */
export function medianRunIndex(runs: readonly RunFigures[]): number {
  if (runs.length === 0) throw new Error('no run');
  const order = runs
    .map((_, i) => i)
    .sort((x, y) => (runs[x] as RunFigures).score - (runs[y] as RunFigures).score);
  return order[Math.floor((runs.length - 1) / 2)] as number;
}

export function sideFigures(runs: readonly RunFigures[]): SideFigures {
  const medianRun = medianRunIndex(runs);
  const median = runs[medianRun] as RunFigures;
  const spread = Object.fromEntries(
    METRICS.map((metric) => {
      const values = runs.map((r) => r[metric]).filter((v) => !Number.isNaN(v));
      return [metric, { min: Math.min(...values), max: Math.max(...values) }];
    }),
  ) as Record<Metric, Spread>;
  return {
    score: median.score,
    lcpMs: median.lcpMs,
    tbtMs: median.tbtMs,
    cls: median.cls,
    fcpMs: median.fcpMs,
    jsBytes: median.jsBytes,
    scores: runs.map((r) => r.score).sort((x, y) => x - y),
    spread,
    runs: runs.length,
    medianRun,
    meetsScore: median.score >= TARGETS.score,
    meetsCls: median.cls <= TARGETS.cls,
    meetsTbt: median.tbtMs <= TARGETS.tbtMs,
    meetsLcp: median.lcpMs <= TARGETS.lcpMs,
  };
}

/** A/B of one pair: 1 when both are 0 (no blocking time on either side), Infinity when only B is 0. */
export function pairedRatio(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b) || a < 0 || b < 0) return Number.NaN;
  if (b === 0) return a === 0 ? 1 : Number.POSITIVE_INFINITY;
  return a / b;
}

/** A against B over their pairs (run i of each; an unpaired run of the longer side is left out). */
export interface Comparison {
  pairs: number;
  /** Median of the paired A − B of the score (points). */
  scoreDiff: number;
  /** Median of the paired A / B of LCP and of TBT (Infinity: B had none where A had some). */
  lcpRatio: number;
  tbtRatio: number;
  scoreDiffs: number[];
  lcpRatios: number[];
  tbtRatios: number[];
}

export function compareRuns(a: readonly RunFigures[], b: readonly RunFigures[]): Comparison {
  const pairs = Math.min(a.length, b.length);
  const each = <T>(f: (x: RunFigures, y: RunFigures) => T): T[] =>
    Array.from({ length: pairs }, (_, i) => f(a[i] as RunFigures, b[i] as RunFigures));
  const scoreDiffs = each((x, y) => x.score - y.score);
  const lcpRatios = each((x, y) => pairedRatio(x.lcpMs, y.lcpMs));
  const tbtRatios = each((x, y) => pairedRatio(x.tbtMs, y.tbtMs));
  return {
    pairs,
    scoreDiff: medianOf(scoreDiffs),
    lcpRatio: medianOf(lcpRatios),
    tbtRatio: medianOf(tbtRatios),
    scoreDiffs,
    lcpRatios,
    tbtRatios,
  };
}

/** One page's result: A's figures, B's and their comparison (both null when A was measured alone). */
export interface PageResult {
  page: string;
  a: SideFigures & { report: string };
  b: (SideFigures & { report: string }) | null;
  comparison: Comparison | null;
}

// ------------------------------------------------------------------------------------------------- formatting

export const fmtMs = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '–');
export const fmtKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const bareRatio = (ratio: number) =>
  Number.isNaN(ratio) ? '–' : ratio === Number.POSITIVE_INFINITY ? '∞' : ratio.toFixed(2);
export const fmtRatio = (ratio: number) => (Number.isNaN(ratio) ? '–' : `×${bareRatio(ratio)}`);
export const fmtDiff = (points: number) =>
  Number.isNaN(points)
    ? '–'
    : `${points > 0 ? '+' : ''}${Number.isInteger(points) ? points : points.toFixed(1)}`;

const plain: Record<Metric, (value: number) => string> = {
  score: (v) => String(v),
  lcpMs: (v) => String(Math.round(v)),
  tbtMs: (v) => String(Math.round(v)),
  cls: (v) => v.toFixed(3),
  fcpMs: (v) => String(Math.round(v)),
  jsBytes: (v) => (v / 1024).toFixed(1),
};
const withUnit: Record<Metric, (value: number) => string> = {
  score: (v) => String(v),
  lcpMs: fmtMs,
  tbtMs: fmtMs,
  cls: (v) => v.toFixed(3),
  fcpMs: fmtMs,
  jsBytes: fmtKb,
};

/** A metric of one side: the median run's value, then the spread over the runs when there was more than one. */
export function fmtMetric(side: SideFigures, metric: Metric): string {
  const value = withUnit[metric](side[metric]);
  const { min, max } = side.spread[metric];
  if (side.runs < 2 || !Number.isFinite(min)) return value;
  return `${value} (${plain[metric](min)}–${plain[metric](max)})`;
}

/** The targets a side misses, in words (empty: all met). */
export function missedTargets(side: SideFigures): string[] {
  return [
    side.meetsScore ? '' : `score < ${TARGETS.score}`,
    side.meetsLcp ? '' : `LCP > ${TARGETS.lcpMs} ms`,
    side.meetsTbt ? '' : `TBT > ${TARGETS.tbtMs} ms`,
    side.meetsCls ? '' : `CLS > ${TARGETS.cls}`,
  ].filter(Boolean);
}

const targetsCell = (side: SideFigures) => {
  const missed = missedTargets(side);
  return missed.length === 0 ? 'all met' : `MISSED: ${missed.join(', ')}`;
};

const pairsCell = (values: number[], fmt: (v: number) => string) =>
  values.length < 2 ? '' : ` (pairs ${values.map(fmt).join(' ')})`;

export const TABLE_HEADER = [
  'page',
  'build',
  'score',
  'LCP',
  'TBT',
  'CLS',
  'FCP',
  'JS transferred',
  'targets',
];

/**
 * The table's rows: per page a row for A (with whether it meets the targets), and when B was measured a row for B and
 * one for the comparison (the median over the pairs, then each pair's).
 */
export function tableRows(results: readonly PageResult[]): string[][] {
  const side = (label: string, figures: SideFigures, page: string, targets: string) => [
    page,
    label,
    ...METRICS.map((m) => fmtMetric(figures, m)),
    targets,
  ];
  return results.flatMap((r) => {
    const rows = [side('A', r.a, r.page, targetsCell(r.a))];
    if (r.b && r.comparison) {
      const c = r.comparison;
      rows.push(side('B', r.b, '', ''));
      rows.push([
        '',
        'A/B',
        `${fmtDiff(c.scoreDiff)}${pairsCell(c.scoreDiffs, fmtDiff)}`,
        `${fmtRatio(c.lcpRatio)}${pairsCell(c.lcpRatios, bareRatio)}`,
        `${fmtRatio(c.tbtRatio)}${pairsCell(c.tbtRatios, bareRatio)}`,
        '',
        '',
        '',
        '',
      ]);
    }
    return rows;
  });
}

/** One line per page for the bench's summary: A's figures and targets, and against B when it was measured. */
export function summaryLine(r: PageResult): string {
  const figures = (s: SideFigures) =>
    `score ${s.score} (runs ${s.scores.join(' ')})  LCP ${fmtMs(s.lcpMs)}  TBT ${fmtMs(s.tbtMs)}  CLS ${s.cls.toFixed(3)}  FCP ${fmtMs(s.fcpMs)}  JS ${fmtKb(s.jsBytes)}`;
  const missed = missedTargets(r.a);
  const verdict = missed.length === 0 ? 'targets met' : `MISSED: ${missed.join(', ')}`;
  const against =
    r.b && r.comparison
      ? `  · previous release: ${figures(r.b)}  · A/B: score ${fmtDiff(r.comparison.scoreDiff)}, LCP ${fmtRatio(r.comparison.lcpRatio)}, TBT ${fmtRatio(r.comparison.tbtRatio)} (median of ${r.comparison.pairs} pair(s))`
      : '';
  return `${r.page.padEnd(40)} ${figures(r.a)} — ${verdict}${against}`;
}
