/**
 * The production-like topology (docs/topology.md): PostgreSQL, S3-compatible object storage,
 * N API processes on both (one DATABASE_URL, one JWT_SECRET, one bucket, one DATA_DIR for the dev outbox and the
 * upload temp files; distinct ports and INSTANCE_IDs), nginx balancing over them (scripts/site/nginx.ts). The front end
 * (`./bawaba start --instances N`, scripts/site/start.ts) points the host's `/api` proxy at nginx. Used by
 * scripts/site/start.ts and scripts/site/topology.test.ts.
 *
 * Stand-ins, when no real service is given: DATABASE_URL unset → a throwaway PostgreSQL (scripts/site/pg.sh on PG_PORT)
 * and a database created for this run; S3_BUCKET unset → @20minutes/s3rver in a process of its own
 * (scripts/site/s3-server.ts) with its data in the run's temp folder. Everything started is stopped (and throwaway
 * data removed) by stop().
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startProcess } from '../lib.ts';
import { type Nginx, startNginx } from './nginx.ts';

export interface TopologyPorts {
  /** nginx: what the host's `/api` proxy and any client talk to. */
  balancer: number;
  /** One per API instance. */
  instances: number[];
  /** The S3 stand-in (unused when S3_* names a real bucket). */
  s3: number;
}

/** The balancer on `base`, the instances on base+1…base+N, the S3 stand-in on base+90. */
export function topologyPortsFrom(base: number, instances: number): TopologyPorts {
  return {
    balancer: base,
    instances: Array.from({ length: instances }, (_, i) => base + 1 + i),
    s3: base + 90,
  };
}

export interface TopologyOptions {
  ports: TopologyPorts;
  /** The site's public origin (links in mails, the OpenAPI server). */
  publicUrl: string;
  /** postgres://… of the database the instances share, used as is. Unset: a database created for this run. */
  databaseUrl?: string;
  /** Where that database is created: postgres://… of a server; unset: scripts/site/pg.sh start (PG_PORT). */
  postgresServer?: string;
  /** S3_* of a real bucket; unset: the s3rver stand-in. */
  s3Env?: Record<string, string>;
  /** More env for every API process (LOG_LEVEL, RATE_LIMIT_*…). */
  env?: Record<string, string>;
}

export interface Instance {
  /** Its INSTANCE_ID, sent back in `x-bawaba-instance`. */
  id: string;
  port: number;
  /** http://127.0.0.1:<port>/api/v1 (straight to the instance, not through nginx). */
  url: string;
  readonly pid: number | undefined;
  start(): Promise<void>;
  /** Send a signal (SIGTERM: graceful) and wait for the process to be gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Topology {
  /** http://127.0.0.1:<balancer>/api/v1 */
  url: string;
  databaseUrl: string;
  s3Env: Record<string, string>;
  /** The instances' shared DATA_DIR (the dev outbox; uploads go to the bucket). */
  dataDir: string;
  instances: Instance[];
  nginx: Nginx;
  stop(): Promise<void>;
}

const API_DIR = path.join(ROOT, 'api');
const PG_SCRIPT = path.join(ROOT, 'scripts', 'site', 'pg.sh');

type PgClient = { connect(): Promise<void>; query(sql: string): Promise<unknown>; end(): Promise<void> };
/** node-postgres, the API's dependency (the scripts have none of their own on it). */
async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const pg = createRequire(path.join(API_DIR, 'package.json'))('pg') as {
    Client: new (o: { connectionString: string }) => PgClient;
  };
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function pgScript(action: 'start' | 'stop' | 'status'): string {
  return execFileSync('bash', [PG_SCRIPT, action], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}
function pgRunning(): boolean {
  try {
    pgScript('status');
    return true;
  } catch {
    return false;
  }
}

/** A child that prints one JSON line `{"ready":true…}` when it is up (scripts/site/s3-server.ts). */
function startReadyChild(name: string, args: string[]): Promise<{ child: ChildProcess; info: object }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) resolve({ child, info: JSON.parse(line) as object });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready:\n${out}`)));
  });
}

function apiInstance(id: string, port: number, env: Record<string, string>): Instance {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const url = `http://127.0.0.1:${port}/api/v1`;
  return {
    id,
    port,
    url,
    get pid() {
      return child?.pid;
    },
    async start() {
      // Node itself, not through pnpm: a signal sent to the instance reaches the API process (SIGKILL tests).
      const proc = startProcess(id, process.execPath, ['src/main.ts'], {
        cwd: API_DIR,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', INSTANCE_ID: id },
      });
      child = proc;
      exited = new Promise((r) =>
        proc.once('exit', () => {
          if (child === proc) child = null;
          r();
        }),
      );
      const deadline = Date.now() + 180_000;
      for (;;) {
        if (child !== proc) throw new Error(`${id} exited before it answered`);
        try {
          if ((await fetch(`${url}/health`)).ok) return;
        } catch {
          // not up yet
        }
        if (Date.now() > deadline) throw new Error(`${id} did not answer within 180 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(signal = 'SIGTERM') {
      child?.kill(signal);
      await exited;
    },
  };
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const { ports } = options;
  const dir = mkdtempSync(path.join(tmpdir(), 'bawaba-topology-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(error);
      }
    }
  };
  try {
    // PostgreSQL: the given database, or one created for this run (on a throwaway server when none is given).
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      let server = options.postgresServer;
      if (!server) {
        const wasRunning = pgRunning();
        server = pgScript('start').split('\n').at(-1) ?? '';
        if (!wasRunning) cleanups.push(() => void pgScript('stop'));
      }
      const name = `bawaba_topology_${Date.now()}_${process.pid}`;
      await adminQuery(server, `CREATE DATABASE ${name}`);
      const admin = server;
      cleanups.push(() => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      const u = new URL(server);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
    }

    // Object storage: the given bucket, or the s3rver stand-in.
    let s3Env = options.s3Env;
    if (!s3Env) {
      const s3Dir = path.join(dir, 's3');
      mkdirSync(s3Dir);
      const s3 = await startReadyChild('s3rver', [
        'scripts/site/s3-server.ts',
        `--port=${ports.s3}`,
        `--dir=${s3Dir}`,
      ]);
      cleanups.push(
        () =>
          new Promise<void>((resolve) => {
            if (s3.child.exitCode !== null) return resolve();
            s3.child.once('exit', () => resolve());
            s3.child.kill('SIGTERM');
          }),
      );
      s3Env = {
        S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
        S3_BUCKET: 'bawaba',
        S3_REGION: 'us-east-1',
        // s3rver's built-in account.
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
    }

    // The API instances: one database, one secret, one bucket, one DATA_DIR (the dev outbox, upload temp files).
    const dataDir = path.join(dir, 'api');
    mkdirSync(dataDir);
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: process.env.JWT_SECRET || randomBytes(48).toString('base64url'),
      DATA_DIR: dataDir,
      PUBLIC_URL: options.publicUrl,
      ...s3Env,
      ...options.env,
    };
    const instances = ports.instances.map((port, i) => apiInstance(`api-${i + 1}`, port, env));
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop('SIGTERM'))).then(() => {}));
    // The first one alone: it runs the migrations, loads the demo seed and creates the bucket.
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));

    const nginx = await startNginx([
      { port: ports.balancer, upstreams: ports.instances.map((p) => `127.0.0.1:${p}`) },
    ]);
    cleanups.push(() => nginx.stop());

    return {
      url: `http://127.0.0.1:${ports.balancer}/api/v1`,
      databaseUrl,
      s3Env,
      dataDir,
      instances,
      nginx,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
