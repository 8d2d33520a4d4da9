/**
 * Production build of the four apps (host + three remotes), then each app's JS size (gzip).
 *   pnpm build            all apps
 *   pnpm build <app…>     only those (e.g. `pnpm build directory`): a remote is released on its own
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { APPS, PNPM, run } from '../lib.ts';

const only = process.argv.slice(2);
const selected = APPS.filter((app) => only.length === 0 || only.includes(app.name));

await run(PNPM, ['-r', '--if-present', 'i18n:compile'], { stdio: ['ignore', 'ignore', 'inherit'] });
for (const app of selected) {
  console.log(`› building ${app.name}`);
  await run(PNPM, ['exec', 'rspack', 'build'], {
    cwd: app.dir,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // The pages painted from HTML before any JavaScript (/about, /terms; the top of /contact-us): dist/<page>.html.
  if (app.kind === 'host') await run(process.execPath, ['build/prerender.ts'], { cwd: app.dir });
}

/**
 * Build-time compression: a .br and a .gz next to every JS, CSS, HTML and JSON file of the app's dist/
 * (best levels, since it is done once), served by scripts/site/serve.ts (`preCompressed`) to browsers that
 * accept them: no compression work per request, and smaller files than on-the-fly compression.
 */
function precompress(dist: string): void {
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|mjs|css|html|json)$/.test(entry.name)) continue;
    // The server build (dist/server/) is read by the render server, never sent to a browser.
    if (path.relative(dist, entry.parentPath).split(path.sep)[0] === 'server') continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
  }
}

for (const app of selected) precompress(path.join(app.dir, 'dist'));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(file)).length;

console.log(
  "\nJS size (gzip)  entry = what the app's own page or remoteEntry loads first; all = every JS file",
);
for (const app of selected) {
  const dist = path.join(app.dir, 'dist');
  const js = readdirSync(dist).filter((f) => f.endsWith('.js'));
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles =
    app.kind === 'host'
      ? [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => path.basename(m[1] ?? ''))
      : ['remoteEntry.js'];
  const entry = entryFiles.reduce((sum, f) => sum + gz(path.join(dist, f)), 0);
  const all = js.reduce((sum, f) => sum + gz(path.join(dist, f)), 0);
  console.log(
    `  ${app.name.padEnd(10)} entry ${kb(entry).padStart(9)}   all ${kb(all).padStart(9)}   (${js.length} files)`,
  );
}
