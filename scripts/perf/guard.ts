/**
 * Over the ~300-line rule on purpose: one measurement (or one server) read top to bottom, set-up to report.
 *
 * The performance guard (a step of `./bawaba test`, docs/performance.md "The performance guard"): the current
 * build measured side by side with the previous release's build, in the same run, on the same machine.
 *
 * Both sites are served at once, each on its own API and each host in a process of its own (composed-site.ts
 * startSite): A = this tree's dist/, B = every app as released before its
 * current release (rebuilt from git history in worktrees, scripts/release/builds.ts). Each guarded page is loaded in
 * alternating pairs (A B, B A, A B, …), each load in a fresh browser context, and each load gives:
 *  - the main thread's work from the page's navigation until the network settled, as THREAD time (the CPU time
 *    of the renderer's main thread): what a slower build adds, and what other processes sharing the cores hardly
 *    move;
 *  - the long tasks of that load (≥ GUARD.longTaskMs of thread time), counted;
 *  - its request chains (each request's initiator followed back to the document): the longest chain started
 *    before the first paint, and the longest of the whole load.
 * Interactions (scripts/perf/interactions.ts, its measureKind: a fresh context, the CPU 4× slower, input → next paint) are
 * measured the same way: per guarded kind, blocks of GUARD.interactions.runs repetitions on A and on B in the order
 * A B B A (…), each block's median latency one side of a pair; a kind fails when the median of its paired ratios
 * A/B and the ratio of A's and B's medians over all samples are over GUARD.interactions.maxRatio, and A's median is
 * more than GUARD.interactions.minDeltaMs slower than B's (below the Event Timing floor a ratio is no slowdown
 * anyone sees), measured once more before the verdict.
 * Verdict (pageVerdict(), interactionVerdict(), unit-tested): a page fails when the median of its paired ratios A/B of main-thread work is
 * over GUARD.maxRatio (the noise measured with `--aa`, docs/performance.md), measured once more with as many
 * pairs before the verdict; when its long tasks are over the page's budget and over the previous release's in the
 * same loads (a slower core lengthens every task), also measured once more; and, whatever the machine's speed, when
 * its request chains are over the page's budget (GUARD.budgets).
 *
 *   pnpm exec node scripts/perf/guard.ts [--aa] [--pairs=5] [--pages=/home,…] [--kinds=language,…]
 *
 * --pages= / --kinds= with nothing after them measure no page / no interaction.
 * --aa: A/A — the current build against itself (the noise the ratio limit must stay above; no previous build).
 * Env: PERF_GUARD_PORT_BASE (4900: site A's host on it, remotes +1..+3, API +100), PERF_GUARD_PREVIOUS_PORT_BASE
 * (site B's, the same layout; PERF_GUARD_PORT_BASE + 10),
 * PERF_GUARD_CURRENT (a folder holding the four apps' builds to measure as A, e.g. a throwaway worktree; default
 * this tree), BAWABA_RELEASE_BUILDS (scripts/release/builds.ts), CHROMIUM_PATH. Exits 1 when the guard fails.
 */
import { cpus } from 'node:os';
import path from 'node:path';
import { navigationStart, pageMainThread, type TraceEvent, threadMs, traceEvents } from './trace.ts';

export const GUARD = {
  pages: ['/home', '/service', '/tender'],
  /** Pairs of loads per page (A B or B A each). */
  pairs: 5,
  /** Median paired ratio A/B of main-thread thread time, at most (docs/performance.md: the noise measured). */
  maxRatio: 1.25,
  /** A long task: this much thread time or more in one task (unthrottled). */
  longTaskMs: 50,
  /**
   * Per page: long tasks in a load (median of the A loads; over it fails only when over the previous release's
   * median too), and whatever the machine's speed the longest request chain started before the first paint and
   * the longest of the whole load (the most of the A loads).
   */
  budgets: {
    // The static shell paints from the document alone (nothing render-blocking); the longest chain of each page
    // was 3 on 2026-11-26 in both builds. /home has one task near 50 ms in some loads.
    '/home': { longTasks: 1, chainBeforePaint: 1, chain: 3 },
    '/service': { longTasks: 0, chainBeforePaint: 1, chain: 3 },
    '/tender': { longTasks: 0, chainBeforePaint: 1, chain: 3 },
  } as Record<string, Budget>,
  interactions: {
    /** The kinds guarded (scripts/perf/interactions.ts; docs/performance.md: why these). */
    kinds: ['keyword', 'tender-filters', 'language'] as string[],
    /** Pairs of blocks per kind (A B, B A, A B): the median of three ignores one pair at a busy moment. */
    pairs: 3,
    /** Measured repetitions in a block (after two unmeasured ones). */
    runs: 5,
    /** Median paired ratio A/B of the blocks' median latencies, at most (docs/performance.md: the noise measured). */
    maxRatio: 1.5,
    /** A kind fails only when A's median is also this much slower than B's (the Event Timing floor, 16 ms). */
    minDeltaMs: 16,
  },
};

