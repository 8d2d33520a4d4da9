import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { mailOutbox } from '../src/db/schema.ts';
import { copySeededFiles, type SeededTemplate } from './seeded-template.ts';

/** The tests run on PGlite (in memory) unless DATABASE_URL is set; then each app gets its own throwaway database. */
export const DATABASE_URL = process.env.DATABASE_URL;

/** A new database on DATABASE_URL's server, empty or (`template`) a copy of that database. */
export async function throwawayDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  const name = `bawaba_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      // Closed pools end their sockets asynchronously: give them a moment before forcing.
      for (let i = 0; i < 40; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((res) => setTimeout(res, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { cleanup: () => Promise<void> };

/** The upload stores the file tests run on: DATA_DIR/files, and an S3 bucket on a test server (s3-helpers.ts). */
export const STORES = ['local', 's3'] as const;
export type StoreKind = (typeof STORES)[number];

export async function makeApp(
  opts: { seed?: boolean; env?: Record<string, unknown>; store?: StoreKind } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bawaba-api-test-'));
  // A seeded app on the local file store starts from the run's seeded database and files (seeded-template.ts).
  const template = (opts.seed ?? true) && opts.store !== 's3' ? seededTemplate() : null;
  if (template) copySeededFiles(template, dataDir);
  const dbx = DATABASE_URL ? await throwawayDatabase(template?.database ?? undefined) : null;
  // Loaded only when asked for (the S3 server and SDK stay out of every other test file).
  const s3 = opts.store === 's3' ? await (await import('./s3-helpers.ts')).startS3() : null;
  const app = await buildApp({
    dataDir,
    databaseUrl: dbx?.url,
    inMemory: !dbx,
    logger: false,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://localhost:4000',
    seed: opts.seed ?? true,
    // Every success answer is checked against its documented response schema (a mismatch answers 500).
    checkResponses: true,
    // The test-only routes only where a test asks for them (test-hooks.test.ts), whatever the shell's TEST_HOOKS: the
    // tests that walk every route see the contract's routes alone.
    testHooks: false,
    ...(template?.pglite && !dbx ? { pgliteSnapshot: new Blob([readFileSync(template.pglite)]) } : {}),
    s3: s3?.config,
    ...opts.env,
  });
  await app.ready();
  return Object.assign(app, {
    async cleanup() {
      await app.close();
      await dbx?.drop();
      await s3?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/**
 * The member whose session is `memberToken` is invited by the administrator `adminToken` of another company, with
 * `roles`, and joins it from the mailed link: their session in that company.
 */
export async function joinAnotherCompany(
  app: TestApp,
  adminToken: string,
  memberToken: string,
  email: string,
  roles: string[],
): Promise<string> {
  const invited = await call(app, 'POST', '/members/invitations', {
    token: adminToken,
    payload: { email, roles },
  });
  if (invited.status !== 201) throw new Error(`invite ${email}: ${invited.status} ${invited.res.body}`);
  const joined = await call(app, 'POST', '/members/join', {
    token: memberToken,
    payload: { token: await invitationToken(app, email) },
  });
  if (joined.status !== 200) throw new Error(`join ${email}: ${joined.status} ${joined.res.body}`);
  return joined.body.data.accessToken as string;
}

/** The run's seeded template, provided by the global setup (none when this file runs outside vitest's workers). */
function seededTemplate(): SeededTemplate | null {
  try {
    return inject('seededTemplate') ?? null;
  } catch {
    return null;
  }
}

/**
 * A second app on the database of `app`: its own caches, like a second API process (the changes other processes make
 * reach it as they reach a process: through the database's announcements). Close it when done.
 */
export async function secondApp(app: TestApp): Promise<TestApp> {
  const other = await buildApp({
    database: app.ctx.database,
    logger: false,
    jwtSecret: app.ctx.config.jwtSecret,
    publicUrl: app.ctx.config.publicUrl,
    dataDir: app.ctx.config.dataDir,
    seed: false,
  });
  await other.ready();
  return Object.assign(other, { cleanup: () => other.close() });
}

/** How long a change may take to reach another process: the delivery of PostgreSQL's notification. */
export const DELIVERY = { timeout: 2000, interval: 20 };

export const PASSWORD = 'Bawaba2026!';

/**
 * Rate limits for a file whose many callers share one address (`makeApp({ env: { rateLimits: ROOMY_LIMITS } })`):
 * high enough that they are not what the file tests.
 */
export const ROOMY_LIMITS = {
  login: 1000,
  loginPerAccount: 1000,
  register: 1000,
  forgot: 5,
  upload: 100,
  windowMs: 60_000,
};
export const ADMIN = 'admin@bawaba.qa';
export const OWNER = 'owner@bawaba.qa';
export const BIDDER = 'bidder@bawaba.qa';
export const OTHER = 'mariam@qatarbuild.qa';

export async function login(app: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return res.json().data.accessToken as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type InjectOpts = {
  token?: string | undefined;
  payload?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
};
export async function call(app: TestApp, method: string, url: string, o: InjectOpts = {}) {
  const res = await app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: { ...(o.token ? bearer(o.token) : {}), ...o.headers },
    ...(o.payload !== undefined ? { payload: o.payload as Record<string, unknown> } : {}),
    ...(o.query ? { query: o.query } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests' assertions
  const body: any = res.body ? safeJson(res.body) : null;
  return { status: res.statusCode, body, res };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

/** Mails of the dev outbox, oldest first. */
export function outbox(
  app: TestApp,
): { to: string; subject: string; text: string; html: string; link?: string }[] {
  const dir = join(app.ctx.config.dataDir, 'outbox');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  } catch {
    return [];
  }
}

export const tokenFromLink = (link: string) => new URL(link).searchParams.get('verificationToken')!;

/** The token of the newest invitation mailed to `email` (the outbox row committed with the invitation). */
export async function invitationToken(app: TestApp, email: string): Promise<string> {
  const [mail] = await app.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return new URL(mail!.link!).searchParams.get('token')!;
}

/**
 * Invites a new address to the company `adminToken`'s session administers, with `roles`, and joins it as a new
 * person (the link read from the mail outbox row committed with the invitation): the new member's session token.
 * `language`: the new account's (the invitation's; the administrator's own unless told).
 */
export async function newMember(
  app: TestApp,
  adminToken: string,
  email: string,
  roles: string[],
  language?: 'en' | 'ar',
): Promise<string> {
  const invited = await call(app, 'POST', '/members/invitations', {
    token: adminToken,
    payload: { email, roles, ...(language ? { language } : {}) },
  });
  if (invited.status !== 201) throw new Error(`invite ${email}: ${invited.status} ${invited.res.body}`);
  const joined = await call(app, 'POST', '/members/join', {
    payload: { token: await invitationToken(app, email), name: `Member ${email}`, password: PASSWORD },
  });
  if (joined.status !== 200) throw new Error(`join ${email}: ${joined.status} ${joined.res.body}`);
  return joined.body.data.accessToken as string;
}

export async function rowCount(app: TestApp, table: string): Promise<number> {
  const r = await app.ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (r.rows[0] as { n: number }).n;
}

/** A multipart body with a `purpose` field and a `file` part. */
export function multipart(
  purpose: string | null,
  filename: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
) {
  const boundary = `----bawaba${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (purpose !== null) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  app: TestApp,
  token: string | undefined,
  purpose: string | null,
  filename: string,
  bytes: Buffer,
) {
  const m = multipart(purpose, filename, bytes);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/files/upload',
    headers: { ...m.headers, ...(token ? bearer(token) : {}) },
    payload: m.payload,
  });
  return {
    status: res.statusCode,
    body: safeJson(res.body) as { data: { id: string; url: string } } & Record<string, unknown>,
  };
}

export { SAMPLE_PDF } from '../src/db/seed/demo.ts';
export { logoPng } from '../src/lib/png.ts';

/**
 * Until some statement on the database `client` is connected to waits for a lock (another connection's transaction
 * holding what it needs): how a PostgreSQL test knows a second writer has reached the first one's lock.
 */
export async function untilALockIsAwaited(client: pg.Client): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const r = await client.query(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (r.rows[0].n > 0) return;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('no statement waited for the held lock');
}
