import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createSession } from '../src/lib/auth.ts';
import { ADMIN, BIDDER, makeApp, OWNER, type TestApp } from './helpers.ts';

/**
 * Property-based fuzzing of every route, derived from the OpenAPI document (itself generated from the valibot
 * contracts) and the route table: a new route is fuzzed automatically, and the first test fails if a route has
 * no generator (undocumented, or a write without a documented body that is not listed in BODYLESS below).
 *
 * For each request: no status ≥ 500; every 4xx is JSON with a non-empty `message` (Arabic when asked for);
 * a refused request (≥ 400) leaves every table (row count + content hash) and the files directory unchanged.
 *
 * FUZZ_RUNS (runs per route and role, default 4) and FUZZ_SEED (default fixed; `random` for a new one) scale it.
 */

const RUNS = Number(process.env.FUZZ_RUNS || 4);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED || 20261122);

/** Writes whose request carries no JSON body, with how the fuzzer builds one. */
const BODYLESS: Record<string, 'none' | 'multipart' | 'form'> = {
  'POST /auth/logout': 'none',
  'POST /auth/navigation': 'none',
  'POST /admin/companies/:id/approve': 'none',
  'POST /admin/credentials/:id/verify': 'none',
  'POST /requests/:id/approve': 'none',
  'POST /files/upload': 'multipart',
  'POST /tenders/:id/publish': 'none',
  'POST /tenders/:id/close': 'none',
  'POST /admin/tenders/:id/approve': 'none',
  'POST /tenders/:id/interests/:interestId/approve': 'none',
  'POST /proposals/:id/pay': 'none',
  'POST /payments/sandbox/checkout/:id': 'form',
  'POST /notification/read-all': 'none',
  'POST /notification/:id/read': 'none',
  'POST /members/leave': 'none',
  'POST /members/invitations/:id/resend': 'none',
  'POST /admin/users/:id/resend-verification': 'none',
  'POST /tenders/:id/decision-request/approve': 'none',
  'POST /tenders/:id/panel/submit': 'none',
  'POST /tenders/:id/panel/lock': 'none',
  'POST /contracts/:id/accept': 'none',
  'POST /contracts/:id/milestones/:milestoneId/accept': 'none',
  'POST /contracts/:id/milestones/:milestoneId/payment': 'none',
  'POST /contracts/:id/variations/:variationId/accept': 'none',
  'POST /contracts/:id/variations/:variationId/reject': 'none',
  'POST /contracts/:id/variations/:variationId/withdraw': 'none',
  'POST /companies/:id/webhooks/:webhookId/secret': 'none',
  'POST /companies/:id/webhooks/:webhookId/test': 'none',
  'POST /companies/:id/webhooks/:webhookId/deliveries/:deliveryId/retry': 'none',
};
/** Routes left out of the OpenAPI document on purpose; fuzzed with query strings and headers only. */
const HIDDEN = new Set(['GET /openapi.json']);
/** Routes outside the fuzz: the documentation UI (static assets of @fastify/swagger-ui). */
const isDocs = (url: string) => url.startsWith('/api/v1/docs');

type Json = Record<string, unknown>;
type Op = { parameters?: { in: string; name: string; schema?: Json }[]; requestBody?: Json };
type Role = 'anon' | 'user' | 'owner' | 'admin';
const ROLES: Role[] = ['anon', 'user', 'owner', 'admin'];

// ---------------------------------------------------------------- hostile values