export interface Budget {
  longTasks: number;
  chainBeforePaint: number;
  chain: number;
}

/** What one load of a page gives. */
export interface Load {
  busyMs: number;
  longTasks: number;
  chainBeforePaint: number;
  chain: number;
}

/** One page's loads: a[i] and b[i] are one pair. */
export interface PageRun {
  page: string;
  a: Load[];
  b: Load[];
}

export interface PageVerdict {
  page: string;
  /** Median of the paired ratios a[i].busyMs / b[i].busyMs (NaN when no pair could be formed). */
  ratio: number;
  ratios: number[];
  failures: string[];
  /**
   * Whether only figures that move with the machine failed (the ratio, the long tasks): worth measuring again.
   * The request chains do not move with the machine.
   */
  measureAgain: boolean;
}

export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((x, y) => x - y);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The ratio of each pair whose two figures are positive numbers. */
export function pairedRatios(a: readonly Load[], b: readonly Load[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]?.busyMs ?? Number.NaN;
    const y = b[i]?.busyMs ?? Number.NaN;
    if (Number.isFinite(x) && Number.isFinite(y) && x > 0 && y > 0) out.push(x / y);
  }
  return out;
}

/**
 * A page's verdict: the median paired ratio at most `maxRatio`, with at least `minPairs` pairs (a guard that
 * measured nothing must not pass); the median long-task count of the A loads within the page's budget or at most
 * the B loads' median; the A loads' longest request chains within the page's budget (a page without a budget
 * fails: every guarded page has one).
 */
export function pageVerdict(
  run: PageRun,
  limits: { maxRatio: number; minPairs: number; budget: Budget | undefined },
): PageVerdict {
  const failures: string[] = [];
  const ratios = pairedRatios(run.a, run.b);
  const ratio = median(ratios);
  let ratioFailed = false;
  if (ratios.length < limits.minPairs) {
    failures.push(`${run.page}: ${ratios.length} pair(s) measured, ${limits.minPairs} needed`);
    ratioFailed = true;
  } else if (ratio > limits.maxRatio) {
    failures.push(
      `${run.page}: main-thread work ×${ratio.toFixed(2)} the previous release's (median of ${ratios.length} pairs: ${ratios.map((r) => r.toFixed(2)).join(', ')}), limit ×${limits.maxRatio}`,
    );
    ratioFailed = true;
  }
  const budget = limits.budget;
  /** A failure measuring again cannot change (no budget, a request chain): the machine does not move it. */
  let settledFailed = false;
  let longTasksFailed = false;
  if (!budget) {
    failures.push(`${run.page}: no budget`);
    settledFailed = true;
  } else if (run.a.length > 0) {
    const longTasks = median(run.a.map((l) => l.longTasks));
    const beforePaint = Math.max(...run.a.map((l) => l.chainBeforePaint));
    const chain = Math.max(...run.a.map((l) => l.chain));
    // A task's thread time grows with a slower core: where the previous release's loads, measured between these
    // on the same machine, have as many long tasks, the machine is over the budget, not the change.
    const previousLongTasks = median(run.b.map((l) => l.longTasks));
    if (!(longTasks <= budget.longTasks) && !(longTasks <= previousLongTasks)) {
      failures.push(
        `${run.page}: ${longTasks} long task(s) in a load (median), budget ${budget.longTasks}, the previous release ${previousLongTasks}`,
      );
      longTasksFailed = true;
    }
    if (!(beforePaint <= budget.chainBeforePaint)) {
      failures.push(
        `${run.page}: request chain of ${beforePaint} before the first paint, budget ${budget.chainBeforePaint}`,
      );
      settledFailed = true;
    }
    if (!(chain <= budget.chain)) {
      failures.push(`${run.page}: request chain of ${chain} in the load, budget ${budget.chain}`);
      settledFailed = true;
    }
  }
  return {
    page: run.page,
    ratio,
    ratios,
    failures,
    measureAgain: (ratioFailed || longTasksFailed) && !settledFailed,
  };
}

