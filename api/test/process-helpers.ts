/**
 * The API as a real process (node src/main.ts), for the fault tests (SIGKILL, restart): a free port, a
 * persistent DATA_DIR (PGlite) or one throwaway PostgreSQL database, kept across restarts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const API_DIR = resolve(import.meta.dirname, '..');
/** Read here, not from ./helpers.ts, so the e2e can use this file without loading the API's code. */
const DATABASE_URL = process.env.DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll `check` until it returns a value (not undefined/false), or throw after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await check();
      if (v !== undefined && v !== false) return v as T;
    } catch (err) {
      last = err;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (${String(last)})` : ''}`);
}

export type ApiSite = {
  /** http://127.0.0.1:<port>/api/v1 */
  url: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  kind: 'pglite' | 'postgres';
  /** Start the process (again) on the same port and data; resolves once /health answers. */
  start(): Promise<void>;
  /** Send a signal and wait for the process to be gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  readonly running: boolean;
  /** The running process's id (undefined when stopped). */
  readonly pid: number | undefined;
  /** Stop the process if running, drop the database and the data dir. */
  cleanup(): Promise<void>;
  /** Mails of the dev outbox, oldest first. */
  outbox(): { to: string; subject: string; link?: string }[];
};

/**
 * The API as a real process on a persistent temporary data dir (and, with DATABASE_URL, its own throwaway
 * database). Also the e2e fault tests' API (e2e/support/faults.ts), which needs a fixed `port`.
 */
export async function apiSite(
  env: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<ApiSite> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'bawaba-fault-'));
  const dbx = DATABASE_URL ? await (await import('./helpers.ts')).throwawayDatabase() : null;
  const url = `http://127.0.0.1:${port}/api/v1`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const output: string[] = [];

  const site: ApiSite = {
    url,
    port,
    dataDir,
    databaseUrl: dbx?.url,
    kind: dbx ? 'postgres' : 'pglite',
    get running() {
      return child !== null;
    },
    get pid() {
      return child?.pid;
    },
    async start() {
      if (child) throw new Error('already running');
      const proc = spawn(process.execPath, ['src/main.ts'], {
        cwd: API_DIR,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: dbx?.url ?? '',
          JWT_SECRET: 'fault-tests-secret-fault-tests-secret-0123456789',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_MAX_LOGIN: '100000',
          RATE_LIMIT_MAX_REGISTER: '100000',
          RATE_LIMIT_MAX_FORGOT: '100000',
          RATE_LIMIT_MAX_UPLOAD: '100000',
          ...env,
        },
      });
      child = proc;
      const keep = (b: Buffer) => {
        output.push(b.toString());
        if (output.length > 200) output.shift();
      };
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      exited = new Promise((r) => {
        proc.once('exit', () => {
          if (child === proc) child = null;
          r();
        });
      });
      await waitFor(
        `the API on port ${port}`,
        async () => {
          if (child !== proc) throw new Error(`the API exited:\n${output.join('')}`);
          const res = await fetch(`${url}/health`);
          return res.ok;
        },
        180_000,
        50,
      ).catch((err) => {
        throw new Error(`${String(err)}\n${output.join('')}`);
      });
    },
    async stop(signal = 'SIGTERM') {
      const proc = child;
      if (!proc) return;
      proc.kill(signal);
      await exited;
    },
    async cleanup() {
      await site.stop('SIGKILL');
      await dbx?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    outbox() {
      const dir = join(dataDir, 'outbox');
      try {
        return readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
      } catch {
        return [];
      }
    },
  };
  return site;
}

/** JSON call against a running API process. */
export async function req<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; data: T; body: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, data: (body as { data: T })?.data, body };
}

export async function loginAt(base: string, email: string, password = 'Bawaba2026!'): Promise<string> {
  const r = await req<{ accessToken: string }>(base, 'POST', '/auth/login', { body: { email, password } });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.data.accessToken;
}

/** Register a user and set the password through the mailed link; returns the access token. */
export async function registerAt(site: ApiSite, name: string, email: string): Promise<string> {
  const r = await req(site.url, 'POST', '/auth/register', { body: { name, email } });
  if (r.status !== 200) throw new Error(`register ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  const mail = await waitFor(`the mail to ${email}`, () =>
    site.outbox().find((m) => m.to === email && m.link?.includes('verificationToken')),
  );
  const token = new URL(mail.link!).searchParams.get('verificationToken')!;
  const s = await req<{ accessToken: string }>(site.url, 'POST', '/auth/set-password', {
    body: { verificationToken: token, newPassword: 'Bawaba2026!', confirmPassword: 'Bawaba2026!' },
  });
  if (s.status !== 200) throw new Error(`set-password ${email}: ${s.status} ${JSON.stringify(s.body)}`);
  return s.data.accessToken;
}

/** Upload a file (multipart) as `token`; returns the file id. */
export async function uploadAt(
  base: string,
  token: string,
  purpose: string,
  filename: string,
  bytes: Buffer,
): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  const res = await fetch(`${base}/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { data: { id: string } };
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body.data.id;
}
