/**
 * Where a page's Total Blocking Time comes from (a developer's tool, not a test): loads pages of the
 * composed production site in headless Chromium with a main-thread trace and a CPU profile, and prints each
 * long task of the page load — its duration, what the browser did in it (script evaluation, style, layout)
 * and the source functions that took its time (source-mapped against the apps' dist/*.map).
 *
 *   pnpm exec node scripts/perf/long-tasks.ts [--pages=/service,ar:/tender,bidder:/account] [--runs=3] [--min=8] [--summary] [--inclusive=N] [--previous]
 *
 * Pages are written as for scripts/perf/lighthouse.ts: `ar:` in Arabic, `bidder:`/`owner:`/`admin:` signed in as that
 * demo account, `{company}`/`{tender}` in a path, and the sets `public`, `signed-in`, `all`.
 *
 * Durations are unthrottled thread time. Lighthouse's mobile preset simulates a 4× slower CPU and counts
 * the part of each task over 50 ms, so a task blocks from ≈ 12.5 ms here; the "≈ TBT" line is
 * Σ max(0, 4 × task − 50 ms), a rough guide to what Lighthouse will report (it also models the network).
 * Each run also prints the main thread's whole work during the load as thread time ("busy"), and the end a table
 * of its median per page: a figure that hardly moves when other processes share the cores (`--summary`: only
 * those lines).
 * `--previous`: the previous release's build of every app (scripts/release/builds.ts, as the Lighthouse bench's B)
 * instead of the current one, to see where a page's blocking time went between the two.
 * Env: LONG_TASKS_PORT_BASE (4600: host on it, remotes +1..+3, API +100), CHROMIUM_PATH, BAWABA_RELEASE_BUILDS
 * (with --previous: a work folder whose previous releases are reused).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { APPS, chromiumPath, loadPlaywrightChromium, option } from '../lib.ts';
import { openReleaseBuilds } from '../release/builds.ts';
import { type SitePorts, sitePortsFrom, startSite, withComposedSite } from '../site/composed-site.ts';
import { type Cookies, expandPages, pageSetup } from './lighthouse.ts';
import {
  navigationStart,
  type ProfileNode,
  pageMainThread,
  type TraceEvent,
  threadMs,
  traceEvents,
} from './trace.ts';

/** The part of Playwright this script uses (see loadPlaywrightChromium). */
interface TracedPage {
  addInitScript(script: { content: string }): Promise<void>;
  context(): {
    addCookies(
      cookies: {
        name: string;
        value: string;
        domain: string;
        path: string;
        secure: boolean;
        httpOnly: boolean;
      }[],
    ): Promise<void>;
  };
  goto(url: string, options: { waitUntil: 'networkidle' | 'load' }): Promise<unknown>;
  waitForTimeout(ms: number): Promise<void>;
}
interface TracingBrowser {
  newPage(options: {
    viewport: { width: number; height: number };
    deviceScaleFactor: number;
  }): Promise<TracedPage>;
  startTracing(page: TracedPage, options: { categories: string[] }): Promise<void>;
  stopTracing(): Promise<Buffer>;
  close(): Promise<void>;
}
interface Chromium {
  launch(options: { executablePath: string; args: string[] }): Promise<TracingBrowser>;
}

/** Each app's build being measured: its dist/ (the current build's, or with --previous the previous release's). */
let dists: Record<string, string> = Object.fromEntries(
  APPS.map((app) => [app.name, path.join(app.dir, 'dist')]),
);

function symbolizer(ports: SitePorts) {
  // Each app's origin (its port) → its build, where the source maps are.
  const dirs = new Map<number, string>();
  for (const app of APPS) {
    const port = app.kind === 'host' ? ports.host : ports.remotes[app.name];
    const dist = dists[app.name];
    if (port !== undefined && dist) dirs.set(port, dist);
  }
  const maps = new Map<string, TraceMap>();
  return (url: string, line: number, column: number, fn: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `${fn || '(anonymous)'} ${url || '(native)'}`;
    }
    const dir = dirs.get(Number(parsed.port));
    const file = dir ? path.join(dir, parsed.pathname) : '';
    if (!file || !existsSync(`${file}.map`)) return `${fn || '(anonymous)'} ${parsed.pathname}:${line + 1}`;
    let map = maps.get(file);
    if (!map) {
      map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
      maps.set(file, map);
    }
    const pos = originalPositionFor(map, { line: line + 1, column });
    const source = (pos.source ?? parsed.pathname)
      .replace(/^webpack:\/\/[^/]*\//, '')
      .replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');
    return `${pos.name ?? fn ?? '(anonymous)'} ${source}:${pos.line ?? '?'}`;
  };
}