/** One interaction kind's blocks: a[i] and b[i] (latencies of one block each, ms) are one pair. */
export interface InteractionRun {
  kind: string;
  a: number[][];
  b: number[][];
}

export interface InteractionVerdict {
  kind: string;
  /** Median of the paired ratios median(a[i]) / median(b[i]) (NaN when no pair could be formed). */
  ratio: number;
  ratios: number[];
  /** Median latency of all A samples and of all B samples. */
  aMs: number;
  bMs: number;
  failures: string[];
}

/**
 * A kind's verdict: fails when fewer than `minPairs` pairs of blocks were measured, or when the median of the
 * paired ratios of the blocks' medians is over `maxRatio`, and so is A's median over all its samples against B's (one
 * block at a busy moment swings a pair's ratio, hardly the median of all samples), by more than `minDeltaMs` (16 ms
 * against 24 ms is ×1.5 and nothing a person notices, nor anything Event Timing resolves).
 */
export function interactionVerdict(
  run: InteractionRun,
  limits: { maxRatio: number; minPairs: number; minDeltaMs: number },
): InteractionVerdict {
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(run.a.length, run.b.length); i++) {
    const x = median(run.a[i] ?? []);
    const y = median(run.b[i] ?? []);
    if (Number.isFinite(x) && Number.isFinite(y) && x > 0 && y > 0) ratios.push(x / y);
  }
  const ratio = median(ratios);
  const aMs = median(run.a.flat());
  const bMs = median(run.b.flat());
  const failures: string[] = [];
  if (ratios.length < limits.minPairs) {
    failures.push(`${run.kind}: ${ratios.length} pair(s) of blocks measured, ${limits.minPairs} needed`);
  } else if (ratio > limits.maxRatio && aMs > bMs * limits.maxRatio && aMs - bMs > limits.minDeltaMs) {
    failures.push(
      `${run.kind}: interaction latency ×${ratio.toFixed(2)} the previous release's (median ${Math.round(aMs)} ms against ${Math.round(bMs)} ms; pairs ${ratios.map((r) => r.toFixed(2)).join(', ')}), limit ×${limits.maxRatio}`,
    );
  }
  return { kind: run.kind, ratio, ratios, aMs, bMs, failures };
}

/** Appends the blocks measured again to the first ones (one verdict on all of them). */
export function moreBlocks(first: InteractionRun, again: InteractionRun): InteractionRun {
  return { kind: first.kind, a: [...first.a, ...again.a], b: [...first.b, ...again.b] };
}

/** Appends the loads measured again to the first ones (more pairs, one verdict on all of them). */
export function morePairs(first: PageRun, again: PageRun): PageRun {
  return { page: first.page, a: [...first.a, ...again.a], b: [...first.b, ...again.b] };
}

// ------------------------------------------------------------------------------------------------- measuring

interface Initiator {
  type: string;
  url?: string;
  stack?: CallStack;
}
interface CallStack {
  callFrames: { url: string }[];
  parent?: CallStack;
}
interface Cdp {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  on(event: string, listener: (event: Record<string, unknown>) => void): void;
}
interface GuardPage {
  addInitScript(script: { content: string }): Promise<void>;
  goto(url: string, options: { waitUntil: 'networkidle' | 'load' }): Promise<unknown>;
  waitForTimeout(ms: number): Promise<void>;
  waitForLoadState(state: 'networkidle'): Promise<void>;
  evaluate<T>(expression: string): Promise<T>;
}
interface GuardContext {
  newPage(): Promise<GuardPage>;
  newCDPSession(page: GuardPage): Promise<Cdp>;
  close(): Promise<void>;
}
interface GuardBrowser {
  newContext(options: {
    viewport: { width: number; height: number };
    deviceScaleFactor: number;
  }): Promise<GuardContext>;
  startTracing(page: GuardPage, options: { categories: string[] }): Promise<void>;
  stopTracing(): Promise<Buffer>;
  close(): Promise<void>;
}
interface Chromium {
  launch(options: { executablePath: string; args: string[] }): Promise<GuardBrowser>;
}

