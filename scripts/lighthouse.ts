/**
 * Page-speed benchmark (issue 8; not a test): Lighthouse's mobile preset on /home, /service and /tender of
 * the composed production site (API with a fresh seeded DATA_DIR, host and three remotes each on its own
 * origin), driving Debian's Chromium. Prints per page the performance score, LCP, TBT, CLS, FCP and the
 * JavaScript transferred, checks the targets (score ≥ 95, CLS ≤ 0.05) and saves the HTML + JSON reports
 * under .artifacts/lighthouse/. Exits 0 when a target is missed (it is a benchmark): the verdict is printed.
 *
 *   pnpm exec node scripts/lighthouse.ts [--runs=N] [--pages=/home,/tender] [--json=<file>]
 *
 * Env: LIGHTHOUSE_PORT_BASE (4500: host on it, remotes +1..+3, API +100), LIGHTHOUSE_RUNS (3; the run
 * with the median score is kept), CHROMIUM_PATH (`which chromium`). Builds the apps when a dist/ is missing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { sitePortsFrom, withComposedSite } from './composed-site.ts';
import { chromiumPath, option, ROOT } from './lib.ts';

export const TARGETS = { score: 95, cls: 0.05 } as const;
export const DEFAULT_PAGES = ['/home', '/service', '/tender'];

export interface PageFigures {
  page: string;
  /** 0–100 */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Script bytes transferred (compressed, as on the wire). */
  jsBytes: number;
  /** Runs taken; the figures are those of the run with the median score. */
  runs: number;
  meetsScore: boolean;
  meetsCls: boolean;
  report: string;
}

interface AuditLike {
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number }[] };
}

function numeric(audits: Record<string, AuditLike>, id: string): number {
  return audits[id]?.numericValue ?? Number.NaN;
}

function scriptBytes(audits: Record<string, AuditLike>): number {
  const items = audits['network-requests']?.details?.items ?? [];
  return items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

export const fmtMs = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '–');
export const fmtKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printTable(rows: PageFigures[]): void {
  const header = ['page', 'score', 'LCP', 'TBT', 'CLS', 'FCP', 'JS transferred', 'targets'];
  const lines = rows.map((r) => [
    r.page,
    String(r.score),
    fmtMs(r.lcpMs),
    fmtMs(r.tbtMs),
    r.cls.toFixed(3),
    fmtMs(r.fcpMs),
    fmtKb(r.jsBytes),
    [
      r.meetsScore ? `score ≥ ${TARGETS.score} met` : `score ≥ ${TARGETS.score} MISSED`,
      r.meetsCls ? `CLS ≤ ${TARGETS.cls} met` : `CLS ≤ ${TARGETS.cls} MISSED`,
    ].join(', '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
}

interface Attempt {
  score: number;
  report: string[];
  audits: Record<string, AuditLike>;
}

const MAX_FAILURES = 3;

/** One Lighthouse run in a fresh Chromium (no state carried from one run to the next). */
async function audit(url: string): Promise<Attempt | { error: string }> {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      output: ['html', 'json'],
    });
    if (!result) return { error: 'Lighthouse returned no result' };
    const { lhr } = result;
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      report: Array.isArray(result.report) ? result.report : [result.report],
      audits: lhr.audits as Record<string, AuditLike>,
    };
  } finally {
    chrome.kill();
  }
}

export async function runLighthouse(
  options: { pages?: string[]; runs?: number; portBase?: number } = {},
): Promise<PageFigures[]> {
  const pages = options.pages ?? DEFAULT_PAGES;
  const runs = Math.max(1, options.runs ?? 3);
  const ports = sitePortsFrom(options.portBase ?? 4500);
  const outDir = path.join(ROOT, '.artifacts', 'lighthouse');
  mkdirSync(outDir, { recursive: true });
  // Reports are output, not sources.
  writeFileSync(path.join(outDir, '.gitignore'), '*\n');

  return withComposedSite(ports, async (origin) => {
    // Warm the servers (file stats, the API proxy, the first database queries): not the page's speed.
    await audit(`${origin}/home`);

    const results: PageFigures[] = [];
    for (const page of pages) {
      const attempts: Attempt[] = [];
      let failures = 0;
      while (attempts.length < runs) {
        const attempt = await audit(`${origin}${page}`);
        if ('error' in attempt) {
          // A trace Lighthouse could not read (NO_NAVSTART and the like, frequent on a busy machine):
          // not a figure; try again, a few times.
          failures += 1;
          console.warn(`  ${page}: ${attempt.error}${failures <= MAX_FAILURES ? ' (retrying)' : ''}`);
          if (failures > MAX_FAILURES) break;
          continue;
        }
        attempts.push(attempt);
        process.stdout.write(`  ${page} run ${attempts.length}/${runs}: ${attempt.score}\n`);
      }
      if (attempts.length === 0) throw new Error(`Lighthouse could not measure ${page}`);
      attempts.sort((a, b) => a.score - b.score);
      const median = attempts[Math.floor((attempts.length - 1) / 2)]!;
      const name = page.replace(/^\//, '').replace(/\W+/g, '-') || 'root';
      const htmlFile = path.join(outDir, `${name}.report.html`);
      writeFileSync(htmlFile, median.report[0] ?? '');
      writeFileSync(path.join(outDir, `${name}.report.json`), median.report[1] ?? '');
      const cls = numeric(median.audits, 'cumulative-layout-shift');
      results.push({
        page,
        score: median.score,
        lcpMs: numeric(median.audits, 'largest-contentful-paint'),
        tbtMs: numeric(median.audits, 'total-blocking-time'),
        cls,
        fcpMs: numeric(median.audits, 'first-contentful-paint'),
        jsBytes: scriptBytes(median.audits),
        runs: attempts.length,
        meetsScore: median.score >= TARGETS.score,
        meetsCls: cls <= TARGETS.cls,
        report: path.relative(ROOT, htmlFile),
      });
    }
    return results;
  });
}

export function lighthouseVersion(): string {
  const manifest = path.join(ROOT, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}`;
}

if (import.meta.main) {
  const pages = option('pages')?.split(',').filter(Boolean);
  const runs = Number(option('runs') ?? process.env.LIGHTHOUSE_RUNS ?? 3);
  const portBase = Number(process.env.LIGHTHOUSE_PORT_BASE ?? 4500);
  console.log(`Lighthouse ${lighthouseVersion()} (mobile preset, simulated throttling) on ${machineLine()}`);
  const rows = await runLighthouse({ ...(pages ? { pages } : {}), runs, portBase });
  console.log('');
  printTable(rows);
  const missed = rows.filter((r) => !r.meetsScore || !r.meetsCls);
  console.log('');
  console.log(
    missed.length === 0
      ? `All targets met (performance ≥ ${TARGETS.score}, CLS ≤ ${TARGETS.cls} on every page).`
      : `Targets missed on ${missed.map((r) => r.page).join(', ')} (performance ≥ ${TARGETS.score}, CLS ≤ ${TARGETS.cls}).`,
  );
  console.log(`Reports: .artifacts/lighthouse/<page>.report.html|json`);
  const jsonOut = option('json');
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 2));
  process.exit(0);
}
