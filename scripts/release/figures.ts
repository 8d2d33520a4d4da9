/**
 * The figures of the release model (docs/releases.md), printed for the README:
 *   pnpm exec node scripts/release/figures.ts [app] [runs]     (default: tenders, 3 runs)
 *
 * - time to build one remote alone (what `./bawaba release <remote>` spends), median and spread of `runs`;
 * - host rebuilds a remote release needs: the host's dist/ is hashed before and after (target 0);
 * - the size cost of the decoupling: the host code that checks remotes and offers new releases (minified + gzip),
 *   and the `release.json` each remote visit fetches once (gzip).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { transformSync } from '@swc/core';
import { APPS, PNPM, ROOT, run } from '../lib.ts';

const appName = process.argv[2] ?? 'tenders';
const runs = Number(process.argv[3] ?? 3);
const app = APPS.find((a) => a.name === appName && a.kind === 'remote');
if (!app) throw new Error(`not a remote: ${appName}`);
const host = APPS[0];
if (!host) throw new Error('no host');

function hashDir(dir: string): string {
  const hash = createHash('sha256');
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).sort((a, b) =>
    path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)),
  )) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(dir, file)).update(readFileSync(file));
  }
  return hash.digest('hex');
}

const hostDist = path.join(host.dir, 'dist');
const hostBefore = hashDir(hostDist);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  await run(PNPM, ['build', app.name], { stdio: 'ignore' });
  times.push((performance.now() - started) / 1000);
}
const hostRebuilds = hashDir(hostDist) === hostBefore ? 0 : 1;
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const minified = (file: string) =>
  transformSync(readFileSync(path.join(ROOT, file), 'utf8'), {
    filename: file,
    minify: true,
    jsc: {
      parser: { syntax: 'typescript', tsx: file.endsWith('.tsx') },
      target: 'es2022',
      minify: { compress: true, mangle: true },
    },
  }).code;
const checkCode = [
  'host/src/federation/compatibility.ts',
  'host/src/federation/new-release.ts',
  'host/src/shell/NewReleaseNotice.tsx',
]
  .map((file) => gz(minified(file)))
  .reduce((a, b) => a + b, 0);
const stamp = (dir: string) => gz(readFileSync(path.join(dir, 'dist', 'release.json')));

console.log(`release figures (${new Date().toISOString().slice(0, 10)}, Node ${process.version})`);
console.log(
  `  build ${app.name} alone: median ${median.toFixed(1)} s over ${runs} runs (${times.map((t) => t.toFixed(1)).join(', ')} s)`,
);
console.log(`  host rebuilds for a remote release: ${hostRebuilds}`);
console.log(
  `  host code for the contract check and the new-release notice: ${(checkCode / 1024).toFixed(2)} KB gzip`,
);
console.log(
  `  release.json fetched per remote visit: ${(stamp(app.dir) / 1024).toFixed(2)} KB gzip (${app.name}); the host's own once: ${(stamp(host.dir) / 1024).toFixed(2)} KB gzip`,
);