const LONG = (n: number) => 'A'.repeat(n);
const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999',
  "1' OR '1'='1",
  '1; DROP TABLE users; --',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '\u202Egnp.exe',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '\u0024{7*7}',
  '__proto__',
  'constructor',
  '١٢٣',
  '𝟙𝟚𝟛',
  'ｆｕｌｌｗｉｄｔｈ',
  '\uD800',
  'a\r\nSet-Cookie: x=1',
  LONG(300),
  LONG(70_000),
);
const hostileString = fc.oneof(
  { arbitrary: hostileStrings, weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, -0.000001, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, 1e308, -1e308, 1e21),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
/** Any JSON value of the wrong shape, including prototype-pollution keys. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [[]], [null], { length: 1e9 }),
  hostileString,
  hostileNumber,
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true}}')),
  fc.constant({ constructor: { prototype: { isAdmin: true } } }),
  fc.array(fc.integer(), { minLength: 1000, maxLength: 1000 }),
  fc.jsonValue({ maxDepth: 3 }),
);

// ---------------------------------------------------------------- JSON schema → arbitrary

/** Mostly values the schema accepts (so handlers run deep), sometimes wrong types, oversized or hostile ones. */
function fromSchema(s: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return wrongType;
  return fc.oneof(
    { arbitrary: shaped(s, depth), weight: 5 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/**
 * Dates a user can type but no calendar has: five-digit and tiny years (10000-01-01 once answered 500), days past
 * the month's end (2026-02-30 rolled over to 2 March), a bare 0, an extended-year ISO string, and real dates.
 */
const oddDate = fc.oneof(
  fc.constantFrom(
    '10000-01-01',
    '+010000-01-01T00:00:00.000Z',
    '275760-09-13',
    '0000-01-01',
    '0',
    '2026-02-30',
    '2026-13-01',
    '2026-04-31T10:00:00Z',
    '2026-01-01T24:00:00Z',
    '1899-12-31',
    '3000-01-01',
  ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 99_999 }),
      fc.integer({ min: 0, max: 14 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
);

function shaped(s: Json, depth: number): fc.Arbitrary<unknown> {
  const anyOf = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (anyOf) return fc.oneof(...anyOf.map((x) => shaped(x, depth + 1)));
  if (Array.isArray(s.enum)) return fc.oneof(fc.constantFrom(...(s.enum as unknown[])), hostileString);
  if ('const' in s) return fc.constant(s.const);
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : 60;
  switch (s.type) {
    case 'string': {
      if (s.format === 'email')
        return fc.oneof(
          fc.emailAddress(),
          fc.constantFrom(
            'owner@bawaba.qa',
            'admin@bawaba.qa',
            `${LONG(250)}@x.qa`,
            'a@b',
            '@',
            'a@b.qa\u0000',
          ),
        );
      if (s.format === 'uuid') return fc.oneof(fc.uuid(), hostileString);
      if (typeof s.pattern === 'string') {
        const pattern = s.pattern;
        return fc.oneof(fc.stringMatching(new RegExp(pattern)), hostileString);
      }
      return fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: Math.min(maxLength, 40) }),
        fc.constant(LONG(maxLength + 1)),
        hostileString,
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        oddDate,
      );
    }
    case 'number':
    case 'integer': {
      const bounds = [s.minimum, s.maximum, s.exclusiveMinimum].filter((x) => typeof x === 'number');
      return fc.oneof(
        fc.integer({ min: -5, max: 100 }),
        hostileNumber,
        bounds.length ? fc.constantFrom(...bounds) : fc.constant(1),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = fromSchema(s.items as Json | undefined, depth + 1);
      return fc.oneof(
        { arbitrary: fc.array(item, { maxLength: 4 }), weight: 4 },
        { arbitrary: fc.array(item, { minLength: 200, maxLength: 200 }), weight: 1 },
      );
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Json>;
      const model = Object.fromEntries(
        Object.entries(props).map(([k, sub]) => [k, fromSchema(sub, depth + 1)] as const),
      );
      const extra = fc.dictionary(
        fc.oneof(
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'ownerId', 'id'),
          fc.string(),
        ),
        wrongType,
        { maxKeys: 2 },
      );
      return fc.tuple(fc.record(model), extra).map(([a, b]) => ({ ...b, ...a }));
    }
    default:
      return wrongType;
  }
}

// ---------------------------------------------------------------- requests

const pathValue = (schema: Json | undefined) =>
  fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 60 }).map(String), weight: 3 },
    { arbitrary: schema ? shaped(schema, 0).map((x) => String(x)) : fc.constant('1'), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '-1',
        '0',
        '2147483648',
        '99999999999999999999',
        '1e3',
        '1.5',
        '0x1F',
        '%201',
        'abc',
        '..%2F..%2Fetc%2Fpasswd',
        '..',
        '%2e%2e',
        '%00',
        '%E2%80%AE',
        '%D9%A1%D9%A2',
        'NaN',
        '__proto__',
        'constructor',
        LONG(5000),
        '%ZZ',
        '1%3B%20drop%20table%20users',
        '00000000-0000-4000-8000-000000000000',
        '00000000-0000-4000-8000-000000000000.png',
        'PAY-000000000000',
        'PAY-../../x',
      ),
      weight: 3,
    },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent), weight: 1 },
  );