/** The URL a request was started from: the parser's document or the script on top of the (async) stack. */
function initiatorUrl(initiator: Initiator | undefined): string | undefined {
  if (!initiator) return undefined;
  if (initiator.url) return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return undefined;
}

/**
 * The longest chain of requests, each started by the previous one's code (1: the document alone), among the
 * requests kept by `keep`.
 */
export function longestChain(
  requests: readonly { url: string; initiator?: string }[],
  keep: (index: number) => boolean = () => true,
): number {
  const depth = new Map<string, number>();
  let longest = 0;
  requests.forEach((r, i) => {
    if (!keep(i)) return;
    const parent = r.initiator ? depth.get(r.initiator) : undefined;
    const d = (parent ?? 0) + 1;
    if (!depth.has(r.url) || (depth.get(r.url) as number) < d) depth.set(r.url, d);
    longest = Math.max(longest, d);
  });
  return longest;
}

async function measureLoad(
  browser: GuardBrowser,
  url: string,
  storage: Record<string, string> | undefined,
): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  });
  try {
    const page = await context.newPage();
    if (storage) {
      const origin = new URL(url).origin;
      const sets = Object.entries(storage)
        .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
        .join('');
      await page.addInitScript({
        content: `if (location.origin === ${JSON.stringify(origin)} && !sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); ${sets} }`,
      });
    }
    const cdp = await context.newCDPSession(page);
    const requests: { url: string; initiator?: string }[] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      const request = event.request as { url: string };
      if (request.url.startsWith('data:')) return;
      requests.push({
        url: request.url,
        initiator: initiatorUrl(event.initiator as Initiator),
      });
    });
    await cdp.send('Network.enable');
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'blink.user_timing',
      ],
    });
    await page.goto(url, { waitUntil: storage?.token ? 'load' : 'networkidle' });
    if (storage?.token) await page.waitForTimeout(3000);
    // Settled: the main thread idle twice in a row and the network quiet again (on a loaded machine the network can
    // be quiet for 500 ms while the page's code still runs, and the load's work would be cut short).
    await page.evaluate<void>(
      'new Promise((done) => requestIdleCallback(() => requestIdleCallback(() => done(), { timeout: 5000 }), { timeout: 5000 }))',
    );
    if (!storage?.token) await page.waitForLoadState('networkidle');
    const events = traceEvents(await browser.stopTracing());
    const isTask = (e: TraceEvent) => e.ph === 'X' && e.name === 'RunTask';
    // The page's main thread: the renderer main thread that did the most work.
    const { pid, tid } = pageMainThread(events, (m) =>
      events
        .filter((e) => e.pid === m.pid && e.tid === m.tid && isTask(e))
        .reduce((sum, e) => sum + threadMs(e), 0),
    );
    const tasks = events.filter((e) => e.pid === pid && e.tid === tid && isTask(e));
    const navStart = navigationStart(events, pid, url, tasks);
    const own = tasks.filter((t) => t.ts >= navStart);
    // What the first paint waits for: the document and the requests the browser marks render-blocking.
    const blocking = new Set(
      events
        .filter(
          (e) =>
            e.name === 'ResourceSendRequest' &&
            ['blocking', 'in_body_parser_blocking'].includes(e.args?.data?.renderBlocking ?? ''),
        )
        .map((e) => e.args?.data?.url ?? ''),
    );
    return {
      busyMs: own.reduce((sum, t) => sum + threadMs(t), 0),
      longTasks: own.filter((t) => threadMs(t) >= GUARD.longTaskMs).length,
      chainBeforePaint: longestChain(requests, (i) => i === 0 || blocking.has(requests[i]?.url ?? '')),
      chain: longestChain(requests),
    };
  } finally {
    await context.close();
  }
}

function fmtLoads(loads: readonly Load[]): string {
  return loads.map((l) => Math.round(l.busyMs)).join(', ');
}

