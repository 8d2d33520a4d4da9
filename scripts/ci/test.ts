/**
 * `pnpm test` — everything CI checks, in order, stopping at the first failure:
 *  1. Lingui: extract every package's messages, fail on any message without Arabic, compile catalogs
 *  2. type-check (every package), 3. lint + format (biome), the import rules (dependency-cruiser), dead
 *     exports (knip)
 *  4. unit tests (shared, host, remotes)
 *  5. API tests on PGlite, then on PostgreSQL (a throwaway server, installed when absent), then the
 *     production-like topology on it (scripts/site/topology.test.ts: nginx, two API instances, S3)
 *  6. production build (prints sizes), then the initial-JavaScript budgets (scripts/perf/size-budget.ts), then the
 *     performance guard (scripts/perf/guard.ts: the current build against the previous release, side by side,
 *     page loads and interactions, plus long-task and request-chain budgets), then a smoke test of the dev composition (scripts/ci/dev-smoke.ts)
 *  7. Playwright e2e on the composed site (Chromium installed when absent): every spec on the production-like
 *     topology (E2E_TOPOLOGY=1: nginx, two API instances on a throwaway PostgreSQL, an S3 server; one instance
 *     SIGKILLed at the end, e2e/tests/instances.spec.ts), then the @smoke specs on the default setup (one API
 *     process on PGlite, local files). `pnpm test --e2e-single`: every spec on the default setup instead.
 * `pnpm test --skip-e2e` stops after step 6 (handy while working on the API).
 * The throwaway PostgreSQL server it starts is stopped (and its data removed) when it ends, also on a failure or
 * Ctrl-C; `pnpm test --keep-pg` leaves it running for repeated runs (`scripts/site/pg.sh stop` stops it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNPM, ROOT, run } from '../lib.ts';
import { removeReleaseBuilds } from '../release/builds.ts';

const skipE2e = process.argv.includes('--skip-e2e');
const keepPg = process.argv.includes('--keep-pg');
const e2eSingle = process.argv.includes('--e2e-single');
const pgScript = path.join(ROOT, 'scripts', 'site', 'pg.sh');
const started = Date.now();
const step = (name: string) => console.log(`\n━━ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
const quiet = { stdio: ['ignore', 'ignore', 'inherit'] as ['ignore', 'ignore', 'inherit'] };

function pgIsRunning(): boolean {
  try {
    execFileSync('bash', [pgScript, 'status'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name: string): boolean {
  try {
    execFileSync('which', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function ensureChromium(): Promise<void> {
  if (!hasCommand('chromium') && !process.env.CHROMIUM_PATH) {
    console.log('› installing Chromium (Debian package)');
    await run('bash', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ]);
  }
}

step('i18n: extract, Arabic completeness, compile');
await run(PNPM, ['-r', '--if-present', 'i18n:extract'], quiet);
await run(PNPM, ['exec', 'node', 'scripts/i18n/check.ts']);
await run(PNPM, ['-r', '--if-present', 'i18n:compile'], quiet);

step('type-check');
await run(PNPM, ['-r', '--workspace-concurrency=2', 'typecheck']);

step('lint and format (biome)');
await run(PNPM, ['exec', 'biome', 'ci', '.']);

step('import rules (dependency-cruiser: one-way imports, no cycles)');
await run(PNPM, ['run', '--silent', 'deps']);

// An export nobody imports is dead surface (knip.json: every workspace's entries, tests included).
step('dead exports (knip)');
await run(PNPM, ['exec', 'knip', '--no-progress']);

step(
  "the scripts' own tests (node --test: the release command's refusals, the performance guard's verdict, the page-speed bench's figures, the host's prerendered pages, the server render's page, one app served in its own process, the docs' links)",
);
await run(PNPM, [
  'exec',
  'node',
  '--test',
  'scripts/release/release.test.ts',
  'scripts/perf/guard.test.ts',
  'scripts/perf/lighthouse-figures.test.ts',
  'scripts/i18n/conflicts.test.ts',
  'scripts/ci/source-comments.test.ts',
  'scripts/ci/doc-links.test.ts',
  'host/build/prerender.test.ts',
  'scripts/site/render-pages.test.ts',
  'scripts/site/serve-app.test.ts',
]);

step('unit tests');
await run(PNPM, [
  '-r',
  '--workspace-concurrency=1',
  '--filter',
  '!@bawaba/api',
  '--filter',
  '!@bawaba/e2e',
  'test',
]);

step('API tests on PGlite');
await run(PNPM, ['--filter', '@bawaba/api', 'test'], { env: { ...process.env, DATABASE_URL: '' } });

step('API tests on PostgreSQL');
const pgWasRunning = pgIsRunning();
const databaseUrl = execFileSync('bash', [pgScript, 'start'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
}).trim();
// Stop what this command started, however it ends (a failed step exits through 'exit' too).
const stopPg = () => {
  if (pgWasRunning || keepPg || !pgIsRunning()) return;
  execFileSync('bash', [pgScript, 'stop'], { stdio: 'inherit' });
};
process.on('exit', stopPg);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
}
await run(PNPM, ['--filter', '@bawaba/api', 'test'], { env: { ...process.env, DATABASE_URL: databaseUrl } });
// nginx (installed when absent) in front of two API instances on that server and the S3 stand-in.
step('production-like topology (scripts/site/topology.test.ts: nginx, two API instances, PostgreSQL, S3)');
await run(PNPM, ['exec', 'node', '--test', 'scripts/site/topology.test.ts'], {
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
stopPg();
if (!pgWasRunning && !keepPg && pgIsRunning())
  throw new Error('the throwaway PostgreSQL server is still running');

step('production build');
await run(PNPM, ['build']);

// The composed site in Chromium: fails when an app's initial JavaScript is over its budget (docs/performance.md).
step('initial JavaScript budgets');
await ensureChromium();
await run(PNPM, ['exec', 'node', 'scripts/perf/size-budget.ts']);

// The previous releases, rebuilt from history once for the guard and the release matrix (scripts/release/builds.ts).
const releaseBuilds = mkdtempSync(path.join(tmpdir(), 'bawaba-release-builds-'));
process.env.BAWABA_RELEASE_BUILDS = releaseBuilds;
process.on('exit', () => removeReleaseBuilds(releaseBuilds));

// The current build against the previous release, side by side (docs/performance.md "The performance guard"): a
// page whose main-thread work, or an interaction whose latency, is over the noise measured there fails, and so do
// a page's long tasks or request chains over their budgets.
step(
  'performance guard (current build against the previous release: /home, /service, /tender; keyword, tender filters, language switch)',
);
await run(PNPM, ['exec', 'node', 'scripts/perf/guard.ts']);

// The README's dev command: every remote renders through the host's dev server, with hot reload.
step('dev composition smoke test (./bawaba dev)');
await run(PNPM, ['exec', 'node', 'scripts/ci/dev-smoke.ts']);

if (!skipE2e) {
  await ensureChromium();
  if (!e2eSingle) {
    step(
      'e2e on the production-like topology (Playwright, Debian Chromium; nginx, two API instances, PostgreSQL, S3)',
    );
    // The topology starts its own throwaway PostgreSQL (scripts/site/pg.sh, PG_PORT) and stops it at the end.
    await run(PNPM, ['--filter', '@bawaba/e2e', 'test'], { env: { ...process.env, E2E_TOPOLOGY: '1' } });
    step('e2e smoke on the default setup (one API process on PGlite, local files: the @smoke specs)');
    await run(PNPM, ['--filter', '@bawaba/e2e', 'test', '--grep', '@smoke'], {
      env: { ...process.env, E2E_TOPOLOGY: '', DATABASE_URL: '' },
    });
  } else {
    step('e2e (Playwright, Debian Chromium)');
    await run(PNPM, ['--filter', '@bawaba/e2e', 'test'], { env: { ...process.env, E2E_TOPOLOGY: '' } });
  }

  // Independent releases, proven (docs/releases.md): the current builds against the previous releases.
  step('release compatibility matrix (current × previous releases, Playwright smoke)');
  await run(PNPM, ['exec', 'node', 'scripts/release/matrix.ts']);
}

console.log(`\n✔ all checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
