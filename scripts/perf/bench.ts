/**
 * `pnpm bench` (`./bawaba bench`): every issue-8 figure in one run, then a summary.
 * 1. The API benchmark (`pnpm --filter @bawaba/api bench`, owned by api/bench) with DATABASE_URL on a throwaway
 *    PostgreSQL (scripts/site/pg.sh, its own port and folder, stopped afterwards): PostgreSQL and PGlite runs, SSE on
 *    one and two processes; with BALANCER=1 also behind nginx (scripts/site/nginx.ts, installed when absent): directory
 *    search straight to one process, nginx → one, nginx → two (same run), and SSE streams through nginx over two
 *    processes (docs/topology.md). When that output has no PGlite figures, a second run without
 *    DATABASE_URL.
 * 1b. Search quality (api/bench/search-quality.ts): the gold set's recall@10 and MRR over the demo seed
 *    (docs/api/search.md); the search speed runs are part of 1 (`search:` rows).
 * 1c. Open data's bulk export (api/bench/ocds-export.ts): the monthly bulk file of 2 500, 5 000 and 10 000 generated
 *    tenders streamed — how long each takes and the API's peak live heap, which stays flat as the data grows
 *    (docs/open-data.md).
 * 2. The size budget (scripts/perf/size-budget.ts), when it exists.
 * 3. Lighthouse (scripts/perf/lighthouse.ts): mobile preset on every public route and the signed-in pages, in English and
 *    Arabic (every route, `all`), 5 runs each, the median kept, for the current build and the previous release's in
 *    turn (A1 B1 A2 B2 …); each page against every target (score, TBT, CLS, LCP) and against the previous release
 *    (A/B of LCP and TBT, A − B of the score). LIGHTHOUSE_PAGES narrows it (e.g. `default`: /home, /service,
 *    /tender); LIGHTHOUSE_PREVIOUS=0 measures the current build alone (half the time).
 * 4. Interactions (scripts/perf/interactions.ts): INP-style latency (input → next paint) of seven interactions at 4× CPU
 *    slowdown, p75 over 10 repetitions against ≤ 100 ms.
 * A benchmark, not a test: it exits 0 when a target is missed, and 1 only when a step could not run.
 *
 * Env: BENCH_SKIP (comma list of api-pg, api-pglite, search-quality, ocds-export, size, lighthouse, interactions), BENCH_PG_PORT (5434), plus what
 * each step reads (api/bench: COMPANIES, DURATION, CONNECTIONS, SSE_STREAMS…; LIGHTHOUSE_RUNS (5),
 * LIGHTHOUSE_PAGES (all; a comma list as lighthouse.ts --pages), LIGHTHOUSE_PORT_BASE, LIGHTHOUSE_PREVIOUS_PORT_BASE,
 * LIGHTHOUSE_PREVIOUS; INTERACTIONS_RUNS, INTERACTIONS_PORT_BASE).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPS, PNPM, printColumns, ROOT, run } from '../lib.ts';
import { chromiumVersion, printInteractionTable, runInteractions } from './interactions.ts';
import { browserVersion, lighthouseVersion, machineLine, runLighthouse } from './lighthouse.ts';
import {
  measuresPrevious,
  type PageResult,
  summaryLine,
  TABLE_HEADER,
  tableRows,
} from './lighthouse-figures.ts';

const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const PG_PORT = process.env.BENCH_PG_PORT ?? '5434';
const started = Date.now();

interface StepResult {
  name: string;
  ok: boolean;
  /** Lines for the summary. */
  lines: string[];
}
const results: StepResult[] = [];

function banner(title: string): void {
  console.log(`\n${'='.repeat(100)}\n${title}\n${'='.repeat(100)}`);
}

/** Run a command, echoing its output, and resolve with its exit code and what it printed. */
function capture(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ code: 1, out: `${out}\n${String(error)}` }));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

/**
 * The API benchmark prints one JSON object per HTTP run ({"database", "run", "req/s", "x bare", "p99 ms",
 * "target"}) and per SSE setup ({"setup", "streams", "server RSS", "all ms", "target"}); the summary keeps
 * those (whatever else api/bench prints is in the full output above).
 */
