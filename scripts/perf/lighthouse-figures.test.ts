/** The page-speed bench's figures: one build's, and the current build against the previous release's (node --test). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  compareRuns,
  fmtDiff,
  fmtMetric,
  fmtRatio,
  measuresPrevious,
  medianOf,
  medianRunIndex,
  missedTargets,
  type PageResult,
  pairedRatio,
  type RunFigures,
  sideFigures,
  summaryLine,
  tableRows,
} from './lighthouse-figures.ts';

const run = (score: number, extra: Partial<RunFigures> = {}): RunFigures => ({
  score,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.01,
  fcpMs: 900,
  jsBytes: 200 * 1024,
  ...extra,
});

test("a build's figures are one real run's, the median score's, with each metric's spread over the runs", () => {
  const runs = [
    run(90, { lcpMs: 2400, tbtMs: 300 }),
    run(97, { lcpMs: 1200, tbtMs: 40 }),
    run(94, { lcpMs: 1600, tbtMs: 120, cls: 0.03 }),
  ];
  const side = sideFigures(runs);
  // The 94 run: its LCP and TBT together, not the median LCP of one run and the median TBT of another.
  assert.equal(side.medianRun, 2);
  assert.deepEqual([side.score, side.lcpMs, side.tbtMs, side.cls], [94, 1600, 120, 0.03]);
  assert.deepEqual(side.scores, [90, 94, 97]);
  assert.deepEqual(side.spread.lcpMs, { min: 1200, max: 2400 });
  assert.deepEqual(side.spread.tbtMs, { min: 40, max: 300 });
  assert.deepEqual(side.spread.cls, { min: 0.01, max: 0.03 });
  assert.equal(side.runs, 3);
  assert.deepEqual(missedTargets(side), ['score < 95', 'CLS > 0.02']);
  assert.equal(fmtMetric(side, 'lcpMs'), '1600 ms (1200–2400)');
  assert.equal(fmtMetric(side, 'cls'), '0.030 (0.010–0.030)');
  assert.equal(fmtMetric(side, 'jsBytes'), '200.0 KB (200.0–200.0)');
  // One run: its figures alone, no spread.
  assert.equal(fmtMetric(sideFigures([run(99)]), 'tbtMs'), '100 ms');
  assert.deepEqual(missedTargets(sideFigures([run(99)])), []);
  // An even count keeps the lower middle, and equal scores the first taken.
  assert.equal(medianRunIndex([run(80), run(90), run(70), run(100)]), 0);
  assert.equal(medianRunIndex([run(90), run(90), run(90)]), 1);
  assert.throws(() => sideFigures([]), /no run/);
});

test('A against B is the median over the pairs, so one busy moment, slow on both sides, is ignored', () => {
  const a = [run(95, { lcpMs: 1000 }), run(70, { lcpMs: 4000 }), run(93, { lcpMs: 1100 })];
  const b = [run(96, { lcpMs: 1000 }), run(72, { lcpMs: 3900 }), run(93, { lcpMs: 1000 })];
  const c = compareRuns(a, b);
  assert.equal(c.pairs, 3);
  assert.deepEqual(c.scoreDiffs, [-1, -2, 0]);
  assert.equal(c.scoreDiff, -1);
  assert.deepEqual(
    c.lcpRatios.map((r) => r.toFixed(3)),
    ['1.000', '1.026', '1.100'],
  );
  assert.equal(c.lcpRatio.toFixed(3), '1.026');
  assert.equal(c.tbtRatio, 1);
  // A run a side could not take leaves its partner out (the pairs are run i of each).
  assert.equal(compareRuns(a, b.slice(0, 2)).pairs, 2);
  assert.ok(Number.isNaN(compareRuns(a, []).lcpRatio));
});

test('a regression shows in the ratios: 500 ms more LCP and 200 ms more TBT on every run of A', () => {
  const b = [
    run(96, { lcpMs: 1400, tbtMs: 100 }),
    run(90, { lcpMs: 1900, tbtMs: 250 }),
    run(95, { lcpMs: 1500 }),
  ];
  const a = b.map((r) => ({ ...r, score: r.score - 8, lcpMs: r.lcpMs + 500, tbtMs: r.tbtMs + 200 }));
  const c = compareRuns(a, b);
  assert.equal(c.scoreDiff, -8);
  assert.equal(fmtRatio(c.lcpRatio), '×1.33');
  assert.equal(fmtRatio(c.tbtRatio), '×3.00');
});

test('a blocking time of 0 on both sides is equal, and on B alone it is an unbounded ratio', () => {
  assert.equal(pairedRatio(0, 0), 1);
  assert.equal(pairedRatio(30, 0), Number.POSITIVE_INFINITY);
  assert.equal(pairedRatio(0, 30), 0);
  assert.ok(Number.isNaN(pairedRatio(Number.NaN, 10)));
  assert.equal(medianOf([1, Number.POSITIVE_INFINITY]), Number.POSITIVE_INFINITY);
  assert.equal(medianOf([1, Number.NaN, 3]), 2);
  assert.ok(Number.isNaN(medianOf([])));
  const c = compareRuns(
    [run(99, { tbtMs: 0 }), run(99, { tbtMs: 20 })],
    [run(99, { tbtMs: 0 }), run(99, { tbtMs: 0 })],
  );
  assert.equal(fmtRatio(c.tbtRatio), '×∞');
  // In the JSON output an unbounded ratio is null.
  assert.equal(JSON.stringify({ ratio: c.tbtRatio }), '{"ratio":null}');
});

test('the table has a row for A with its targets, one for B and one for A/B with each pair', () => {
  const a = [run(96, { lcpMs: 1200 }), run(92, { lcpMs: 1500 })];
  const b = [run(97, { lcpMs: 1000 }), run(95, { lcpMs: 1200 })];
  const result: PageResult = {
    page: 'ar:/tender',
    a: { ...sideFigures(a), report: 'a.html' },
    b: { ...sideFigures(b), report: 'b.html' },
    comparison: compareRuns(a, b),
  };
  const [rowA, rowB, rowAB] = tableRows([result]);
  assert.deepEqual(rowA?.slice(0, 4), ['ar:/tender', 'A', '92 (92–96)', '1500 ms (1200–1500)']);
  assert.equal(rowA?.at(-1), 'MISSED: score < 95');
  assert.deepEqual(rowB?.slice(0, 3), ['', 'B', '95 (95–97)']);
  assert.equal(rowB?.at(-1), '');
  assert.deepEqual(rowAB?.slice(0, 4), ['', 'A/B', '-2 (pairs -1 -3)', '×1.23 (pairs 1.20 1.25)']);
  assert.match(
    summaryLine(result),
    /^ar:\/tender +score 92 .* — MISSED: score < 95 .*A\/B: score -2, LCP ×1\.23, TBT ×1\.00 \(median of 2 pair\(s\)\)$/,
  );
  // Measured alone: A's row only.
  const alone = tableRows([{ ...result, b: null, comparison: null }]);
  assert.equal(alone.length, 1);
  assert.doesNotMatch(summaryLine({ ...result, b: null, comparison: null }), /A\/B/);
  assert.equal(fmtDiff(2), '+2');
  assert.equal(fmtDiff(0), '0');
  assert.equal(fmtDiff(-1.5), '-1.5');
});

test('the previous release is measured unless --no-previous or LIGHTHOUSE_PREVIOUS=0', () => {
  assert.equal(measuresPrevious(['node', 'lighthouse.ts'], {}), true);
  assert.equal(measuresPrevious(['node', 'lighthouse.ts', '--no-previous'], {}), false);
  assert.equal(measuresPrevious([], { LIGHTHOUSE_PREVIOUS: '0' }), false);
  assert.equal(measuresPrevious([], { LIGHTHOUSE_PREVIOUS: '1' }), true);
});
