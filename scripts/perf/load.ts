/**
 * Over the ~300-line rule on purpose: one measurement (or one server) read top to bottom, set-up to report.
 *
 * Load test: N simulated users browsing, searching, signing in, sending service requests and submitting
 * (or resubmitting) proposals for a while, against the API; prints throughput and p50/p99 per action and
 * fails (exit 1) on any error.
 *
 *   pnpm exec node scripts/perf/load.ts [--users 200] [--duration 60] [--think 300] [--tenders 30]
 *                                  [--url http://localhost:4000/api/v1 --data-dir <that API's DATA_DIR>]
 *
 * Without --url it starts the API itself (node api/src/main.ts) on a free port and a fresh temporary DATA_DIR
 * (PGlite; with DATABASE_URL set, on that PostgreSQL database) and stops it at the end. With --url it targets a
 * running site (the host's /api proxy or the API itself); --data-dir is that API's DATA_DIR, whose dev outbox
 * gives the set-password links of the users it registers (so the target must run without SMTP_URL).
 *
 * Set-up, through the API: one account per user (register, set password), one proposal attachment each,
 * and --tenders open tenders (created by owner@bawaba.qa, approved by admin@bawaba.qa). Each user acts from
 * its own client address (X-Forwarded-For, trusted from loopback), so per-IP rate limits apply per user as
 * they would in production; a user signs in again at most every 10 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PASSWORD = 'Bawaba2026!';
const DAY = 86_400_000;

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: process.env.LOAD_USERS ?? '200' },
    duration: { type: 'string', default: process.env.LOAD_DURATION ?? '60' },
    think: { type: 'string', default: process.env.LOAD_THINK_MS ?? '300' },
    tenders: { type: 'string', default: '30' },
    url: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const USERS = Number(args.users);
const DURATION_MS = Number(args.duration) * 1000;
const THINK_MS = Number(args.think);
const TENDERS = Number(args.tenders);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

// ---------------------------------------------------------------------------------------------- HTTP

class HttpError extends Error {
  status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

let BASE = args.url?.replace(/\/+$/, '') ?? '';

async function call<T>(
  method: string,
  pathname: string,
  opts: { token?: string | undefined; body?: unknown; ip: string; form?: FormData },
): Promise<T> {
  const res = await fetch(`${BASE}${pathname}`, {
    method,
    headers: {
      'x-forwarded-for': opts.ip,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.form ? { body: opts.form } : opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  if (!res.ok)
    throw new HttpError(res.status, `${method} ${pathname}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { data: T }).data;
}

// ------------------------------------------------------------------------------------------- the API

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function startOwnApi(): Promise<{ dataDir: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bawaba-load-'));
  const child: ChildProcess = spawn(process.execPath, ['src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  BASE = `http://127.0.0.1:${port}/api/v1`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the API exited during start-up');
    try {
      if ((await fetch(`${BASE}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the API did not come up within 180 s');
    await sleep(100);
  }
  return {
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ------------------------------------------------------------------------------------------ set-up

type User = { email: string; ip: string; token: string; attachment: string; lastLogin: number };
type Company = { id: number; services: { id: number }[] };
const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function outboxLink(dataDir: string, email: string): string | undefined {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return undefined;
  }
  for (const f of files.sort().reverse()) {
    let mail: { to: string; link?: string };
    try {
      mail = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
    } catch {
      continue; // still being written
    }
    if (mail.to === email && mail.link?.includes('verificationToken')) return mail.link;
  }
  return undefined;
}

async function register(dataDir: string, run: string, i: number): Promise<User> {
  const email = `load-${run}-${i}@load.qa`;
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;
  await call('POST', '/auth/register', { ip, body: { name: `Load user ${i}`, email } });
  let link: string | undefined;
  for (let k = 0; k < 200 && !link; k++) {
    link = outboxLink(dataDir, email);
    if (!link) await sleep(50);
  }
  if (!link) throw new Error(`no set-password mail for ${email} in ${dataDir}/outbox`);
  const verificationToken = new URL(link).searchParams.get('verificationToken');
  const auth = await call<{ accessToken: string }>('POST', '/auth/set-password', {
    ip,
    body: { verificationToken, newPassword: PASSWORD, confirmPassword: PASSWORD },
  });
  const form = new FormData();
  form.append('purpose', 'proposal-attachment');
  form.append('file', new Blob([new Uint8Array(SAMPLE_PDF)], { type: 'application/pdf' }), 'offer.pdf');
  const file = await call<{ id: string }>('POST', '/files/upload', { ip, token: auth.accessToken, form });
  return { email, ip, token: auth.accessToken, attachment: file.id, lastLogin: Date.now() };
}

async function createTenders(run: string, count: number): Promise<number[]> {
  const ip = '10.255.255.1';
  const owner = await call<{ accessToken: string }>('POST', '/auth/login', {
    ip,
    body: { email: 'owner@bawaba.qa', password: PASSWORD },
  });
  const admin = await call<{ accessToken: string }>('POST', '/auth/login', {
    ip: '10.255.255.2',
    body: { email: 'admin@bawaba.qa', password: PASSWORD },
  });
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = await call<{ id: number }>('POST', '/tenders', {
      ip,
      token: owner.accessToken,
      body: {
        title: `Load tender ${run} #${i + 1}`,
        description: '<p>Created by scripts/perf/load.ts</p>',
        status: 'open',
        start_date: new Date(Date.now() + 40 * DAY).toISOString(),
        end_date: new Date(Date.now() + 200 * DAY).toISOString(),
        deadline: new Date(Date.now() + 30 * DAY).toISOString(),
      },
    });
    await call('POST', `/tenders/${t.id}/publish`, { ip, token: owner.accessToken });
    await call('POST', `/admin/tenders/${t.id}/approve`, { ip: '10.255.255.2', token: admin.accessToken });
    ids.push(t.id);
  }
  return ids;
}

async function inBatches<T>(n: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, k) => fn(i + k)))));
  }
  return out;
}

// ------------------------------------------------------------------------------------------ actions

const WORDS = ['solutions', 'construction', 'clean', 'tech', 'design', 'security', 'qatar', 'services'];
type Ctx = { user: User; companies: Company[]; tenders: number[]; proposals: Map<number, number> };
type Action = { name: string; weight: number; run: (c: Ctx) => Promise<void> };

const proposalContent = (c: Ctx, title: string) => ({
  attachment: c.user.attachment,
  offer_price: 10_000 + Math.floor(Math.random() * 90_000),
  title,
  description: 'Plan, team and references (load test)',
  period: 60,
  currency: 'QAR',
  payment_terms: '30_days',
  milestones: [
    {
      title: 'Phase 1',
      description: 'Mobilisation',
      amount: 5000,
      period: 20,
      documents: [],
      start_date: new Date(Date.now() + 45 * DAY).toISOString(),
      end_date: new Date(Date.now() + 65 * DAY).toISOString(),
      expected_completion_date: new Date(Date.now() + 65 * DAY).toISOString(),
    },
  ],
  breakdown: [{ name: 'Labour', description: '', quantity: 1, unitPrice: 5000 }],
});

const ACTIONS: Action[] = [
  {
    name: 'browse companies',
    weight: 20,
    async run(c) {
      const page = 1 + Math.floor(Math.random() * 10);
      const list = await call<{ items: Company[] }>('GET', `/companies?page=${page}&limit=5`, {
        ip: c.user.ip,
        token: c.user.token,
      });
      const company = list.items[0] ?? pick(c.companies);
      await call('GET', `/companies/${company.id}`, { ip: c.user.ip, token: c.user.token });
    },
  },
  {
    name: 'browse tenders',
    weight: 20,
    async run(c) {
      await call('GET', `/tenders?page=1&limit=10`, { ip: c.user.ip, token: c.user.token });
      await call('GET', `/tenders/${pick(c.tenders)}`, { ip: c.user.ip, token: c.user.token });
    },
  },
  {
    name: 'browse anonymously',
    weight: 10,
    async run(c) {
      await call('GET', `/companies?page=${1 + Math.floor(Math.random() * 10)}&limit=5`, { ip: c.user.ip });
      await call('GET', '/categories', { ip: c.user.ip });
    },
  },
  {
    name: 'search',
    weight: 20,
    async run(c) {
      const word = pick(WORDS);
      await call('GET', `/services/autocomplete?q=${word.slice(0, 3)}`, { ip: c.user.ip });
      await call('GET', `/companies?name=${word}&page=1&limit=5`, { ip: c.user.ip, token: c.user.token });
      await call('GET', `/tenders?title=${encodeURIComponent('Load')}&page=1&limit=10`, {
        ip: c.user.ip,
        token: c.user.token,
      });
    },
  },
  {
    name: 'sign in',
    weight: 5,
    async run(c) {
      const auth = await call<{ accessToken: string }>('POST', '/auth/login', {
        ip: c.user.ip,
        body: { email: c.user.email, password: PASSWORD },
      });
      c.user.token = auth.accessToken;
      c.user.lastLogin = Date.now();
      await call('GET', '/users/me', { ip: c.user.ip, token: c.user.token });
    },
  },
  {
    name: 'service request',
    weight: 10,
    async run(c) {
      const company = pick(c.companies);
      await call('POST', '/requests', {
        ip: c.user.ip,
        token: c.user.token,
        body: {
          company: company.id,
          name: 'Load user',
          email: c.user.email,
          phone: '55512345',
          services: [company.services[0]!.id],
          project_title: 'Load test request',
          description: 'Please quote (load test).',
        },
      });
    },
  },
  {
    name: 'proposal',
    weight: 10,
    async run(c) {
      const fresh = c.tenders.filter((t) => !c.proposals.has(t));
      if (fresh.length > 0) {
        const tender = pick(fresh);
        const r = await call<{ proposal: { id: number } }>('POST', '/proposals', {
          ip: c.user.ip,
          token: c.user.token,
          body: { tender, ...proposalContent(c, `Offer for ${tender}`) },
        });
        c.proposals.set(tender, r.proposal.id);
      } else {
        const [tender, id] = pick([...c.proposals.entries()]);
        await call('PUT', `/proposals/${id}`, {
          ip: c.user.ip,
          token: c.user.token,
          body: proposalContent(c, `Revised offer for ${tender}`),
        });
      }
    },
  },
];
const TOTAL_WEIGHT = ACTIONS.reduce((n, a) => n + a.weight, 0);
function chooseAction(user: User): Action {
  for (;;) {
    let r = Math.random() * TOTAL_WEIGHT;
    let chosen = ACTIONS[0]!;
    for (const a of ACTIONS) {
      r -= a.weight;
      if (r < 0) {
        chosen = a;
        break;
      }
    }
    // Per-IP login limits: a user signs in again at most every 10 s (as a person would).
    if (chosen.name === 'sign in' && Date.now() - user.lastLogin < 10_000) continue;
    return chosen;
  }
}

// --------------------------------------------------------------------------------------------- run

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  if (!(USERS > 0 && DURATION_MS > 0)) throw new Error('--users and --duration must be positive');
  let own: Awaited<ReturnType<typeof startOwnApi>> | null = null;
  let dataDir = args['data-dir'];
  if (!BASE) {
    own = await startOwnApi();
    dataDir = own.dataDir;
  } else if (!dataDir) {
    throw new Error('--url needs --data-dir (the target API DATA_DIR, for the set-password mails)');
  }
  try {
    const run = Date.now().toString(36);
    const t0 = Date.now();
    console.log(`load: target ${BASE}; setting up ${USERS} users and ${TENDERS} tenders…`);
    const tenders = await createTenders(run, TENDERS);
    const users = await inBatches(USERS, 8, (i) => register(dataDir!, run, i));
    const companies = (
      await call<{ items: Company[] }>('GET', '/companies?page=1&limit=50', { ip: '10.255.255.3' })
    ).items.filter((c) => c.services.length > 0);
    console.log(
      `load: set-up done in ${((Date.now() - t0) / 1000).toFixed(1)} s; running ${DURATION_MS / 1000} s…`,
    );

    const stats = new Map<string, { latencies: number[]; errors: number }>(
      ACTIONS.map((a) => [a.name, { latencies: [], errors: 0 }]),
    );
    const errors: string[] = [];
    let requests = 0;
    const counting = globalThis.fetch;
    globalThis.fetch = (...a: Parameters<typeof fetch>) => {
      requests++;
      return counting(...a);
    };
    const start = performance.now();
    const end = start + DURATION_MS;
    await Promise.all(
      users.map(async (user) => {
        const ctx: Ctx = { user, companies, tenders, proposals: new Map() };
        // Users arrive over the first second, then act with a think time between actions.
        await sleep(Math.random() * 1000);
        while (performance.now() < end) {
          const action = chooseAction(user);
          const s = stats.get(action.name)!;
          const began = performance.now();
          try {
            await action.run(ctx);
            s.latencies.push(performance.now() - began);
          } catch (err) {
            s.errors++;
            if (errors.length < 10)
              errors.push(`${action.name}: ${err instanceof Error ? err.message : String(err)}`);
          }
          if (THINK_MS > 0) await sleep(Math.random() * 2 * THINK_MS);
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    globalThis.fetch = counting;

    let actions = 0;
    let failed = 0;
    const rows = ACTIONS.map((a) => {
      const s = stats.get(a.name)!;
      const sorted = [...s.latencies].sort((x, y) => x - y);
      actions += sorted.length + s.errors;
      failed += s.errors;
      return {
        action: a.name,
        count: sorted.length,
        errors: s.errors,
        'per s': Number((sorted.length / seconds).toFixed(1)),
        'p50 ms': Math.round(percentile(sorted, 50)),
        'p99 ms': Math.round(percentile(sorted, 99)),
      };
    });
    console.table(rows);
    console.log(
      `load: ${USERS} users, ${seconds.toFixed(1)} s, think ${THINK_MS} ms: ${actions} actions (${(actions / seconds).toFixed(1)}/s), ` +
        `${requests} HTTP requests (${(requests / seconds).toFixed(1)} req/s), ${failed} errors`,
    );
    for (const e of errors) console.log(`  error: ${e}`);
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    await own?.stop();
  }
}

await main();