/** `--inclusive=N`: also the N frames each long task spent the most time under (its callers, not only leaves). */
const INCLUSIVE = Number(option('inclusive') ?? 0);

interface Sample {
  ts: number;
  node: number;
}

function profileSamples(
  events: TraceEvent[],
  pid: number,
): { samples: Sample[]; nodes: Map<number, ProfileNode> } {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  const starts = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile' && e.id) starts.set(e.id, e.args?.data?.startTime ?? e.ts);
  }
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk' || !e.id) continue;
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    let t = clock.get(e.id) ?? starts.get(e.id) ?? e.ts;
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((node, i) => {
      t += deltas[i] ?? 0;
      samples.push({ ts: t, node });
    });
    clock.set(e.id, t);
  }
  samples.sort((a, b) => a.ts - b.ts);
  return { samples, nodes };
}

interface TaskReport {
  startMs: number;
  durMs: number;
  kinds: string[];
  top: string[];
}

async function tracePage(
  url: string,
  ports: SitePorts,
  minMs: number,
  storage?: Record<string, string>,
  cookies: Cookies = {},
): Promise<{ tasks: TaskReport[]; busyMs: number }> {
  const chromium = await loadPlaywrightChromium<Chromium>();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    // The language and navigation cookies, as a returning browser has them: the server renders the page with them.
    await page.context().addCookies(
      Object.entries(cookies).map(([name, value]) => ({
        name,
        value,
        domain: new URL(url).hostname,
        path: '/',
        secure: name.startsWith('__Host-'),
        httpOnly: name.startsWith('__Host-'),
      })),
    );
    if (storage) {
      // The language and session the app reads from localStorage, there before its first script runs.
      const origin = new URL(url).origin;
      const sets = Object.entries(storage)
        .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
        .join('');
      await page.addInitScript({
        content: `if (location.origin === ${JSON.stringify(origin)} && !sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); ${sets} }`,
      });
    }
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-v8.cpu_profiler',
        'v8.execute',
        'toplevel',
        // navigationStart: which renderer loaded the page, and when.
        'blink.user_timing',
      ],
    });
    // Signed-in pages hold the live notification stream open: the network is never idle.
    await page.goto(url, { waitUntil: storage?.token ? 'load' : 'networkidle' });
    if (storage?.token) await page.waitForTimeout(3000);
    await page.waitForTimeout(1500);
    const events = traceEvents(await browser.stopTracing());
    // The page's renderer: the main thread with the most profile samples.
    const { pid, tid } = pageMainThread(
      events,
      (m) => events.filter((e) => e.pid === m.pid && e.name === 'ProfileChunk').length,
    );
    const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
    const tasks = onMain.filter((e) => e.name === 'RunTask' && threadMs(e) >= minMs);
    const navStart = navigationStart(events, pid, url, tasks);
    // The main thread's whole work during the load, as thread time (CPU time of that thread): unlike durations,
    // it hardly grows when other processes share the cores, so before/after compare on a busy machine too.
    const busyMs = onMain
      .filter((e) => e.name === 'RunTask' && e.ts >= navStart)
      .reduce((sum, e) => sum + threadMs(e), 0);
    const { samples, nodes } = profileSamples(events, pid);
    const symbolize = symbolizer(ports);
    const reports = tasks.map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
      const kinds = new Map<string, number>();
      for (const e of inside) {
        if (
          ![
            'EvaluateScript',
            'FunctionCall',
            'UpdateLayoutTree',
            'Layout',
            'Paint',
            'ParseHTML',
            'v8.compile',
            'TimerFire',
            'FireAnimationFrame',
            'EventDispatch',
            'ParseAuthorStyleSheet',
          ].includes(e.name)
        )
          continue;
        const label =
          e.name === 'EvaluateScript' ? `Evaluate ${path.basename(e.args?.data?.url ?? '')}` : e.name;
        kinds.set(label, (kinds.get(label) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const self = new Map<string, number>();
      const inclusive = new Map<string, number>();
      let previous = task.ts;
      for (const s of samples) {
        if (s.ts < task.ts) continue;
        if (s.ts > end) break;
        const node = nodes.get(s.node);
        const frame = node?.callFrame;
        const ms = (s.ts - previous) / 1000;
        previous = s.ts;
        if (!frame || ['(idle)', '(program)', '(root)'].includes(frame.functionName)) continue;
        const key =
          frame.functionName === '(garbage collector)'
            ? '(garbage collector)'
            : symbolize(frame.url, frame.lineNumber, frame.columnNumber, frame.functionName);
        self.set(key.slice(0, 140), (self.get(key.slice(0, 140)) ?? 0) + ms);
        // Inclusive time: every frame on the sample's stack, once (which caller the task's time went through).
        if (!INCLUSIVE) continue;
        const seen = new Set<string>();
        for (
          let n: ProfileNode | undefined = node;
          n;
          n = n.parent === undefined ? undefined : nodes.get(n.parent)
        ) {
          const f = n.callFrame;
          if (!f.url) continue;
          const name = symbolize(f.url, f.lineNumber, f.columnNumber, f.functionName).slice(0, 140);
          if (seen.has(name)) continue;
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
        }
      }
      const fmt = (m: Map<string, number>, n: number) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .filter(([, ms]) => ms >= 0.5)
          .map(([k, ms]) => `${ms.toFixed(1).padStart(5)} ms  ${k}`);
      return {
        startMs: (task.ts - navStart) / 1000,
        durMs: threadMs(task),
        kinds: fmt(kinds, 6),
        top: [...fmt(self, 10), ...(INCLUSIVE ? ['inclusive:', ...fmt(inclusive, INCLUSIVE)] : [])],
      };
    });
    return { tasks: reports, busyMs };
  } finally {
    await browser.close();
  }
}