const queryPair = (name: string, schema: Json | undefined) =>
  fromSchema(schema).map((v) =>
    v === undefined ? [] : [[name, typeof v === 'object' ? JSON.stringify(v) : String(v)] as const],
  );
const hostileQueryPairs = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(
        '__proto__',
        '__proto__[isAdmin]',
        'constructor[prototype][isAdmin]',
        'page',
        'limit',
        'services[]',
        'a[b][c]',
        '',
        LONG(2000),
      ),
      fc.string({ maxLength: 10 }),
    ),
    fc.oneof(hostileString, fc.constant('true')),
  ),
  { maxLength: 3 },
);

const authHeader = (valid: string | undefined, forged: string[]) =>
  fc.oneof(
    { arbitrary: fc.constant(valid ? `Bearer ${valid}` : undefined), weight: 6 },
    {
      arbitrary: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer null',
        'Basic YWRtaW5AYmF3YWJhLnFhOkJhd2FiYTIwMjYh',
        `Bearer ${LONG(20_000)}`,
        'Bearer a.b.c',
        'Bearer ....',
        `Bearer ${valid ?? 'x'}x`,
        `bearer   ${valid ?? 'x'}`,
        ...forged.map((t) => `Bearer ${t}`),
      ),
      weight: 2,
    },
    { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }), weight: 1 },
  );
const acceptLanguage = fc.constantFrom(
  undefined,
  'en',
  'ar',
  'ar-QA,ar;q=0.9,en;q=0.8',
  '*',
  '',
  'ar;q=abc',
  'zz-ZZ',
  LONG(8000),
  'ar\u00e9',
);
const contentTypeLie = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  '',
  'application/json, text/html',
  `application/${LONG(500)}`,
);
/** The JSON text, sometimes broken or with prototype-pollution keys spliced in. */
const serialize = (body: unknown) =>
  fc
    .constantFrom('plain', 'plain', 'plain', 'proto', 'ctor', 'broken', 'empty', 'deep', 'huge')
    .map((how) => {
      const json = JSON.stringify(body) ?? 'null';
      const isObj = json.startsWith('{') && json !== '{}';
      switch (how) {
        case 'proto':
          return isObj ? `{"__proto__":{"isAdmin":true},${json.slice(1)}` : '{"__proto__":{"isAdmin":true}}';
        case 'ctor':
          return isObj
            ? `{"constructor":{"prototype":{"isAdmin":true}},${json.slice(1)}`
            : '{"constructor":{"prototype":{"isAdmin":true}}}';
        case 'broken':
          return json.slice(0, Math.max(1, json.length - 1));
        case 'empty':
          return '';
        case 'deep':
          return `${'['.repeat(5000)}${']'.repeat(5000)}`;
        case 'huge':
          return JSON.stringify({ x: LONG(1024 * 1024 + 10) });
        default:
          return json;
      }
    });

