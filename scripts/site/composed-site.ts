/**
 * The composed production site: the API plus the host and three remotes, each on its own origin.
 * Used by `pnpm start`, the e2e tests (which need to stop and swap single remotes) and the page benchmarks
 * (`withComposedSite`).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { APPS, PNPM, ROOT, run, startProcess, waitForUrl } from '../lib.ts';
import { type RemoteMapConfig, serveApp } from './serve.ts';
import { type AppProcess, serveAppProcess } from './serve-app.ts';

export interface SitePorts {
  host: number;
  api: number;
  remotes: Record<string, number>;
}

export const DEFAULT_PORTS: SitePorts = {
  host: APPS[0]!.port,
  api: 4100,
  remotes: Object.fromEntries(APPS.filter((a) => a.kind === 'remote').map((a) => [a.name, a.port])),
};

export function remoteMapFor(ports: SitePorts, overrideOrigins: string[] = []): RemoteMapConfig {
  return {
    remotes: Object.fromEntries(
      Object.entries(ports.remotes).map(([name, port]) => [
        name,
        `http://localhost:${port}/mf-manifest.json`,
      ]),
    ),
    overrideOrigins,
  };
}

export function startApi(ports: SitePorts, env: Record<string, string> = {}): ChildProcess {
  return startProcess('api', PNPM, ['--filter', '@bawaba/api', 'exec', 'node', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(ports.api),
      PUBLIC_URL: `http://localhost:${ports.host}`,
      ...env,
    },
  });
}

export async function serveFrontEnds(
  ports: SitePorts,
  overrideOrigins: string[] = [],
  options: { render?: boolean } = {},
): Promise<Map<string, FastifyInstance>> {
  const servers = new Map<string, FastifyInstance>();
  for (const app of APPS) {
    const port = app.kind === 'host' ? ports.host : ports.remotes[app.name];
    if (port === undefined) continue;
    servers.set(
      app.name,
      await serveApp({
        kind: app.kind,
        dir: path.join(app.dir, 'dist'),
        port,
        ...(app.kind === 'host'
          ? {
              apiUrl: `http://127.0.0.1:${ports.api}`,
              remoteMap: remoteMapFor(ports, overrideOrigins),
              ...(options.render === false ? { render: false } : {}),
            }
          : {}),
      }),
    );
  }
  return servers;
}

export async function waitForApi(ports: SitePorts): Promise<void> {
  await waitForUrl(`http://127.0.0.1:${ports.api}/api/v1/health`, 120_000);
}

/** The ports of a composed site from one base: the host on it, the remotes on +1…+3 (APPS order), the API on +100. */
export function sitePortsFrom(base: number): SitePorts {
  return {
    host: base,
    api: base + 100,
    remotes: Object.fromEntries(
      APPS.filter((a) => a.kind === 'remote').map((a, i) => [a.name, base + 1 + i]),
    ),
  };
}

/**
 * Runs `use` against a fresh composed production site — the API seeded into a throwaway DATA_DIR, the host and
 * the remotes served from their dist/ (built first when one is missing) — and stops it afterwards, whatever
 * happens. For the benchmarks that load pages (Lighthouse, the size budget, long tasks).
 */
export async function withComposedSite<T>(ports: SitePorts, use: (origin: string) => Promise<T>): Promise<T> {
  const missing = APPS.filter((app) => !existsSync(path.join(app.dir, 'dist', 'index.html')));
  if (missing.length > 0) {
    console.log(`› building ${missing.map((a) => a.name).join(', ')} (no dist/)`);
    await run(PNPM, ['build', ...missing.map((a) => a.name)]);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bawaba-site-'));
  const api = startApi(ports, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  let servers: Map<string, FastifyInstance> | undefined;
  try {
    await waitForApi(ports);
    servers = await serveFrontEnds(ports);
    return await use(`http://localhost:${ports.host}`);
  } finally {
    await Promise.all([...(servers?.values() ?? [])].map((server) => server.close()));
    api.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface Site {
  /** The host's origin. */
  origin: string;
  /** Stops the front ends and the API and removes the API's data folder, once the API has stopped writing to it. */
  close(): Promise<void>;
}

/**
 * A composed site from the given builds (app name → dist/), for a caller that serves several at once (a build against
 * another release's): its own API on a fresh seeded DATA_DIR with the site's host as its public URL (the addresses
 * it answers with are the site's own), the remotes served from this process (files only), and the host from a
 * process of its own (serve-app.ts): its render server composes this site's remotes only, whatever other site this
 * process serves (Module Federation's Node runtime keeps one remote per name per process).
 */
export async function startSite(
  label: string,
  ports: SitePorts,
  dists: Record<string, string>,
): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bawaba-${label}-`));
  const api = startApi(ports, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const remotes: FastifyInstance[] = [];
  let host: AppProcess | undefined;
  const close = async () => {
    await host?.close();
    await Promise.all(remotes.map((server) => server.close()));
    if (api.exitCode === null && api.signalCode === null) {
      const stopped = new Promise((done) => {
        api.once('exit', done);
        setTimeout(done, 10_000).unref();
      });
      api.kill('SIGTERM');
      await stopped;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForApi(ports);
    for (const app of APPS) {
      const dir = dists[app.name];
      if (!dir) throw new Error(`${label}: no build of ${app.name}`);
      if (app.kind === 'host')
        host = await serveAppProcess(`${label} host`, {
          kind: 'host',
          dir,
          port: ports.host,
          apiUrl: `http://127.0.0.1:${ports.api}`,
          remoteMap: remoteMapFor(ports),
        });
      else remotes.push(await serveApp({ kind: 'remote', dir, port: ports.remotes[app.name] as number }));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { origin: `http://localhost:${ports.host}`, close };
}
