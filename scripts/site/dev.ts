/**
 * `pnpm dev`: every app's rspack dev server (hot reload) on its usual port, plus the API in watch mode.
 * The host's dev server proxies /api to the API, and its public/config/remotes.json points at the
 * remotes' dev servers. Each remote also runs alone: open its port for its standalone harness.
 */
import { APPS, PNPM, run, startProcess } from '../lib.ts';

await run(PNPM, ['-r', '--if-present', 'i18n:compile'], { stdio: ['ignore', 'ignore', 'inherit'] });
const children = [
  startProcess('api', PNPM, ['--filter', '@bawaba/api', 'dev']),
  ...APPS.map((app) => startProcess(app.name, PNPM, ['exec', 'rspack', 'serve'], { cwd: app.dir })),
];
console.log(`\n  Bawaba dev: open http://localhost:${APPS[0]!.port}\n`);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
