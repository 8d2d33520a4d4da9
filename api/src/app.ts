import type { IncomingMessage } from 'node:http';
import { MAX_UPLOAD_BYTES } from '@bawaba/shared/contracts';
import { health } from '@bawaba/shared/routes';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyReply } from 'fastify';
import { type Config, loadConfig } from './config.ts';
import type { App, Ctx } from './context.ts';
import { type Database, openDatabase } from './db/client.ts';
import { refreshStaleSearch } from './db/search-documents.ts';
import { seedIfEmpty } from './db/seed/demo.ts';
import { AppError, ERRORS, type ErrorCode, errorBody, isDatabaseInputError } from './errors.ts';
import { frameworkError, lang, ValidationError, validationBody } from './http.ts';
import { openFileStore } from './lib/filestore/open.ts';
import { sweepTmp } from './lib/filestore/tmp.ts';
import { Replayed, sweepIdempotencyKeys } from './lib/idempotency.ts';
import { createMailer } from './lib/mail.ts';
import { startMailWorker } from './lib/mail-outbox.ts';
import { presentedNavigation } from './lib/navigation.ts';
import { countersFor, rateLimitStore } from './lib/rate-limit.ts';
import { MODULES } from './modules/index.ts';
import { sweepBidOpenings } from './modules/tenders/lifecycle.ts';
import { testHooksModule } from './modules/test-hooks.ts';
import { checkResponsesAgainst, operationId, responseSchemaOf } from './openapi.ts';
import { serve } from './route.ts';

/** GET /health's answer. */

/**
 * After an answer sent before the request's body was all read (a refused upload, a body over the limit), how long
 * and how much of the rest is read and dropped before the connection is cut (nginx's lingering close).
 */
export const LINGER = { ms: 10_000, bytes: 2 * MAX_UPLOAD_BYTES };

/**
 * An early answer leaves the connection open while the rest of the body is read and dropped, within LINGER: a
 * connection closed under a client that is still sending is reset, and the reset makes the client's side drop
 * the answer unread (a refused upload seen as a broken connection). Fastify marks a refused body
 * `Connection: close`, which would close it as soon as the answer is written; once the body has ended the
 * connection serves the next request as usual. A client still sending past the bounds is cut off.
 */
function lingerAfterEarlyAnswer(raw: IncomingMessage, reply: FastifyReply): void {
  // (A request made with inject, in tests, has no `complete` and no real socket.)
  if (raw.complete !== false || typeof raw.socket?.destroy !== 'function') return;
  reply.removeHeader('connection');
  let dropped = 0;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER.ms);
  timer.unref();
  const count = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER.bytes) cut();
  };
  const socket = raw.socket;
  const done = () => {
    clearTimeout(timer);
    raw.off('data', count);
    raw.off('end', done);
    socket.off('close', done);
  };
  raw.unpipe();
  raw.on('data', count);
  raw.resume();
  raw.once('end', done);
  socket.once('close', done);
}

export type BuildOptions = Partial<Config> & {
  /** An already opened database (tests); otherwise one is opened from databaseUrl / dataDir. */
  database?: Database;
  /** PGlite in memory instead of in dataDir (tests). */
  inMemory?: boolean;
  /** With inMemory: the PGlite data-directory dump to start from (tests; see openDatabase). */
  pgliteSnapshot?: Blob;
  /**
   * Check every success answer against the route's documented response schema and answer 500 when it does not
   * match (the API tests run with it, so the document cannot drift from what the API sends).
   */
  checkResponses?: boolean;
};

export type { App } from './context.ts';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

/** Nothing the API answers is a page: JSON and files may load and run nothing and are never framed (the OpenAPI page sets its own policy). */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Only meaningful over https (browsers ignore it on http): set by the onSend hook when TLS is in front.
  strictTransportSecurity: false,
} as const;

/**
 * The headers helmet sets with HELMET_OPTIONS, as [name, value] pairs. Without nonces they are the same for every
 * response, so they are taken once from helmet itself (one request to a throwaway instance) instead of letting
 * helmet parse its options again on every request.
 */
