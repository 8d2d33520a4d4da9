/**
 * Smoke test of `./bawaba dev` (a step of the test command): starts the dev composition exactly as the README's
 * dev command does (four rspack dev servers and the API in watch mode, on the usual ports), then opens a page of
 * every remote through the host in Chromium and checks that each remote renders its page — not the "section
 * unavailable" panel — and that the remote's code and hot-reload socket come from its own dev server (in dev a
 * remote's code runs inside the host's page; requests sent to the page's origin build nothing).
 * Exits non-zero on any failure; stops everything it started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PORT, HOST_APP, REMOTE_APPS } from '../../shared/src/federation/apps.ts';
import { chromiumPath, loadPlaywrightChromium, PNPM, ROOT, startProcess, waitForUrl } from '../lib.ts';

interface Page {
  goto(url: string): Promise<unknown>;
  on(event: 'websocket', listener: (socket: { url(): string }) => void): void;
  on(event: 'request', listener: (request: { url(): string }) => void): void;
  addInitScript(script: string): Promise<void>;
  waitForSelector(
    selector: string,
    options: { timeout: number; state?: 'visible' | 'attached' },
  ): Promise<unknown>;
  locator(selector: string): { count(): Promise<number> };
}
interface Browser {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
interface Chromium {
  launch(options: { executablePath: string; args: string[] }): Promise<Browser>;
}

/** First compile of a remote's page (lazy) on a loaded 2-core machine. */
const PAGE_TIMEOUT_MS = 120_000;
const hostUrl = `http://localhost:${HOST_APP.port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bawaba-dev-smoke-'));
const dev = startProcess('dev', PNPM, ['dev'], {
  cwd: ROOT,
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  detached: true,
});
const stop = () => {
  try {
    if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

let failed = false;
try {
  await waitForUrl(`http://127.0.0.1:${API_PORT}/api/v1/health`, PAGE_TIMEOUT_MS);
  for (const port of [HOST_APP.port, ...Object.values(REMOTE_APPS).map((app) => app.port)]) {
    await waitForUrl(`http://127.0.0.1:${port}/`, PAGE_TIMEOUT_MS);
  }
  const login = await fetch(`http://127.0.0.1:${API_PORT}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bidder@bawaba.qa', password: 'Bawaba2026!' }),
  });
  const session = ((await login.json()) as { data: { accessToken: string; user: unknown } }).data;

  const chromium = await loadPlaywrightChromium<Chromium>();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const sockets: string[] = [];
    const requests: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    page.on('request', (request) => requests.push(request.url()));
    await page.addInitScript(
      `localStorage.setItem('token', ${JSON.stringify(session.accessToken)});` +
        `localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});`,
    );
    const pages: [keyof typeof REMOTE_APPS, string][] = [
      ['directory', '/service'],
      ['tenders', '/tender'],
      ['account', '/account'],
    ];
    for (const [remote, route] of pages) {
      const started = Date.now();
      await page.goto(`${hostUrl}${route}`);
      const frame = `[data-testid="remote-frame"][data-remote="${remote}"]`;
      try {
        // The frame is there once the remote's routes module ran; its page inside (a heading) once its lazy chunk
        // was compiled and loaded.
        await page.waitForSelector(`${frame} h1, ${frame} h2`, { timeout: PAGE_TIMEOUT_MS });
      } catch (error) {
        const unavailable = await page.locator('[data-testid="section-unavailable"]').count();
        throw new Error(
          `${route}: the ${remote} remote did not render its page${unavailable ? ' ("section unavailable")' : ''}: ${String(error)}`,
        );
      }
      const port = REMOTE_APPS[remote].port;
      const lazyToHost = requests.filter((url) => url.startsWith(hostUrl) && /lazy/.test(url));
      if (lazyToHost.length > 0)
        throw new Error(`lazy-compilation requests went to the host: ${lazyToHost[0]}`);
      if (!sockets.some((url) => url.includes(`:${port}/`))) {
        throw new Error(
          `${route}: no hot-reload socket to the ${remote} dev server (sockets: ${sockets.join(', ')})`,
        );
      }
      console.log(
        `✔ dev ${route}: ${remote} rendered in ${Math.round((Date.now() - started) / 1000)} s, hot reload connected`,
      );
    }
  } finally {
    await browser.close();
  }
} catch (error) {
  failed = true;
  console.error(`✘ dev composition: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  stop();
}
process.exit(failed ? 1 : 0);
