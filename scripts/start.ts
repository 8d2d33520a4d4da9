/**
 * `pnpm start`: production build if any app's build is missing or older than its sources, then the API
 * and the four apps, each on its own origin. Ctrl-C stops everything.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORTS, serveFrontEnds, startApi, waitForApi } from './composed-site.ts';
import { APPS, PNPM, ROOT, run } from './lib.ts';

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
const api = startApi(ports);
await waitForApi(ports);
const servers = await serveFrontEnds(ports);

console.log('');
for (const [name, port] of [['api', ports.api], ...Object.entries(ports.remotes)] as const) {
  console.log(`  ${String(name).padEnd(10)} http://localhost:${port}`);
}
console.log(`\n  Bawaba is up: open http://localhost:${ports.host}\n`);

const stop = async () => {
  api.kill('SIGTERM');
  await Promise.all([...servers.values()].map((s) => s.close()));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  console.error(`api exited (${code}); stopping`);
  void stop();
});
