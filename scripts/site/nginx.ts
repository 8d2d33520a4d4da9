/**
 * nginx as the load balancer in front of the API instances (docs/topology.md). Debian's package,
 * installed when absent (as scripts/site/pg.sh installs PostgreSQL); run as a child process — not the system service —
 * with its own prefix, config, temp folders and pid file in a temp folder, removed when it stops.
 *
 * Also a command, for the API benchmark (api/bench/run.ts starts it in front of its own API processes):
 *   node scripts/site/nginx.ts --listen=PORT=HOST:PORT,HOST:PORT [--listen=…]
 * prints one JSON line `{"ready":true,…}` once every port answers, and runs until SIGTERM/SIGINT.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One listening port of the balancer and the API instances (`host:port`) it spreads requests over. */
export interface Balancer {
  port: number;
  upstreams: string[];
}

export interface Nginx {
  /** The temp folder with nginx.conf, error.log and the temp paths. */
  dir: string;
  config: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The limits of the SSE route: a live stream is silent for up to the API's heartbeat (15 s) and lasts for hours. */
export const SSE_PATH = '/api/v1/notification/subscribe';

function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('which', ['nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The nginx binary; Debian's package is installed first when there is none (needs root, as scripts/site/pg.sh). */
export function ensureNginx(): string {
  const found = nginxBinary();
  if (found) return found;
  console.log('› installing nginx (Debian package)');
  execFileSync('bash', ['-c', 'apt-get update -qq >/dev/null && apt-get install -y -qq nginx >/dev/null'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = nginxBinary();
  if (!installed) throw new Error('nginx is still missing after apt-get install nginx');
  return installed;
}

/** The hard limit of open files: each stream through nginx holds two sockets (client and upstream). */
function openFilesHardLimit(): number {
  const line = /Max open files\s+\d+\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return line?.[1] && line[1] !== 'unlimited' ? Number(line[1]) : 65_536;
}

/** The config: one upstream and one server per balancer. Every directive that matters says why. */
export function nginxConfig(dir: string, balancers: Balancer[]): string {
  const files = Math.min(openFilesHardLimit(), 65_536);
  const upstreams = balancers
    .map(
      (b) => `
  upstream api_${b.port} {
    # least_conn: a live stream holds its connection for hours, so "fewest open connections" spreads the streams
    # (and the requests beside them) evenly; plain round robin counts requests, not what each instance holds.
    least_conn;
${b.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join('\n')}
    # Passive health: one failed connect/answer takes an instance out for fail_timeout, then one request tries it.
    keepalive 64;
  }`,
    )
    .join('\n');
  const servers = balancers
    .map(
      (b) => `
  server {
    # reuseport: the kernel spreads new connections over the workers (10 000 streams would not fit in one).
    listen 127.0.0.1:${b.port} backlog=4096 reuseport;
    location = ${SSE_PATH} {
      proxy_pass http://api_${b.port};
      # Live notifications: every event goes out as it comes (the API also sends X-Accel-Buffering: no), and a
      # quiet stream is not cut (the API writes a heartbeat every 15 s; a stream lives for hours).
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
    location / {
      proxy_pass http://api_${b.port};
      proxy_read_timeout 120s;
    }
  }`,
    )
    .join('\n');
  return `# Written by scripts/site/nginx.ts (docs/topology.md).
daemon off;
master_process on;
worker_processes auto;
worker_rlimit_nofile ${files};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events {
  # A stream through nginx holds two connections (client, instance) in one worker; all but a few files for them.
  worker_connections ${files - 256};
  multi_accept on;
}

http {
  access_log off;
  server_tokens off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  # Uploads: up to 50 MB (the API refuses more with its own 413), streamed to the API as they arrive.
  client_max_body_size 60m;
  proxy_request_buffering off;

  # HTTP/1.1 with keep-alive to the instances (and no "Connection: close" passed on).
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $forwarded_proto;
  map $http_x_forwarded_proto $forwarded_proto {
    default $http_x_forwarded_proto;
    "" $scheme;
  }

  # A dead instance (refused or failed connection, no answer in time) gets the request passed to the next one —
  # for idempotent methods only (GET, HEAD, PUT, DELETE…): nginx never passes on a POST or PATCH unless told
  # "non_idempotent", and it is not told. A write whose connection broke may already be committed on the
  # instance that died; sending it again could create a second proposal, request or payment. The client
  # retries such a write itself, with its idempotency key. Without request buffering a body already sent
  # cannot be replayed anyway.
  proxy_next_upstream error timeout;
  proxy_next_upstream_tries 2;
  proxy_connect_timeout 2s;
${upstreams}
${servers}
}
`;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts nginx with one server per balancer; resolves once every port accepts connections. */
export async function startNginx(balancers: Balancer[]): Promise<Nginx> {
  const binary = ensureNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'bawaba-nginx-'));
  // Workers run as an unprivileged user when nginx starts as root: they must reach the temp paths inside.
  chmodSync(dir, 0o755);
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(dir, balancers));
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  // -e: the log of the start itself (before the config's error_log applies), -p: nothing under /etc or /var.
  const child = spawn(binary, ['-p', dir, '-c', config, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  const gone = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  const deadline = Date.now() + 15_000;
  for (const b of balancers) {
    while (!(await portAnswers(b.port))) {
      if (exited || Date.now() > deadline) {
        child.kill('SIGTERM');
        const log = errorLog();
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`nginx did not start on port ${b.port}:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    dir,
    config,
    process: child,
    async stop() {
      // SIGTERM: fast shutdown (open streams are cut; clients reconnect elsewhere).
      if (!exited) child.kill('SIGTERM');
      await gone;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The command form (see the top of this file).
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const balancers = process.argv
    .filter((a) => a.startsWith('--listen='))
    .map((a) => {
      const [port, list] = a.slice('--listen='.length).split('=');
      return { port: Number(port), upstreams: (list ?? '').split(',').filter(Boolean) };
    });
  if (balancers.length === 0 || balancers.some((b) => !b.port || b.upstreams.length === 0)) {
    console.error('usage: node scripts/site/nginx.ts --listen=PORT=HOST:PORT,HOST:PORT [--listen=…]');
    process.exit(2);
  }
  const nginx = await startNginx(balancers);
  console.log(JSON.stringify({ ready: true, pid: nginx.process.pid, balancers }));
  let stopping = false;
  const stop = () => {
    stopping = true;
    void nginx.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  nginx.process.once('exit', (code) => {
    if (stopping) return;
    console.error(`nginx exited (${code})`);
    process.exit(1);
  });
}
