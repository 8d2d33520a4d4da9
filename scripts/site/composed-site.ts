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