/** The current build's site (in this process), or with --previous the previous release's (scripts/release/builds.ts). */
async function onSite(ports: SitePorts, use: (origin: string) => Promise<void>): Promise<void> {
  if (!process.argv.includes('--previous')) return withComposedSite(ports, use);
  const builds = openReleaseBuilds('long-tasks-builds');
  try {
    dists = await builds.previous();
    const site = await startSite('long-tasks-previous', ports, dists);
    try {
      await use(site.origin);
    } finally {
      await site.close();
    }
  } finally {
    builds.close();
  }
}

async function main(): Promise<void> {
  const pages = expandPages((option('pages') ?? '/home,/service,/tender').split(','));
  const runs = Number(option('runs') ?? 1);
  const minMs = Number(option('min') ?? 8);
  const summaryOnly = process.argv.includes('--summary');
  const summary: string[] = [];
  const ports = sitePortsFrom(Number(process.env.LONG_TASKS_PORT_BASE ?? 4600));
  await onSite(ports, async (origin) => {
    const setup = await pageSetup(origin, pages);
    await tracePage(`${origin}/home`, ports, minMs); // warm-up: file stats, the API proxy, the first queries
    for (const page of pages) {
      const { url, storage, cookies } = setup(page);
      const busy: number[] = [];
      for (let r = 1; r <= runs; r++) {
        const { tasks, busyMs } = await tracePage(url, ports, minMs, storage, cookies);
        busy.push(busyMs);
        const tbt = tasks.reduce((sum, t) => sum + Math.max(0, 4 * t.durMs - 50), 0);
        console.log(
          `${summaryOnly ? '' : '\n'}=== ${page} run ${r}: main thread busy ${Math.round(busyMs)} ms, ${tasks.length} tasks ≥ ${minMs} ms, ≈ TBT ${Math.round(tbt)} ms`,
        );
        if (summaryOnly) continue;
        for (const t of tasks) {
          console.log(`-- at ${t.startMs.toFixed(0)} ms: ${t.durMs.toFixed(1)} ms`);
          for (const k of t.kinds) console.log(`     ${k}`);
          for (const line of t.top) console.log(`       ${line}`);
        }
      }
      busy.sort((a, b) => a - b);
      summary.push(
        `${page.padEnd(36)} ${String(Math.round(busy[Math.floor((busy.length - 1) / 2)] ?? 0)).padStart(5)} ms  (${Math.round(busy[0] ?? 0)}–${Math.round(busy.at(-1) ?? 0)})`,
      );
    }
  });
  console.log(`\nMain thread busy during the load (thread time, median of ${runs}; min–max):`);
  for (const line of summary) console.log(line);
}

await main();