async function main(): Promise<void> {
  // Loaded here, not at the top: the unit test of the verdict needs neither Playwright nor the servers.
  const { sitePortsFrom, startSite } = await import('../site/composed-site.ts');
  const { pageSetup, browserVersion } = await import('./lighthouse.ts');
  const { APPS, chromiumPath, loadPlaywrightChromium, option } = await import('../lib.ts');
  const { currentBuilds, openReleaseBuilds } = await import('../release/builds.ts');
  const { existsSync } = await import('node:fs');

  const started = Date.now();
  const aa = process.argv.includes('--aa');
  const pairs = Number(option('pairs') ?? GUARD.pairs);
  const base = Number(process.env.PERF_GUARD_PORT_BASE ?? 4900);
  const portsA = sitePortsFrom(base);
  const portsB = sitePortsFrom(Number(process.env.PERF_GUARD_PREVIOUS_PORT_BASE ?? base + 10));
  const pages = (option('pages')?.split(',') ?? GUARD.pages).filter(Boolean);
  const kinds = (option('kinds')?.split(',') ?? GUARD.interactions.kinds).filter(Boolean);
  const { CPU_SLOWDOWN, KINDS, measureKind } = await import('./interactions.ts');
  for (const kind of kinds)
    if (!(KINDS as readonly string[]).includes(kind)) throw new Error(`no interaction ${kind}`);

  const given = process.env.PERF_GUARD_CURRENT;
  const current = await currentBuilds();
  // A folder given (a throwaway worktree): the apps it has a build of, this tree's builds for the others.
  const distsA = given
    ? Object.fromEntries(
        APPS.map((app) => {
          const dist = path.join(given, path.basename(app.dir), 'dist');
          return [
            app.name,
            existsSync(path.join(dist, 'release.json')) ? dist : (current[app.name] as string),
          ];
        }),
      )
    : current;
  const builds = openReleaseBuilds('perf-guard-builds');
  const served: { close(): Promise<void> }[] = [];
  let browser: GuardBrowser | undefined;
  try {
    const distsB = aa ? distsA : await builds.previous();
    console.log(
      `Performance guard on ${cpus().length} cores, ${browserVersion()}: ${aa ? 'A/A (the current build against itself)' : 'the current build (A) against the previous release (B)'}, ${pairs} alternating pairs per page; fails when the median paired ratio of main-thread work is over ×${GUARD.maxRatio}, or a page's long tasks or request chains are over its budget`,
    );
    // Each site with its own API, whose public URL is the site's (the addresses it answers with, logos and files, are
    // then the site's own on both sides, as in production), and its host in a process of its own: a host's render
    // server keeps one remote per name per process, so each site's pages are rendered with its own remotes.
    served.push(await startSite('perf-guard-a', portsA, distsA));
    served.push(await startSite('perf-guard-b', portsB, distsB));
    const setupA = await pageSetup(`http://localhost:${portsA.host}`, pages);
    const setupB = await pageSetup(`http://localhost:${portsB.host}`, pages);
    const chromium = await loadPlaywrightChromium<Chromium>();
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const b = browser;
    const measure = async (page: string, n: number, flip: boolean): Promise<PageRun> => {
      const run: PageRun = { page, a: [], b: [] };
      const a = setupA(page);
      const other = setupB(page);
      for (let i = 0; i < n; i++) {
        // A B, B A, A B, …: neither side always goes first (a warmer disk cache, a quieter moment).
        const aFirst = (i % 2 === 0) !== flip;
        if (aFirst) {
          run.a.push(await measureLoad(b, a.url, a.storage));
          run.b.push(await measureLoad(b, other.url, other.storage));
        } else {
          run.b.push(await measureLoad(b, other.url, other.storage));
          run.a.push(await measureLoad(b, a.url, a.storage));
        }
      }
      return run;
    };
    // One load on each side first, not counted: the API's and the servers' first answers.
    if (pages[0]) await measure(pages[0], 1, false);

    const results: { run: PageRun; verdict: PageVerdict }[] = [];
    for (const page of pages) {
      const limits = { maxRatio: GUARD.maxRatio, minPairs: pairs, budget: GUARD.budgets[page] };
      let run = await measure(page, pairs, false);
      let v = pageVerdict(run, limits);
      if (v.measureAgain) {
        console.log(`  ${page}: ${v.failures.join('; ')} — measured again with ${pairs} more pairs`);
        run = morePairs(run, await measure(page, pairs, true));
        v = pageVerdict(run, { ...limits, minPairs: 2 * pairs });
      }
      results.push({ run, verdict: v });
      const last = run.a.at(-1);
      console.log(
        `${page.padEnd(26)} ×${v.ratio.toFixed(2)} (pairs ${v.ratios.map((r) => r.toFixed(2)).join(' ')})  A ${fmtLoads(run.a)} ms · B ${fmtLoads(run.b)} ms  long tasks A ${run.a.map((l) => l.longTasks).join('/')} B ${run.b.map((l) => l.longTasks).join('/')}  chains A ${last?.chainBeforePaint}/${last?.chain} B ${run.b.at(-1)?.chainBeforePaint}/${run.b.at(-1)?.chain}  ${v.failures.length ? 'FAILED' : 'ok'}`,
      );
    }
    const ix = GUARD.interactions;
    const sites = [portsA, portsB].map((ports) => ({
      origin: `http://localhost:${ports.host}`,
      api: `http://127.0.0.1:${ports.api}/api/v1`,
    }));
    const sessions = new Map();
    const measureBlocks = async (kind: string, n: number, flip: boolean): Promise<InteractionRun> => {
      const run: InteractionRun = { kind, a: [], b: [] };
      const block = async (side: 0 | 1): Promise<number[]> => {
        const site = sites[side] as { origin: string; api: string };
        try {
          return await measureKind(b, site, kind as never, ix.runs, sessions);
        } catch (error) {
          // One step timing out on a loaded machine (30 s) is not the build's latency: the block once more.
          console.log(
            `  ${kind} on ${side ? 'B' : 'A'}: ${(error as Error).message.split('\n')[0]}, measured again`,
          );
          return measureKind(b, site, kind as never, ix.runs, sessions);
        }
      };
      for (let i = 0; i < n; i++) {
        // A B, B A, …: neither side always goes first.
        if ((i % 2 === 0) !== flip) {
          run.a.push(await block(0));
          run.b.push(await block(1));
        } else {
          run.b.push(await block(1));
          run.a.push(await block(0));
        }
      }
      return run;
    };
    if (kinds.length > 0)
      console.log(
        `Interactions (CPU ${CPU_SLOWDOWN}× slower, input → next paint): ${ix.pairs} pairs of blocks of ${ix.runs} per kind; fails when the median paired ratio of latencies and the ratio of all samples' medians are over ×${ix.maxRatio}, A more than ${ix.minDeltaMs} ms slower`,
      );
    const interactionResults: InteractionVerdict[] = [];
    for (const kind of kinds) {
      const limits = { maxRatio: ix.maxRatio, minPairs: ix.pairs, minDeltaMs: ix.minDeltaMs };
      let run = await measureBlocks(kind, ix.pairs, false);
      let v = interactionVerdict(run, limits);
      if (v.failures.length > 0) {
        console.log(
          `  ${kind}: ×${v.ratio.toFixed(2)} over the limit, measured again with ${ix.pairs} more pairs`,
        );
        run = moreBlocks(run, await measureBlocks(kind, ix.pairs, true));
        v = interactionVerdict(run, { ...limits, minPairs: 2 * ix.pairs });
      }
      interactionResults.push(v);
      const blocks = (side: number[][]) => side.map((s) => Math.round(median(s))).join(', ');
      console.log(
        `${kind.padEnd(26)} ×${v.ratio.toFixed(2)} (pairs ${v.ratios.map((r) => r.toFixed(2)).join(' ')})  median A ${Math.round(v.aMs)} ms · B ${Math.round(v.bMs)} ms  blocks A ${blocks(run.a)} · B ${blocks(run.b)} ms  ${v.failures.length ? 'FAILED' : 'ok'}`,
      );
    }
    const failures = [
      ...results.flatMap((r) => r.verdict.failures),
      ...interactionResults.flatMap((r) => r.failures),
    ];
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log('');
    if (failures.length === 0) {
      console.log(`✔ performance guard passed in ${seconds} s`);
      return;
    }
    console.log(`✘ performance guard FAILED in ${seconds} s:\n  ${failures.join('\n  ')}`);
    console.log('Find the cause with scripts/perf/long-tasks.ts (where a load spends its main thread).');
    process.exitCode = 1;
  } finally {
    await browser?.close();
    for (const site of served.reverse()) await site.close();
    builds.close();
  }
}

if (import.meta.main) await main();
