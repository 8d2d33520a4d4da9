/**
 * The composed production site: the API plus the host and three remotes, each on its own origin.
 * Used by `pnpm start` and by the e2e tests (which need to stop and swap single remotes).
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { APPS, PNPM, ROOT, startProcess, waitForUrl } from './lib.ts';
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
          ? { apiUrl: `http://127.0.0.1:${ports.api}`, remoteMap: remoteMapFor(ports, overrideOrigins) }
          : {}),
      }),
    );
  }
  return servers;
}

export async function waitForApi(ports: SitePorts): Promise<void> {
  await waitForUrl(`http://127.0.0.1:${ports.api}/api/v1/health`, 120_000);
}