function multipartBody(purpose: string | undefined, filename: string, bytes: Buffer, boundary: string) {
  const parts: Buffer[] = [];
  if (purpose !== undefined)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return Buffer.concat(parts);
}
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);
const multipartPayload = fc
  .record({
    purpose: fc.oneof(fc.constantFrom('logo', 'avatar', 'proposal-attachment', undefined), hostileString),
    filename: fc.oneof(
      fc.constantFrom(
        'a.png',
        '../../x.png',
        '/etc/passwd',
        'CON.png',
        'a\u202Egnp.exe',
        `${LONG(3000)}.png`,
        '',
      ),
      fc.string({ maxLength: 20 }).map((s) => s.replace(/["\r\n]/g, '')),
    ),
    bytes: fc.oneof(
      fc.constant(PNG),
      fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
      fc.constant(Buffer.from('%PDF-1.4 not really')),
    ),
    broken: fc.constantFrom('ok', 'ok', 'no-boundary', 'truncated', 'wrong-boundary'),
  })
  .map(({ purpose, filename, bytes, broken }) => {
    const boundary = 'fuzzBoundary123';
    const body = multipartBody(typeof purpose === 'string' ? purpose : undefined, filename, bytes, boundary);
    if (broken === 'no-boundary') return { body, contentType: 'multipart/form-data' };
    if (broken === 'truncated')
      return {
        body: body.subarray(0, body.length >> 1),
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    if (broken === 'wrong-boundary') return { body, contentType: 'multipart/form-data; boundary=other' };
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  });
const formPayload = fc
  .oneof(
    fc.constantFrom('action=pay', 'action=decline', 'action=', 'action[]=pay', '__proto__[x]=1', '%'),
    hostileString,
  )
  .map((s) => ({ body: s, contentType: 'application/x-www-form-urlencoded' }));

// ---------------------------------------------------------------- state checks

/**
 * Tables whose change on a refusal is the point: the rate-limit counters count refused attempts too (on
 * PostgreSQL; in memory on PGlite), which is how a limit holds against someone sending bad requests.
 */
const COUNTERS = new Set(['rate_limits']);

async function snapshot(app: TestApp): Promise<string> {
  const tables = await app.ctx.database.db.execute(
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  );
  const names = (tables.rows as { tablename: string }[])
    .map((r) => r.tablename)
    .filter((t) => !COUNTERS.has(t));
  const q = names
    .map(
      (t) =>
        `select '${t}' as t, count(*)::int as n, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from "${t}" x`,
    )
    .join(' union all ');
  const r = await app.ctx.database.db.execute(sql.raw(q));
  const files = (() => {
    try {
      return readdirSync(join(app.ctx.config.dataDir, 'files')).sort().join(',');
    } catch {
      return '';
    }
  })();
  return createHash('sha256').update(JSON.stringify(r.rows)).update(files).digest('hex');
}

// ---------------------------------------------------------------- the run

let app: TestApp;
let doc: { paths: Record<string, Record<string, Op>> };
const tokens: Partial<Record<Role, string>> = {};
let forged: string[] = [];

beforeAll(async () => {
  app = await makeApp({
    env: { rateLimits: { login: 1e6, register: 1e6, forgot: 1e6, upload: 1e6, windowMs: 60_000 } },
  });
  doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const db = app.ctx.database.db;
  const all = await db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => all.find((u) => u.email === email)!.id;
  tokens.user = await createSession(app.ctx, db, idOf(BIDDER));
  tokens.owner = await createSession(app.ctx, db, idOf(OWNER));
  tokens.admin = await createSession(app.ctx, db, idOf(ADMIN));
  const secret = new TextEncoder().encode(app.ctx.config.jwtSecret);
  const revoked = await createSession(app.ctx, db, idOf(ADMIN));
  await app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: { authorization: `Bearer ${revoked}` },
  });
  const [h, p] = tokens.admin.split('.');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
  forged = [
    revoked,
    // alg: none
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`,
    // payload changed, signature kept
    `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: String(idOf(OWNER)) })).toString('base64url')}.${tokens.admin.split('.')[2]}`,
    // expired
    await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret),
    // another secret
    await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret')),
    // no sid, wrong sub type
    await new SignJWT({ sid: 42 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setExpirationTime('1h')
      .sign(secret),
  ];
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.cleanup();
});

type Route = { method: string; url: string };
type Gen = fc.Arbitrary<{ role: Role; request: Req }>;
type Req = { url: string; headers: Record<string, string>; body?: string | Buffer };

const shapeOf = (r: Route) => `${r.method} ${r.url.replace('/api/v1', '')}`;

/** The generator of one route, or the reason it has none. */
function generatorFor(r: Route): Gen | string {
  const openapiPath = r.url.replace(/:([A-Za-z]+)/g, '{$1}');
  const op = doc.paths[openapiPath]?.[r.method.toLowerCase()] ?? (HIDDEN.has(shapeOf(r)) ? {} : undefined);
  if (!op) return 'not in the OpenAPI document';
  const params = op.parameters ?? [];
  const pathNames = [...r.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  for (const n of pathNames)
    if (!params.some((p) => p.in === 'path' && p.name === n)) return `path parameter ${n} undocumented`;
  const bodySchema = (op.requestBody as { content?: Record<string, { schema: Json }> } | undefined)
    ?.content?.['application/json']?.schema;
  const isWrite = r.method !== 'GET' && r.method !== 'DELETE';
  const special = BODYLESS[shapeOf(r)];
  if (isWrite && !bodySchema && !special)
    return 'a write without a documented JSON body (add it, or to BODYLESS)';

  const path = fc
    .tuple(...pathNames.map((n) => pathValue(params.find((p) => p.in === 'path' && p.name === n)?.schema)))
    .map((values) => {
      let u = r.url;
      pathNames.forEach((n, i) => {
        u = u.replace(`:${n}`, values[i]!);
      });
      return u;
    });
  const query = fc
    .tuple(
      fc.tuple(...params.filter((p) => p.in === 'query').map((p) => queryPair(p.name, p.schema))),
      hostileQueryPairs,
      fc.boolean(),
    )
    .map(([known, extra, raw]) => {
      const pairs = [...known.flat(), ...extra];
      if (pairs.length === 0) return '';
      const safe = (s: string) => encodeURIComponent(s.toWellFormed());
      const enc = raw ? (s: string) => s.toWellFormed().replace(/[#&\s]/g, encodeURIComponent) : safe;
      return `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
    });
  const payload: fc.Arbitrary<{ body?: string | Buffer; contentType?: string }> =
    special === 'multipart'
      ? multipartPayload
      : special === 'form'
        ? formPayload
        : bodySchema
          ? fc
              .tuple(fromSchema(bodySchema).chain(serialize), contentTypeLie)
              .map(([body, contentType]) => ({ body, contentType }))
          : fc.oneof(
              fc.constant({}),
              fc
                .tuple(wrongType.chain(serialize), contentTypeLie)
                .map(([body, contentType]) => ({ body, contentType })),
            );
  return fc.constantFrom(...ROLES).chain((role) =>
    fc
      .record({
        path,
        query,
        payload,
        auth: authHeader(tokens[role], forged),
        lang: acceptLanguage,
        junk: fc.option(fc.constantFrom(LONG(60_000), '\u00ff\u00fe', 'x'), { nil: undefined }),
        lastEventId: fc.option(fc.constantFrom('-1', '99999999999999', 'abc', '1e5', '0'), {
          nil: undefined,
        }),
      })
      .map(({ path, query, payload, auth, lang, junk, lastEventId }) => {
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers.authorization = auth;
        if (lang !== undefined) headers['accept-language'] = lang;
        if (payload.contentType !== undefined) headers['content-type'] = payload.contentType;
        if (junk !== undefined) headers['x-junk'] = junk;
        if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
        return { role, request: { url: `${path}${query}`, headers, body: payload.body } };
      }),
  );
}