function apiSummary(out: string): string[] {
  const lines: string[] = [];
  for (const raw of out.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('{') && line.includes('req/s')) {
      try {
        const row = JSON.parse(line) as Record<string, unknown>;
        const ratio = row['x bare'] ?? row['vs bare'] ?? row.ratio;
        const target = typeof row.target === 'string' && row.target ? `  ${row.target}` : '';
        lines.push(
          `${row.database ? `${String(row.database)}: ` : ''}${String(row.run ?? '?')}`.padEnd(60) +
            ` ${String(row['req/s']).padStart(7)} req/s${ratio !== undefined ? ` (${String(ratio)}× bare)` : ''}  p99 ${String(row['p99 ms'])} ms${target}`,
        );
      } catch {
        lines.push(line);
      }
    } else if (line.startsWith('{') && line.includes('"setup"')) {
      // An SSE row: {"setup", "streams", "server RSS", "p50 ms", "all ms", "target", …}
      try {
        const row = JSON.parse(line) as Record<string, unknown>;
        lines.push(
          `SSE ${String(row.setup)}: ${String(row.streams)} streams, RSS ${String(row['server RSS'])}, one event reached ${String(row.reached)} in ${String(row['all ms'])} ms (p50 ${String(row['p50 ms'])} ms)${row.target ? `  ${String(row.target)}` : ''}`,
        );
      } catch {
        lines.push(line);
      }
    } else if (/^(database:|\d+ streams open|one event →)/.test(line)) {
      // The earlier plain-text format of api/bench.
      lines.push(line);
    }
  }
  // api/bench may repeat rows in its closing tables.
  return [...new Set(lines)];
}

async function apiBench(label: string, env: NodeJS.ProcessEnv): Promise<string> {
  banner(`API benchmark on ${label}`);
  const { code, out } = await capture(PNPM, ['--filter', '@bawaba/api', 'bench'], env);
  results.push({
    name: `API benchmark (${label})`,
    ok: code === 0,
    lines: code === 0 ? apiSummary(out) : [`failed (exit ${code}); see the output above`],
  });
  return code === 0 ? out : '';
}

function pgScript(action: 'start' | 'stop'): Promise<{ code: number; out: string }> {
  return capture('bash', [path.join(ROOT, 'scripts', 'site', 'pg.sh'), action], { ...process.env, PG_PORT });
}

console.log(`Bawaba benchmarks on ${machineLine()}; ${new Date().toISOString()}`);

// 1. API: one run with DATABASE_URL covers PostgreSQL (and, in api/bench's current form, PGlite too); PGlite
// gets its own run when that output has none.
let apiOut = '';
if (!skip.has('api-pg')) {
  const pg = await pgScript('start');
  const url = pg.out.trim().split('\n').at(-1) ?? '';
  if (pg.code !== 0 || !url.startsWith('postgres://')) {
    results.push({ name: 'API on PostgreSQL', ok: false, lines: ['throwaway PostgreSQL did not start'] });
  } else {
    try {
      apiOut = await apiBench(`PostgreSQL (throwaway, port ${PG_PORT})`, {
        BALANCER: '1',
        ...process.env,
        DATABASE_URL: url,
      });
    } finally {
      await pgScript('stop');
    }
  }
}
// PGlite figures in that output: a JSON row of api/bench, or its earlier plain "database: pglite" line.
if (!skip.has('api-pglite') && !/"database":"PGlite"|database: pglite/.test(apiOut)) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  await apiBench('PGlite', env);
}

// 1b. Search quality: the gold set's figures (one JSON line with "recall@10").
if (!skip.has('search-quality')) {
  banner('Search quality (gold set over the demo seed)');
  const { code, out } = await capture(PNPM, [
    '--filter',
    '@bawaba/api',
    'exec',
    'node',
    'bench/search-quality.ts',
  ]);
  const line = out.split('\n').find((l) => l.trim().startsWith('{') && l.includes('"recall@10"'));
  const row = line ? (JSON.parse(line) as Record<string, unknown>) : null;
  results.push({
    name: 'Search quality (gold set)',
    ok: code === 0 && row !== null,
    lines: row
      ? [
          `${String(row.queries)} queries: recall@10 ${String(row['recall@10'])}, MRR ${String(row.MRR)}, ${String(row['ms/query'])} ms a query  ${String(row.target)}`,
        ]
      : [`failed (exit ${code}); see the output above`],
  });
}

// 1c. Open data's bulk export: one JSON line per size ({"ocds-export": N, …}).
if (!skip.has('ocds-export')) {
  banner("Open data's bulk export (OCDS, 2 500 / 5 000 / 10 000 tenders)");
  const { code, out } = await capture(PNPM, [
    '--filter',
    '@bawaba/api',
    'exec',
    'node',
    '--expose-gc',
    'bench/ocds-export.ts',
  ]);
  const sizes = out
    .split('\n')
    .filter((l) => l.trim().startsWith('{') && l.includes('"ocds-export"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  results.push({
    name: "Open data's bulk export",
    ok: code === 0 && sizes.length > 0,
    lines:
      sizes.length > 0
        ? sizes.map(
            (r) =>
              `${String(r['ocds-export'])} tenders (${String(r.releases)} releases, ${String(r['JSON MB'])} MB of JSON): streamed in ${String(r['export s'])} s, peak live heap +${String(r['peak live heap +MB'])} MB (${String(r.database)})`,
          )
        : [`failed (exit ${code}); see the output above`],
  });
}

