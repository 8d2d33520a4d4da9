/**
 * `pnpm start`: production build if any app's build is missing or older than its sources, then the API
 * and the four apps, each on its own origin. Ctrl-C stops everything.
 * `pnpm start --instances N`: the production-like topology instead of the one API process (scripts/site/topology.ts:
 * PostgreSQL, S3, N API processes behind nginx on the API's port; docs/topology.md).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { APPS, option, PNPM, ROOT, run } from '../lib.ts';
import { DEFAULT_PORTS, serveFrontEnds, startApi, waitForApi } from './composed-site.ts';
import { startTopology, type Topology, topologyPortsFrom } from './topology.ts';

const flag = process.argv.indexOf('--instances');
const instances = Number(option('instances') ?? (flag >= 0 ? process.argv[flag + 1] : 0));
if (!Number.isInteger(instances) || instances < 0) throw new Error('--instances takes a whole number');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sharedSources = newestMtime(path.join(ROOT, 'shared'));
const stale = APPS.filter((app) => {
  const built = path.join(app.dir, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  return Math.max(newestMtime(app.dir), sharedSources) > statSync(built).mtimeMs;
});
if (stale.length > 0) await run(PNPM, ['build', ...stale.map((a) => a.name)]);

const ports = DEFAULT_PORTS;
// With --instances: the API's port is nginx's, in front of the instances (one of them may stop: the others serve).
let topology: Topology | undefined;
const api = instances > 0 ? undefined : startApi(ports);
if (instances > 0) {
  const s3Env = process.env.S3_BUCKET
    ? Object.fromEntries(
        Object.entries(process.env).filter(([k]) => k.startsWith('S3_')) as [string, string][],
      )
    : undefined;
  topology = await startTopology({
    ports: topologyPortsFrom(ports.api, instances),
    publicUrl: `http://localhost:${ports.host}`,
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    ...(s3Env ? { s3Env } : {}),
  });
} else await waitForApi(ports);
const servers = await serveFrontEnds(ports);

console.log('');
const apiName = topology ? 'nginx' : 'api';
for (const [name, port] of [[apiName, ports.api], ...Object.entries(ports.remotes)] as const) {
  console.log(`  ${String(name).padEnd(10)} http://localhost:${port}`);
}
for (const instance of topology?.instances ?? []) {
  console.log(`  ${instance.id.padEnd(10)} http://localhost:${instance.port} (pid ${instance.pid})`);
}
if (topology) {
  console.log(`  ${'postgres'.padEnd(10)} ${topology.databaseUrl}`);
  console.log(
    `  ${'s3'.padEnd(10)} ${topology.s3Env.S3_ENDPOINT ?? 'AWS'} bucket ${topology.s3Env.S3_BUCKET}`,
  );
}
console.log(`\n  Bawaba is up: open http://localhost:${ports.host}\n`);

const stop = async () => {
  api?.kill('SIGTERM');
  await Promise.all([...servers.values()].map((s) => s.close()));
  await topology?.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api?.on('exit', (code) => {
  console.error(`api exited (${code}); stopping`);
  void stop();
});
