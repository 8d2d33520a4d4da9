import { ApiError } from '@bawaba/shared/contracts';
import type { RouteSpec } from '@bawaba/shared/routes';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import type { GenericSchema } from 'valibot';
import * as v from 'valibot';

/** The `Idempotency-Key` request header of the creating writes, and what a repeat answers. */
const IDEMPOTENCY_HEADER = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      format: 'uuid',
      description:
        'Optional; one UUID per user action, reused when the same action is retried. Scoped to the user and the route, kept 24 hours. ' +
        'A repeat with the same body answers the first answer again (same status and body, `Idempotent-Replayed: true`) without writing; ' +
        'the same key with another body or path: 422 `IDEMPOTENCY_KEY_REUSED`; a repeat while the first still runs waits for it, ' +
        'then 409 `IDEMPOTENCY_IN_PROGRESS` after 10 s; a key that is not a UUID: 422 `IDEMPOTENCY_KEY_INVALID`.',
    },
  },
};

const convert = (s: GenericSchema, typeMode: 'input' | 'output' = 'input') => {
  const json = toJsonSchema(s, { errorMode: 'ignore', typeMode }) as Record<string, unknown>;
  delete json.$schema;
  return json;
};

/** The one error schema of every 4xx answer, as a JSON schema (`{ statusCode, error, message, code, issues? }`). */
const ERROR_SCHEMA = convert(ApiError, 'output');

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed request',
  401: 'No valid session (missing, expired or revoked token)',
  403: 'The caller’s role may not use this route',
  404: 'Not found (or not visible to the caller)',
  409: 'Refused in the current state (a business rule)',
  413: 'Body or file too large',
  415: 'Media or file type not allowed',
  422: 'Invalid input: `issues` names the fields',
  429: 'Too many requests',
};

const RESPONSE = Symbol('response');
/** The route answers its response schema's document itself, not inside `{ data }`. */
const BARE = Symbol('bare');

/** The response schema a route was documented with (its contract entry's `response`), for the test hook. */
export function responseSchemaOf(schema: unknown): GenericSchema | undefined {
  return (schema as { [RESPONSE]?: GenericSchema } | undefined)?.[RESPONSE];
}

/**
 * A route's schema for the OpenAPI document, generated from its contract entry (shared/src/contracts/routes): the
 * same valibot schemas the API parses requests with and the serializers answer with. Fastify neither validates nor
 * serializes with it (see app.ts): api/src/route.ts parses requests, and the API tests check every success answer
 * against `response`.
 */
export function operationOf(r: RouteSpec) {
  const schema: Record<string | symbol, unknown> = { tags: [r.tag], summary: r.summary };
  if (r.description) schema.description = r.description;
  if (r.body) schema.body = convert(r.body);
  if (r.query) schema.querystring = convert(r.query);
  if (r.params) schema.params = convert(r.params);
  if (r.idempotent) schema.headers = IDEMPOTENCY_HEADER;
  if (r.consumes) schema.consumes = [...r.consumes];
  // Every operation states its security: bearer, bearer or anonymous, or none at all.
  const signedIn = r.access !== 'public' && r.access !== 'optional';
  schema.security = r.access === 'optional' ? [{ bearer: [] }, {}] : signedIn ? [{ bearer: [] }] : [];
  const status = r.status ?? 200;
  const success: Record<string, unknown> = { description: r.summary };
  if (r.produces === 'application/json' && r.response) {
    // A JSON document answered as it is, without the `{ data }` envelope (the open-data packages of a standard).
    success.content = { 'application/json': { schema: convert(r.response, 'output') } };
    schema[BARE] = true;
  } else if (r.produces) {
    // A page, a file or an event stream: its media type, and bytes rather than a JSON envelope.
    const binary = !r.produces.startsWith('text/');
    success.content = {
      [r.produces]: { schema: { type: 'string', ...(binary ? { format: 'binary' } : {}) } },
    };
  } else if (status === 303) {
    success.headers = { location: { type: 'string', description: 'Where the browser goes next' } };
  } else if (status !== 204) {
    if (r.idempotent) {
      success.headers = {
        'idempotent-replayed': {
          type: 'string',
          enum: ['true'],
          description: 'The stored answer of an earlier request with this Idempotency-Key',
        },
      };
    }
    success.type = 'object';
    success.properties = { data: r.response ? convert(r.response, 'output') : {} };
    success.required = ['data'];
  }
  const codes = new Set<number>(r.errors ?? []);
  if (r.idempotent) codes.add(409).add(422);
  if (r.body || r.query || r.params) codes.add(422);
  if (r.params) codes.add(404);
  if (signedIn) codes.add(401);
  if (r.access === 'admin' || r.access === 'notAdmin') codes.add(403);
  // A member's route: an admin is refused (403); no active company or a missing role is a 409.
  if (r.access.startsWith('company')) {
    codes.add(403);
    codes.add(409);
  }
  if (codes.size === 0) codes.add(400);
  const responses: Record<string, unknown> = { [status]: success };
  for (const code of [...codes].sort()) {
    // Errors are JSON whatever the success answer is (a page, a file, a stream).
    responses[code] = {
      description: ERROR_TEXT[code] ?? 'Refused',
      content: { 'application/json': { schema: ERROR_SCHEMA } },
    };
  }
  schema.response = responses;
  if (r.response) schema[RESPONSE] = r.response;
  return schema;
}

/** `GET /tenders/:id/interests` → `getTendersByIdInterests`: unique per method and path, stable across releases. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_]/))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

/**
 * Checks every JSON success answer against the response schema its route was documented with (`responses`: by
 * "METHOD url"). A body that does not match, or a JSON success answer of a documented route without a response
 * schema, becomes a 500 naming the route and the fields — so the document cannot drift from what the API sends.
 * The API tests build the app with it (`checkResponses`); production does not pay for the second parse.
 */
export function checkResponsesAgainst(app: FastifyInstance, responses: ReadonlyMap<string, GenericSchema>) {
  app.addHook('onSend', (req, reply, payload, done) => {
    // A HEAD is answered by its GET's handler (Fastify registers it with the GET): checked against the GET's schema.
    const route = `${req.method === 'HEAD' ? 'GET' : req.method} ${req.routeOptions.url}`;
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    const hidden = (req.routeOptions.schema as { hide?: boolean } | undefined)?.hide === true;
    // Bytes kept as they are sent (the cached pages) are checked too.
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    if (reply.statusCode >= 300 || !json || hidden || text === null) return done(null, payload);
    const schema = responses.get(route);
    const refuse = (code: string, message: string) => {
      reply.code(500);
      done(null, JSON.stringify({ statusCode: 500, error: 'Internal Server Error', code, message }));
    };
    if (!schema) return refuse('RESPONSE_UNDOCUMENTED', `${route}: no response schema in its contract entry`);
    const bare = (req.routeOptions.schema as { [BARE]?: boolean } | undefined)?.[BARE] === true;
    const body = JSON.parse(text) as { data?: unknown };
    const checked = v.safeParse(schema, bare ? body : body.data);
    if (checked.success) return done(null, payload);
    const where = checked.issues.map((i) => `${v.getDotPath(i) ?? '(data)'}: ${i.message}`).join('; ');
    refuse('RESPONSE_SCHEMA', `${route}: ${where}`);
  });
}