// 2. Size budget (by the bundle work), needs the production build.
const missing = APPS.filter((app) => !existsSync(path.join(app.dir, 'dist', 'index.html')));
if (missing.length > 0 && !(skip.has('size') && skip.has('lighthouse'))) {
  banner('Production build (dist/ missing)');
  await run(PNPM, ['build', ...missing.map((a) => a.name)]);
}
const sizeScript = path.join(ROOT, 'scripts', 'perf', 'size-budget.ts');
if (!skip.has('size')) {
  banner('Size budget (initial JS per app, gzip)');
  if (existsSync(sizeScript)) {
    const jsonFile = path.join(mkdtempSync(path.join(tmpdir(), 'bawaba-size-')), 'size.json');
    const { code } = await capture(PNPM, ['exec', 'node', sizeScript, `--json=${jsonFile}`]);
    if (existsSync(jsonFile)) {
      const rows = JSON.parse(readFileSync(jsonFile, 'utf8')) as {
        app: string;
        page: string;
        kb: number;
        budgetKb: number;
      }[];
      results.push({
        name: 'Size budget (initial JS, gzip)',
        // An app over its budget is a figure too: only a crash counts as "could not run".
        ok: true,
        lines: rows.map(
          (r) =>
            `${r.app.padEnd(10)} ${r.page.padEnd(22)} ${r.kb.toFixed(1).padStart(7)} KB  budget ${r.budgetKb} KB  ${r.kb <= r.budgetKb ? 'met' : 'MISSED'}`,
        ),
      });
    } else {
      results.push({ name: 'Size budget', ok: false, lines: [`size-budget exited ${code} without figures`] });
    }
  } else {
    console.log('scripts/perf/size-budget.ts does not exist yet: skipped');
    results.push({
      name: 'Size budget',
      ok: true,
      lines: ['scripts/perf/size-budget.ts not present: skipped'],
    });
  }
}

// 3. Lighthouse: the current build against the previous release's, run by run in turn (unless LIGHTHOUSE_PREVIOUS=0).
let pages: PageResult[] = [];
if (!skip.has('lighthouse')) {
  banner(`Lighthouse ${lighthouseVersion()} (mobile preset, simulated throttling; ${browserVersion()})`);
  const previous = measuresPrevious([], process.env);
  try {
    pages = await runLighthouse({
      pages: (process.env.LIGHTHOUSE_PAGES ?? 'all').split(',').filter(Boolean),
      runs: Number(process.env.LIGHTHOUSE_RUNS ?? 5),
      portBase: Number(process.env.LIGHTHOUSE_PORT_BASE ?? 4500),
      ...(process.env.LIGHTHOUSE_PREVIOUS_PORT_BASE
        ? { previousPortBase: Number(process.env.LIGHTHOUSE_PREVIOUS_PORT_BASE) }
        : {}),
      previous,
    });
    console.log('');
    printColumns(TABLE_HEADER, tableRows(pages));
    results.push({
      name: `Lighthouse (${browserVersion()}; median of ${pages[0]?.a.runs ?? 0} runs per page${previous ? ', the current build (A) against the previous release (B), A1 B1 A2 B2 …; A/B: median over the pairs' : ''})`,
      ok: true,
      lines: pages.map(summaryLine),
    });
  } catch (error) {
    console.error(error);
    results.push({ name: 'Lighthouse', ok: false, lines: [`failed: ${String(error)}`] });
  }
}

// 4. Interactions (INP-style), beside the Lighthouse figures.
if (!skip.has('interactions')) {
  banner(`Interactions (input → next paint, CPU 4× slower; ${chromiumVersion()})`);
  try {
    const rows = await runInteractions({
      runs: Number(process.env.INTERACTIONS_RUNS ?? 10),
      portBase: Number(process.env.INTERACTIONS_PORT_BASE ?? 4900),
    });
    console.log('');
    printInteractionTable(rows);
    results.push({
      name: `Interactions (p75 of ${rows[0]?.samples.length ?? 0} repetitions, CPU 4× slower)`,
      ok: true,
      lines: rows.map(
        (r) =>
          `${r.label.padEnd(36)} p75 ${String(r.p75Ms).padStart(4)} ms  median ${r.medianMs} ms  ${r.minMs}–${r.maxMs} ms  — ≤ ${r.targetMs} ms ${r.meets ? 'met' : 'MISSED'}`,
      ),
    });
  } catch (error) {
    console.error(error);
    results.push({ name: 'Interactions', ok: false, lines: [`failed: ${String(error)}`] });
  }
}

banner(`Summary (${machineLine()}; ${((Date.now() - started) / 60_000).toFixed(1)} min)`);
for (const result of results) {
  console.log(`\n${result.name}${result.ok ? '' : ' — COULD NOT RUN'}`);
  for (const line of result.lines) console.log(`  ${line}`);
}
console.log(
  '\nReports: .artifacts/lighthouse/; API targets and figures: docs/api/benchmarks.md; the figures of record and every mechanism: docs/performance.md.',
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
