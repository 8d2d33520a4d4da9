/**
 * The compatibility matrix (docs/releases.md): the current build of every app against the PREVIOUS release of
 * every other app, rebuilt from git history (releases.json names each app's previous release by commit).
 *
 *   pnpm exec node scripts/release/matrix.ts      (run by ./bawaba test after the e2e suite)
 *
 * Compositions, each served on one set of ports with its own remote map and checked by the smoke suite
 * (e2e/matrix/smoke.spec.ts):
 *   current host + previous remotes · previous host + current remotes · a staging mix (two remotes current, one
 *   previous) · a remote built for a newer site than the host (it must show "needs a newer site version").
 * An app with no previous release yet stands in with its current build (said in the output).
 *
 * Server rendering (docs/decisions/0019-server-rendering.md) is proven per composition from what its builds have: each
 * composition's host is served by a process of its own (scripts/site/serve-app.ts), so that its render server
 * composes only that composition's remotes with that host build's runtime (Module Federation's Node runtime keeps
 * one remote per name per process); which builds have a server entry (their dist/server/) goes to the suite, which
 * checks each section's first HTML against it, and the summary names the sections the server rendered.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ReleaseStamp } from '../../shared/src/federation/contract.ts';
import { APPS, PNPM, run } from '../lib.ts';
import { sitePortsFrom, startApi, waitForApi } from '../site/composed-site.ts';
import { serveApp } from '../site/serve.ts';
import { serveAppProcess } from '../site/serve-app.ts';
import { currentBuilds, distIn, openReleaseBuilds } from './builds.ts';
import { readReleases } from './releases.ts';

const BASE = Number(process.env.MATRIX_PORT_BASE ?? 4600);
const ports = sitePortsFrom(BASE);
const REMOTES = APPS.filter((a) => a.kind === 'remote').map((a) => a.name);
type Build = 'current' | 'previous' | 'incompatible';

const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(0)} s`;
const work = mkdtempSync(path.join(tmpdir(), 'bawaba-matrix-'));
const builds = openReleaseBuilds('matrix-builds');

// 1. The builds: current (this tree's dist/) and previous (each recorded commit, built in a git worktree).
const dists: Record<Build, Record<string, string>> = {
  current: await currentBuilds(),
  previous: await builds.previous(),
  incompatible: {},
};
const releases = readReleases();

// A remote built for a newer site: this commit's tenders, built against a @bawaba/shared that exports one name
// more, which its exposed module uses — what a team would ship against a host release not deployed yet.
const tendersApp = APPS.find((a) => a.name === 'tenders');
if (!tendersApp) throw new Error('no tenders app');
{
  const dir = await builds.checkout('HEAD', 'newer-site');
  const NEWER = 'componentOfANewerSite';
  const sharedIndex = path.join(dir, 'shared/src/index.ts');
  const routes = path.join(dir, 'remote-tenders/src/exposes/routes.tsx');
  // A shared work folder (BAWABA_RELEASE_BUILDS) keeps the checkout between runs: the name is added once.
  if (!readFileSync(sharedIndex, 'utf8').includes(NEWER)) {
    writeFileSync(sharedIndex, `${readFileSync(sharedIndex, 'utf8')}export const ${NEWER} = 'newer';\n`);
    writeFileSync(
      routes,
      `import { ${NEWER} } from '@bawaba/shared';\n${readFileSync(routes, 'utf8')}\nexport const newerSite = ${NEWER};\n`,
    );
  }
  console.log('› building tenders against a newer shared surface');
  await run(PNPM, ['build', 'tenders'], { cwd: dir });
  dists.incompatible.tenders = distIn(dir, tendersApp);
}

// 2. One API and every remote build on a port of its own.
const remotePort: Record<Build, Record<string, number>> = { current: {}, previous: {}, incompatible: {} };
REMOTES.forEach((name, i) => {
  remotePort.current[name] = ports.remotes[name] as number;
  remotePort.previous[name] = BASE + 11 + i;
});
remotePort.incompatible.tenders = BASE + 21;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bawaba-matrix-data-'));
// Several sign-ins of the same demo accounts per composition: the limiter stays on, out of the suite's way.
const api = startApi(ports, {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX_LOGIN: '10000',
  RATE_LIMIT_MAX_LOGIN_ACCOUNT: '10000',
});
const servers: FastifyInstance[] = [];
const version = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, 'release.json'), 'utf8')) as ReleaseStamp).version;
/** Whether a build has a server entry (a release built before them has none: the browser renders it). */
const hasServerEntry = (app: string, dir: string) =>
  existsSync(path.join(dir, 'server', app === 'host' ? 'render.cjs' : 'remoteEntry.js'));

interface Composition {
  name: string;
  host: Exclude<Build, 'incompatible'>;
  remotes: Record<string, Build>;
  incompatible?: string;
}
const all = (build: Build) => Object.fromEntries(REMOTES.map((r) => [r, build]));
const COMPOSITIONS: Composition[] = [
  { name: 'current-host+previous-remotes', host: 'current', remotes: all('previous') },
  { name: 'previous-host+current-remotes', host: 'previous', remotes: all('current') },
  // Staging: two remotes current, one previous (the one with a real previous release when there is one).
  {
    name: 'staging-mix',
    host: 'current',
    remotes: { ...all('current'), [REMOTES.find((r) => releases[r]?.previous) ?? 'tenders']: 'previous' },
  },
  {
    name: 'remote-needs-newer-site',
    host: 'current',
    remotes: { ...all('current'), tenders: 'incompatible' },
    incompatible: 'tenders',
  },
];

