/**
 * Fault injection for the e2e fault tests:
 * - `serveFaultyRemote`: serves a remote's built dist/ on its origin like scripts/site/serve.ts, but can answer a
 *   file with a syntax error, an HTTP error, or hold it until released (a slow remote). Faults can be
 *   changed while it runs (a fix "deploys").
 * - `apiProcess`: the API as its own process on its own port and data dir, to SIGKILL and restart.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { apiSite } from '../../api/test/process-helpers.ts';
import { REMOTE_APPS, ROOT } from '../../scripts/lib.ts';
import type { SitePorts } from '../../scripts/site/composed-site.ts';

export type Fault =
  /** Serve JavaScript that does not parse instead of the file. */
  | { file: RegExp; kind: 'syntax-error' }
  /** Answer with this HTTP status. */
  | { file: RegExp; kind: 'status'; status: number }
  /** Keep the request pending until `release()` (a remote as slow as the test needs, deterministically). */
  | { file: RegExp; kind: 'hold' };

export interface FaultyRemote {
  setFaults(faults: Fault[]): void;
  /** Answer the held requests (with the real files) and stop holding. */
  release(): void;
  /** Requests being held right now. */
  readonly held: number;
  /** Requests answered with a fault so far (file names). */
  readonly faulted: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The expose chunk of a remote's `./routes` (from its mf-manifest.json), e.g. `__federation_expose_routes.1a2b3c4d.js`. */
export function exposeChunk(distDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')) as {
    exposes: { assets: { js: { sync: string[] } } }[];
  };
  const chunk = manifest.exposes[0]?.assets.js.sync.find((f) => f.includes('__federation_expose_'));
  if (!chunk) throw new Error(`no expose chunk in ${distDir}/mf-manifest.json`);
  return chunk;
}

async function serveFaultyRemote(
  distDir: string,
  port: number,
  initial: Fault[] = [],
): Promise<FaultyRemote> {
  let faults = initial;
  const faulted: string[] = [];
  let held: (() => void)[] = [];
  const root = path.resolve(distDir);
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(root, path.normalize(pathname));
    res.setHeader('Access-Control-Allow-Origin', '*');
    // Never cached: a later "fixed" answer must reach the browser.
    res.setHeader('Cache-Control', 'no-store');
    if (!file.startsWith(root + path.sep) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
    };
    const fault = faults.find((f) => f.file.test(pathname));
    if (!fault) return send();
    faulted.push(pathname);
    if (fault.kind === 'syntax-error') {
      res.writeHead(200, { 'content-type': TYPES['.js']! });
      res.end('/* a broken release */\nexport const = {{{ ;\n');
    } else if (fault.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'text/plain' }).end('upstream failure');
    } else {
      held.push(send);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    setFaults(next) {
      faults = next;
    },
    release() {
      faults = faults.filter((f) => f.kind !== 'hold');
      const waiting = held;
      held = [];
      for (const send of waiting) send();
    },
    get held() {
      return held.length;
    },
    faulted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ApiProcess {
  /** http://127.0.0.1:<port>/api/v1 */
  url: string;
  dataDir: string;
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Run a module (ESM source) in a Node process inside api/ (its dependencies), e.g. to write to its database. */
  runInApi(source: string, env?: Record<string, string>): Promise<string>;
  cleanup(): Promise<void>;
}

const API_DIR = path.join(ROOT, 'api');

/**
 * The API as a real process (Node 24 from this runner), on a persistent temporary data dir: the API tests'
 * own process harness (api/test/process-helpers.ts) on a fixed port, with a fast SSE heartbeat.
 */
export async function apiProcess(port: number, publicUrl: string): Promise<ApiProcess> {
  const site = await apiSite({ PUBLIC_URL: publicUrl, SSE_HEARTBEAT_MS: '2000' }, { port });
  return {
    url: site.url,
    dataDir: site.dataDir,
    start: () => site.start(),
    kill: (signal = 'SIGKILL') => site.stop(signal),
    runInApi(source, env = {}) {
      return new Promise((resolve, reject) => {
        const proc = spawn(process.execPath, ['--input-type=module', '-e', source], {
          cwd: API_DIR,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, DATA_DIR: site.dataDir, ...env },
        });
        let out = '';
        let err = '';
        proc.stdout?.on('data', (b: Buffer) => {
          out += b.toString();
        });
        proc.stderr?.on('data', (b: Buffer) => {
          err += b.toString();
        });
        proc.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
      });
    },
    cleanup: () => site.cleanup(),
  };
}

/**
 * Replaces the server of `remote` in a composition (`servers`, from serveFrontEnds) by a faulty one on the same
 * origin, serving the remote's built dist/ with `faults`.
 */
export async function replaceByFaultyRemote(
  servers: Map<string, { close(): Promise<unknown> }>,
  remote: keyof typeof REMOTE_APPS,
  ports: SitePorts,
  faults: Fault[],
): Promise<FaultyRemote> {
  await servers.get(remote)?.close();
  servers.delete(remote);
  return serveFaultyRemote(
    path.join(ROOT, REMOTE_APPS[remote].package, 'dist'),
    ports.remotes[remote]!,
    faults,
  );
}
