/** The performance guard's verdict (node --test; scripts/perf/guard.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  type Budget,
  type InteractionRun,
  interactionVerdict,
  type Load,
  longestChain,
  median,
  moreBlocks,
  morePairs,
  type PageRun,
  pageVerdict,
  pairedRatios,
} from './guard.ts';

const budget: Budget = { longTasks: 0, chainBeforePaint: 2, chain: 3 };
const limits = { maxRatio: 1.25, minPairs: 3, budget };
const load = (busyMs: number, extra: Partial<Load> = {}): Load => ({
  busyMs,
  longTasks: 0,
  chainBeforePaint: 2,
  chain: 3,
  ...extra,
});
const run = (a: number[], b: number[], extra: Partial<Load> = {}): PageRun => ({
  page: '/tender',
  a: a.map((ms) => load(ms, extra)),
  b: b.map((ms) => load(ms)),
});

test('the ratio is the median of the paired ratios, not the ratio of the medians', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
  // A pair measured at a busy moment is slow on both sides: its ratio stays near 1, and the median ignores it.
  const busy = run([100, 400, 120], [100, 390, 100]);
  assert.deepEqual(
    pairedRatios(busy.a, busy.b).map((r) => r.toFixed(3)),
    ['1.000', '1.026', '1.200'],
  );
  const v = pageVerdict(busy, limits);
  assert.equal(v.ratio.toFixed(3), '1.026');
  assert.deepEqual(v.failures, []);
});

test('passes at the limit (×1.25) and fails just over it, naming the page, the ratio and the pairs', () => {
  assert.deepEqual(pageVerdict(run([125, 250, 500], [100, 200, 400]), limits).failures, []);
  const v = pageVerdict(run([126, 253, 600], [100, 200, 400]), limits);
  assert.equal(v.failures.length, 1);
  assert.match(
    v.failures[0] as string,
    /^\/tender: main-thread work ×1\.26 .*1\.26, 1\.26, 1\.50.*limit ×1\.25/,
  );
  assert.equal(v.measureAgain, true);
});

test('200 ms more work on a page of ≈ 400 ms fails, against a noisy baseline too', () => {
  const previous = [380, 520, 410, 450, 400];
  const slower = previous.map((ms, i) => ms * [1.1, 0.9, 1, 1.05, 0.95][i]! + 200);
  const v = pageVerdict(run(slower, previous), limits);
  assert.equal(v.failures.length, 1);
  assert.ok(v.ratio > 1.35, String(v.ratio));
});

test('a page measured with too few pairs, or with figures that are not numbers, fails', () => {
  const v = pageVerdict(run([100, Number.NaN], [100, 100]), limits);
  assert.match(v.failures[0] as string, /1 pair\(s\) measured, 3 needed/);
  assert.equal(pageVerdict({ page: '/home', a: [], b: [] }, limits).failures.length, 1);
  assert.equal(pageVerdict(run([0, 100, 100], [100, 100, 100]), limits).failures.length, 1);
});

test('long tasks over the budget fail when the previous release has fewer, and are measured again', () => {
  const longTask = pageVerdict(run([100, 100, 100], [100, 100, 100], { longTasks: 1 }), limits);
  assert.match(
    longTask.failures[0] as string,
    /1 long task\(s\) in a load \(median\), budget 0, the previous release 0/,
  );
  assert.equal(longTask.measureAgain, true);
  // On a core slow enough that the previous release's loads have the same long task, the machine is over the
  // budget, not the change.
  const slowMachine = run([100, 100, 100], [100, 100, 100], { longTasks: 1 });
  slowMachine.b = slowMachine.b.map((l, i) => ({ ...l, longTasks: i === 2 ? 0 : 1 }));
  assert.deepEqual(pageVerdict(slowMachine, limits).failures, []);
  // One more than the previous release still fails there.
  const worse = run([100, 100, 100], [100, 100, 100], { longTasks: 2 });
  worse.b = worse.b.map((l) => ({ ...l, longTasks: 1 }));
  assert.match(pageVerdict(worse, limits).failures[0] as string, /2 long task\(s\).*previous release 1/);
});

test('request chains fail whatever the ratio and the previous release, and are not measured again', () => {
  const chains = pageVerdict(
    run([100, 100, 100], [100, 100, 100], { chainBeforePaint: 3, chain: 4 }),
    limits,
  );
  assert.equal(chains.measureAgain, false);
  const both = pageVerdict(run([140, 130, 120], [100, 100, 100], { chain: 4 }), limits);
  assert.equal(both.failures.length, 2);
  assert.equal(both.measureAgain, false);
  assert.deepEqual(
    chains.failures.map((f) => f.replace(/^\/tender: /, '')),
    ['request chain of 3 before the first paint, budget 2', 'request chain of 4 in the load, budget 3'],
  );
  // One load with a long task out of three is the machine, not the page (the median counts).
  const once = run([100, 100, 100], [100, 100, 100]);
  once.a[1] = load(100, { longTasks: 2 });
  assert.deepEqual(pageVerdict(once, limits).failures, []);
  // A page with no budget fails.
  assert.match(
    pageVerdict(run([1, 1, 1], [1, 1, 1]), { ...limits, budget: undefined }).failures[0] as string,
    /no budget/,
  );
});

test('pairs measured again are added to the first ones, and the verdict is on all of them', () => {
  const first = run([140, 130, 120], [100, 100, 100]);
  assert.equal(pageVerdict(first, limits).measureAgain, true);
  const all = morePairs(first, run([100, 105, 110], [100, 100, 100]));
  assert.equal(all.a.length, 6);
  const v = pageVerdict(all, { ...limits, minPairs: 6 });
  assert.deepEqual(v.failures, []);
  assert.equal(v.ratios.length, 6);
});

test('request chains follow each request back to the one whose code started it', () => {
  const requests = [
    { url: 'http://s/' },
    { url: 'http://s/main.js', initiator: 'http://s/' },
    { url: 'http://s/style.css', initiator: 'http://s/' },
    { url: 'http://r/remoteEntry.js', initiator: 'http://s/main.js' },
    { url: 'http://r/page.js', initiator: 'http://r/remoteEntry.js' },
    { url: 'http://s/api/v1/tenders', initiator: 'http://r/page.js' },
  ];
  assert.equal(longestChain(requests), 5);
  assert.equal(
    longestChain(requests, (i) => i <= 2),
    2,
  );
  // A request whose initiator is unknown starts a chain of its own.
  assert.equal(longestChain([{ url: 'a' }, { url: 'b', initiator: 'elsewhere' }]), 1);
});

const ix = { maxRatio: 1.3, minPairs: 2, minDeltaMs: 16 };
const blocks = (kind: string, a: number[][], b: number[][]): InteractionRun => ({ kind, a, b });

test("an interaction kind is judged on the paired ratios of its blocks' medians", () => {
  // Block medians 100/100 and 130/100: ratios 1.00 and 1.30, median 1.15.
  const v = interactionVerdict(
    blocks(
      'language',
      [
        [90, 100, 400],
        [120, 130, 140],
      ],
      [
        [100, 100, 100],
        [80, 100, 900],
      ],
    ),
    ix,
  );
  assert.deepEqual(
    v.ratios.map((r) => r.toFixed(2)),
    ['1.00', '1.30'],
  );
  assert.equal(v.ratio.toFixed(2), '1.15');
  assert.deepEqual(v.failures, []);
});

test("200 ms more in an interaction's handler fails it, naming the kind, the ratio and both medians", () => {
  const previous = [
    [96, 104, 120, 88, 100],
    [120, 112, 136, 104, 128],
  ];
  const slower = previous.map((block) => block.map((ms) => ms + 200));
  const v = interactionVerdict(blocks('tender-filters', slower, previous), ix);
  assert.equal(v.failures.length, 1);
  assert.match(
    v.failures[0] as string,
    /^tender-filters: interaction latency ×2\.\d\d the previous release's \(median 3\d\d ms against 1\d\d ms; pairs .*\), limit ×1\.3$/,
  );
});

test('at the limit it passes, just over it fails, and a ratio on latencies near the floor does not', () => {
  assert.deepEqual(interactionVerdict(blocks('keyword', [[130], [260]], [[100], [200]]), ix).failures, []);
  assert.equal(interactionVerdict(blocks('keyword', [[132], [264]], [[100], [200]]), ix).failures.length, 1);
  // 16 ms (nothing reported) against 30 ms is ×1.88, but 14 ms: under the floor Event Timing resolves.
  assert.deepEqual(interactionVerdict(blocks('paging', [[30], [30]], [[16], [16]]), ix).failures, []);
  assert.equal(interactionVerdict(blocks('paging', [[40], [40]], [[16], [16]]), ix).failures.length, 1);
});

test('a kind measured with too few pairs of blocks fails; blocks measured again count with the first', () => {
  assert.match(
    interactionVerdict(blocks('wizard', [[100]], [[100]]), ix).failures[0] as string,
    /^wizard: 1 pair\(s\) of blocks measured, 2 needed/,
  );
  assert.equal(interactionVerdict(blocks('wizard', [[], [100]], [[100], [100]]), ix).failures.length, 1);
  const first = blocks('notifications', [[200], [150]], [[100], [100]]);
  assert.equal(interactionVerdict(first, ix).failures.length, 1);
  const all = moreBlocks(first, blocks('notifications', [[100], [105]], [[100], [100]]));
  assert.equal(all.a.length, 4);
  const v = interactionVerdict(all, { ...ix, minPairs: 4 });
  assert.equal(v.ratios.length, 4);
  assert.deepEqual(v.failures, []);
});

test('one block at a busy moment does not fail a kind whose latencies over all samples are alike', () => {
  // An A/A run on 2026-11-26: blocks A 94, 376, 209 against B 214, 223, 139 — pairs 0.44, 1.69, 1.50; over all
  // samples A 209 ms against B 150 ms (×1.39).
  const a = [
    [90, 94, 98],
    [300, 376, 390],
    [200, 209, 215],
  ];
  const b = [
    [150, 214, 220],
    [150, 223, 225],
    [130, 139, 150],
  ];
  const v = interactionVerdict(blocks('keyword', a, b), { ...ix, maxRatio: 1.45 });
  assert.equal(v.ratio.toFixed(2), '1.50');
  assert.deepEqual([v.aMs, v.bMs], [209, 150]);
  assert.deepEqual(v.failures, []);
});
