/**
 * Releases ONE app (docs/releases.md):   ./bawaba release <host|directory|tenders|account>
 *
 * 1. The app's version (its package.json) must be new, have a section in its CHANGELOG.md, and be committed:
 *    a release is a commit, so that it can be rebuilt from history (the compatibility matrix does).
 * 2. Builds that app alone (`pnpm build <app>`): its dist/ carries release.json (version, commit, and what it
 *    provides or needs), ready to deploy to its origin under /<version>/.
 * 3. Records it in releases.json: this release becomes `current`, the one before it `previous`; a remote's staging
 *    map entry (deploy/staging.remotes.json) points at it.
 * Prints how long the build took and how many host rebuilds a remote release needs (none: the host reads the
 * remote map at run time).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReleaseStamp } from '../../shared/src/federation/contract.ts';
import { APPS, PNPM, ROOT, run } from '../lib.ts';
import { RELEASES_FILE, type Releases, readReleases, STAGING_MAP } from './releases.ts';

const name = process.argv[2];
const app = APPS.find((a) => a.name === name);
if (!app) {
  console.error(`usage: ./bawaba release <${APPS.map((a) => a.name).join('|')}>`);
  process.exit(2);
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const fail = (message: string): never => {
  console.error(`✗ ${message}`);
  process.exit(1);
};

const { version } = JSON.parse(readFileSync(path.join(app.dir, 'package.json'), 'utf8')) as {
  version: string;
};
const releases: Releases = readReleases();
const recorded = releases[app.name];
if (recorded?.current.version === version)
  fail(
    `${app.name} ${version} is already released (${recorded.current.commit.slice(0, 8)}): bump its version`,
  );
const changelog = readFileSync(path.join(app.dir, 'CHANGELOG.md'), 'utf8');
if (!new RegExp(`^## ${version.replaceAll('.', '\\.')}\\b`, 'm').test(changelog))
  fail(`${path.relative(ROOT, app.dir)}/CHANGELOG.md has no "## ${version}" section`);
if (git('status', '--porcelain', '--', app.dir, path.join(ROOT, 'shared')) !== '')
  fail(`${path.relative(ROOT, app.dir)}/ or shared/ has uncommitted changes: a release is a commit`);

const commit = git('rev-parse', 'HEAD');
const started = performance.now();
await run(PNPM, ['build', app.name]);
const seconds = (performance.now() - started) / 1000;

const stamp = JSON.parse(readFileSync(path.join(app.dir, 'dist', 'release.json'), 'utf8')) as ReleaseStamp;
if (stamp.version !== version || stamp.commit !== commit)
  fail('dist/release.json does not match this release');

releases[app.name] = {
  current: { version, commit, date: new Date().toISOString().slice(0, 10) },
  ...(recorded ? { previous: recorded.current } : {}),
};
writeFileSync(RELEASES_FILE, `${JSON.stringify(releases, null, 2)}\n`);

// Staging gets a remote's new release first (production is promoted by hand once the matrix is green).
if (app.kind === 'remote') {
  const map = JSON.parse(readFileSync(STAGING_MAP, 'utf8')) as { remotes: Record<string, string> };
  const current = map.remotes[app.name];
  if (current)
    map.remotes[app.name] = current.replace(/\/[^/]+\/mf-manifest\.json$/, `/${version}/mf-manifest.json`);
  writeFileSync(STAGING_MAP, `${JSON.stringify(map, null, 2)}\n`);
}

console.log(`✓ ${app.name} ${version} (${commit.slice(0, 8)}) built in ${seconds.toFixed(1)} s`);
console.log(`  ${path.relative(ROOT, app.dir)}/dist → deploy to the ${app.name} origin under /${version}/`);
console.log(
  app.kind === 'remote'
    ? `  host rebuilds needed: 0 (point an environment's remote map at /${version}/mf-manifest.json)`
    : '  remotes are untouched: each keeps its own release',
);
console.log(
  `  ${path.relative(ROOT, RELEASES_FILE)}${app.kind === 'remote' ? ` and ${path.relative(ROOT, STAGING_MAP)}` : ''} updated: commit them`,
);