const ARABIC = /[\u0600-\u06FF]/;

/** Sends one request (through the socket for the event stream, which never ends by itself). */
async function send(r: Route, req: Req) {
  if (r.url.endsWith('/notification/subscribe')) {
    const ctl = new AbortController();
    const address = app.server.address() as { port: number };
    // fetch only sends Latin-1 header values; the others are left out (and so is their language).
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([, v]) => /^[\x20-\xff]*$/.test(v)),
    );
    req.headers = headers;
    try {
      const res = await fetch(`http://127.0.0.1:${address.port}${req.url}`, {
        method: r.method,
        headers,
        signal: ctl.signal,
      });
      const type = res.headers.get('content-type') ?? '';
      let text = '';
      if (type.includes('event-stream')) {
        const reader = res.body!.getReader();
        const first = await reader.read();
        text = new TextDecoder().decode(first.value);
      } else text = await res.text();
      return { status: res.status, type, text };
    } finally {
      ctl.abort();
    }
  }
  const res = await app.inject({
    method: r.method as 'GET',
    url: req.url,
    headers: req.headers,
    ...(req.body !== undefined && r.method !== 'GET' ? { payload: req.body } : {}),
  });
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), text: res.body };
}

function problem(status: number, type: string, text: string, lang: string | undefined): string | null {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return null;
  if (!type.includes('application/json')) return `${status} is not JSON (${type})`;
  let body: { message?: unknown; code?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} body is not JSON`;
  }
  if (typeof body.message !== 'string' || body.message.trim() === '') return `${status} without a message`;
  // 431 comes from Node's HTTP parser (headers over 16 KB) before Fastify sees a request: message, no code.
  if (status === 431) return null;
  if (typeof body.code !== 'string') return `${status} without a code`;
  if (lang && /^\s*ar\b/i.test(lang) && !ARABIC.test(body.message))
    return `${status} ${body.code} not in Arabic`;
  return null;
}

describe('fuzzing every route', () => {
  it('has a generator for every route the API registers', () => {
    const missing = app.ctx.routes
      .filter((r) => !isDocs(r.url))
      .map((r) => [shapeOf(r), generatorFor(r)] as const)
      .filter(([, g]) => typeof g === 'string')
      .map(([s, g]) => `${s}: ${g}`);
    expect(missing).toEqual([]);
    expect(app.ctx.routes.filter((r) => !isDocs(r.url)).length).toBeGreaterThan(60);
  });

  it('never answers ≥ 500, always explains a 4xx, and refused requests change nothing', async () => {
    const failures: string[] = [];
    const only = process.env.FUZZ_ONLY;
    const routes = app.ctx.routes.filter((r) => !isDocs(r.url) && (!only || shapeOf(r).includes(only)));
    let before = await snapshot(app);
    let sent = 0;
    for (const r of routes) {
      const gen = generatorFor(r);
      if (typeof gen === 'string') continue;
      const started = Date.now();
      const result = await fc.check(
        fc.asyncProperty(gen, async ({ role, request }) => {
          if (process.env.FUZZ_VERBOSE === '2') console.log(role, r.method, request.url.slice(0, 300));
          let timer: NodeJS.Timeout | undefined;
          const res = await Promise.race([
            send(r, request),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error('no answer within 15 s')), 15_000);
            }),
          ]).finally(() => clearTimeout(timer));
          sent++;
          const after = await snapshot(app);
          const changed = after !== before;
          before = after;
          const p = problem(res.status, res.type, res.text, request.headers['accept-language']);
          if (p) throw new Error(`${p}: ${res.text.slice(0, 200)}`);
          if (res.status >= 400 && changed)
            throw new Error(`refused with ${res.status} but changed the database or files`);
          void role;
        }),
        { numRuns: RUNS * ROLES.length, seed: SEED, endOnFailure: true },
      );
      if (result.failed) {
        const ex = result.counterexample?.[0] as { role: Role; request: Req } | undefined;
        const shown = ex
          ? `${ex.role} ${r.method} ${ex.request.url.slice(0, 200)} headers=${JSON.stringify(ex.request.headers).slice(0, 300)} body=${String(ex.request.body).slice(0, 300)}`
          : '';
        failures.push(`${shapeOf(r)} → ${(result.errorInstance as Error)?.message}\n   ${shown}`);
        before = await snapshot(app);
      }
      if (process.env.FUZZ_VERBOSE) console.log(`${shapeOf(r)} ${Date.now() - started} ms`);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(sent).toBeGreaterThan(routes.length * RUNS);
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 600_000);
});