const results: string[] = [];
/** What the suite saw of each section's first HTML (e2e/matrix/smoke.spec.ts): rendered on the server or not. */
interface SectionRender {
  composition: string;
  remote: string;
  path: string;
  server: boolean;
}
const renderedFile = path.join(work, 'rendered.jsonl');
writeFileSync(renderedFile, '');
let figures: { composition: string; tenders: string; tenderPageJsGzip: number }[] = [];
const figuresFile = path.join(work, 'figures.jsonl');
writeFileSync(figuresFile, '');
let failed = false;
try {
  await waitForApi(ports);
  for (const build of ['current', 'previous', 'incompatible'] as const)
    for (const [name, port] of Object.entries(remotePort[build]))
      servers.push(await serveApp({ kind: 'remote', dir: dists[build][name] as string, port }));

  for (const composition of COMPOSITIONS) {
    const hostDist = dists[composition.host].host as string;
    const releasesServed: Record<string, string> = { host: version(hostDist) };
    const serverEntries: Record<string, boolean> = { host: hasServerEntry('host', hostDist) };
    const remotes: Record<string, string> = {};
    for (const [name, build] of Object.entries(composition.remotes)) {
      remotes[name] = `http://localhost:${remotePort[build][name]}/mf-manifest.json`;
      releasesServed[name] = version(dists[build][name] as string);
      serverEntries[name] = hasServerEntry(name, dists[build][name] as string);
    }
    const host = await serveAppProcess(`host ${composition.name}`, {
      kind: 'host',
      dir: hostDist,
      port: ports.host,
      apiUrl: `http://127.0.0.1:${ports.api}`,
      remoteMap: { remotes, overrideOrigins: [] },
    });
    // Each remote's first page asked of the render server once, not checked: a render server loads a remote's server
    // entry on that remote's first page, a freshly started host's one-time cost that the render time limit may not
    // cover on a loaded machine (the suite checks what a composition renders, not how fast a host starts).
    for (const first of ['/service', '/tender', '/account'])
      await fetch(`http://localhost:${ports.host}${first}`)
        .then((response) => response.text())
        .catch(() => undefined);
    const from = performance.now();
    const label = `${composition.name} (${Object.entries(releasesServed)
      .map(([app, v]) => `${app} ${v}`)
      .join(', ')})`;
    console.log(`\n› ${label}`);
    try {
      await run(PNPM, ['--filter', '@bawaba/e2e', 'exec', 'playwright', 'test', '-c', 'matrix.config.ts'], {
        env: {
          ...process.env,
          E2E_PORT_BASE: String(BASE),
          MATRIX_COMPOSITION: composition.name,
          MATRIX_RELEASES: JSON.stringify(releasesServed),
          MATRIX_INCOMPATIBLE: composition.incompatible ?? '',
          MATRIX_SERVER_ENTRIES: JSON.stringify(serverEntries),
          MATRIX_FIGURES: figuresFile,
          MATRIX_RENDERED: renderedFile,
        },
      });
      results.push(`✓ ${label} in ${seconds(from)}`);
    } catch {
      failed = true;
      results.push(`✗ ${label}`);
    } finally {
      await host.close();
    }
    results.push(renderSummary(composition, serverEntries, releasesServed));
  }
  // What a release's bundled components cost (docs/releases.md): the tender page's JavaScript per tenders release.
  figures = readFileSync(figuresFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as (typeof figures)[number]);
} finally {
  await Promise.all(servers.map((server) => server.close()));
  api.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  builds.close();
  rmSync(work, { recursive: true, force: true });
}
/**
 * The sections the suite saw rendered on the server in a composition, and those left to the browser with the
 * reason its builds give.
 */
function renderSummary(
  composition: Composition,
  entries: Record<string, boolean>,
  served: Record<string, string>,
): string {
  const seen = readFileSync(renderedFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SectionRender)
    .filter((r) => r.composition === composition.name);
  const why = (remote: string) =>
    remote === composition.incompatible
      ? 'needs a newer site'
      : !entries.host
        ? `host ${served.host} has no server entry`
        : !entries[remote]
          ? `${remote} ${served[remote]} has no server entry`
          : 'left to the browser by the render server';
  const server = seen.filter((r) => r.server).map((r) => `${r.remote} ${r.path}`);
  const browser = seen.filter((r) => !r.server).map((r) => `${r.remote} ${r.path} (${why(r.remote)})`);
  return `    server-rendered: ${server.join(', ') || 'none'}; by the browser: ${browser.join(', ') || 'none'}`;
}

console.log(`\nrelease matrix (${seconds(started)}):\n${results.join('\n')}`);
for (const figure of figures)
  console.log(
    `  tender page JavaScript, tenders ${figure.tenders} (${figure.composition}): ${(figure.tenderPageJsGzip / 1024).toFixed(1)} KB gzip`,
  );

if (failed) process.exit(1);