function securityHeaders(): Promise<[string, string][]> {
  securityOnce ??= helmetHeaders();
  return securityOnce;
}
let securityOnce: Promise<[string, string][]> | undefined;
async function helmetHeaders(): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async (_req, reply) => reply.raw.getHeaders());
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = res.json() as Record<string, string>;
  const pairs = Object.entries(headers).map(([k, v]): [string, string] => [k, String(v)]);
  if (!pairs.some(([k]) => k === 'content-security-policy')) throw new Error('helmet set no policy');
  return pairs;
}

export async function buildApp(options: BuildOptions = {}): Promise<App> {
  const { database: given, inMemory, pgliteSnapshot, checkResponses, ...overrides } = options;
  const config: Config = { ...loadConfig(), ...overrides };
  const database =
    given ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: inMemory ? null : `${config.dataDir}/pglite`,
      ...(inMemory && pgliteSnapshot ? { snapshot: pgliteSnapshot } : {}),
    }));
  const app = Fastify({
    logger: config.logger ? { level: process.env.LOG_LEVEL || 'info' } : false,
    // The host proxies /api on this machine: trust X-Forwarded-For from loopback only (rate limits key on the IP).
    trustProxy: process.env.TRUST_PROXY || 'loopback',
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
  });
  // Uploaded files: DATA_DIR/files or an S3 bucket (created when missing); temp files of dead processes swept.
  const fileStore = openFileStore(config);
  await fileStore.ready();
  const swept = await sweepTmp(config.dataDir);
  if (swept) app.log.warn(`removed ${swept} temp upload file(s) left by a process that stopped mid-upload`);
  const limits = countersFor(database);
  const ctx: Ctx = {
    config,
    database,
    mailer: createMailer(config, app.log),
    fileStore,
    limits: limits.counters,
    mail: { kick: () => undefined },
    routes: [],
    responses: new Map(),
    sse: { count: () => 0 },
    site: (path) => `${config.publicUrl}${path}`,
    apiUrl: (path) => `${config.publicUrl}/api/v1${path}`,
  };

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const l = lang(req);
    // A repeat of an Idempotency-Key: the first request's stored answer (lib/idempotency.ts).
    if (err instanceof Replayed)
      return reply.code(err.status).header('idempotent-replayed', 'true').send(err.body);
    if (err instanceof ValidationError) return reply.code(422).send(validationBody(err, l));
    if (err instanceof AppError)
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send(errorBody(err.code, l, err.detail));
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) return reply.code(429).send(errorBody('RATE_LIMITED', l));
    const mapped = FASTIFY_CODES[(err as FastifyError).code ?? ''];
    if (mapped) return reply.code(ERRORS[mapped].status).send(errorBody(mapped, l));
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody('BAD_REQUEST', l, err.message, status));
    }
    if (isDatabaseInputError(err)) return reply.code(422).send(errorBody('VALIDATION_FAILED', l));
    req.log.error(err);
    return reply.code(500).send(errorBody('INTERNAL', l));
  });

  // Validation is done by valibot in the handlers; the JSON schemas on routes are for the OpenAPI document, and
  // answers are serialized as they are (the directory's cached pages are bytes already).
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setNotFoundHandler((req, reply) => reply.code(404).send(errorBody('ROUTE_NOT_FOUND', lang(req))));

  // Security headers (docs/security.md): the same set on every answer (JSON, errors, 404s, the
  // event stream), computed once (helmet would rebuild its middleware from the options on every request).
  // Several instances behind a balancer (docs/topology.md): which one answered.
  const instance: [string, string][] = config.instanceId ? [['x-bawaba-instance', config.instanceId]] : [];
  const security = [...(await securityHeaders()), ...instance];
  app.addHook('onRequest', (_req, reply, done) => {
    // On the raw response, as helmet does: hijacked answers (the event stream) write their head themselves.
    const res = reply.raw;
    for (const [name, value] of security) res.setHeader(name, value);
    done();
  });
  // Callback style (no promise per response); the checks are the same on every answer.
  app.addHook('onSend', (req, reply, payload, done) => {
    lingerAfterEarlyAnswer(req.raw, reply);
    if (req.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // A signed-in user's answers (a bearer token, or a page render's navigation cookie) are never kept by the
    // browser or a proxy (unless a route chose a policy).
    if ((req.headers.authorization || presentedNavigation(req)) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    // Uploaded files are downloaded, never rendered as a page; only raster images show inline (<img>).
    const type = String(reply.getHeader('content-type') ?? '');
    if (
      req.url.startsWith('/api/v1/files/') &&
      !reply.hasHeader('content-disposition') &&
      !/^image\/(png|jpeg|gif|webp)$/.test(type) &&
      !type.startsWith('application/json')
    ) {
      reply.header('content-disposition', 'attachment');
    }
    done(null, payload);
  });
  // Cookies are read (the navigation cookie, lib/navigation.ts) and set (on a new session's answer, and cleared at
  // sign-out) by @fastify/cookie; no cookie is signed by it (the navigation cookie is a JWT of its own). Only a page
  // render reads a cookie, so the Cookie header is parsed there, not on every request (`hook: false`).
  await app.register(cookie, { hook: false });
  // Per-route limits (config.rateLimit on the routes), counted in the shared counters (lib/rate-limit.ts).
  await app.register(rateLimit, { global: false, store: rateLimitStore(limits.counters) });
  // Multipart bodies are read by the upload route only (@fastify/multipart is registered in its scope, in
  // modules/files/routes.ts, so its per-request hooks run there only). Elsewhere a multipart body is accepted unread and the route sees no
  // body, as @fastify/multipart's own parser did when it was registered for every route.
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.addHook('onRoute', (r) => {
    const schema = r.schema as Record<string, unknown> | undefined;
    const response = responseSchemaOf(schema);
    for (const m of [r.method].flat()) {
      if (m === 'HEAD') continue;
      ctx.routes.push({ method: m, url: r.url });
      if (response) ctx.responses.set(`${m} ${r.url}`, response);
      // Every documented operation gets a stable operationId (OpenAPI clients name their methods after it).
      if (schema && !schema.hide && !schema.operationId) schema.operationId = operationId(m, r.url);
    }
  });
  if (checkResponses) checkResponsesAgainst(app, ctx.responses);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bawaba API',
        version: '1.0.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Bawaba' },
        description:
          'Bilingual B2B directory and tender marketplace (QAR). Responses are `{ data }`; errors `{ statusCode, error, message, code }`. Send `Accept-Language: ar` for Arabic names and messages.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  // staticCSP: the docs page gets swagger-ui's own strict policy instead of the API's `default-src 'none'`.
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs', staticCSP: true });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      serve(api, ctx, health, async () => ({ status: 'ok' as const, database: database.kind }));
      for (const m of MODULES) await m(api, ctx);
      // Outside the contract and the OpenAPI document, and only when TEST_HOOKS=1 (never in production).
      if (config.testHooks) await testHooksModule(api, ctx);
    },
    { prefix: '/api/v1' },
  );

  if (config.seed) await seedIfEmpty(ctx);
  // Search documents the API did not build (a new search version, rows changed by hand): rebuilt before serving.
  await refreshStaleSearch(database.db);

  // Mails of marketplace events leave through the outbox (lib/mail-outbox.ts), one worker per process.
  const mailWorker = startMailWorker(ctx, config.mailWorker);
  ctx.mail = mailWorker;
  const idempotencySweep = sweepIdempotencyKeys(database.db);
  // Bids open at each tender's deadline: recorded in its audit trail by every process, once in all.
  const bidOpenings = sweepBidOpenings(database.db);

  app.addHook('onClose', async () => {
    await mailWorker.stop();
    limits.stop();
    idempotencySweep.stop();
    bidOpenings.stop();
    if (!given) await database.close();
    fileStore.close();
  });

  return Object.assign(app, { ctx }) as unknown as App;
}
