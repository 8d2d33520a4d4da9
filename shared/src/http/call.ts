/**
 * The typed call of the front ends: `call(route, { params, query, body, idempotencyKey, headers, context, signal })`
 * → the answer's `data`, typed by the route's contract entry (shared/src/contracts/routes; the route's head —
 * method and path — is what the app imports from here, the schemas stay out of its bundle). A bundled entry
 * (`@bawaba/shared/call`, not a federation singleton): each app carries this thin layer itself, so a remote can use
 * a new option without waiting for a host release; the one HTTP client underneath (`http`: session, language,
 * spinner, error popups) is the page's singleton, which every host release provides.
 */
import { errorMessageOf, HTTPError, type HttpContext, http, reportHttpError } from '@bawaba/shared';
import {
  type BodyIn,
  type DataOf,
  type Head,
  type ParamsIn,
  pathOf,
  type QueryIn,
  type RouteSpec,
} from '../contracts/routes/route.ts';
import { searchParamsOf } from './query.ts';

export * from '../contracts/routes/heads/index.ts';
/** A route's path with its parameters, for a call that is not JSON (a file saved by the browser). */
export { pathOf };

export interface CallOptions {
  /** One UUID per user action (`actionKey` of `@bawaba/shared/rules`), for a route declared `idempotent`. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** What the shell does with the call (no spinner, no error popup): shared/src/http/client.ts. */
  context?: HttpContext;
  signal?: AbortSignal;
}

type Has<R extends RouteSpec, K extends 'params' | 'query' | 'body'> = R[K] extends object ? true : false;

/** What a call sends: path parameters and a body where the route has them (required), a query where it takes one. */
export type CallInput<R extends RouteSpec> = CallOptions &
  (Has<R, 'params'> extends true ? { params: ParamsIn<R> } : { params?: never }) &
  (Has<R, 'query'> extends true ? { query?: QueryIn<R> } : { query?: never }) &
  (Has<R, 'body'> extends true ? { body: BodyIn<R> } : { body?: never });

type Needed<R extends RouteSpec> =
  Has<R, 'params'> extends true ? true : Has<R, 'body'> extends true ? true : false;

/** Calls a route of the API through the page's one client and answers its `data`. */
export async function call<R extends RouteSpec>(
  route: Head<R>,
  ...[input]: Needed<R> extends true ? [CallInput<R>] : [CallInput<R>?]
): Promise<DataOf<R>> {
  const { params, query, body, idempotencyKey, headers, context, signal } = (input ?? {}) as CallOptions & {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const allHeaders = { ...headers, ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) };
  const response = await http(pathOf(route.path, params), {
    method: route.method,
    ...(query ? { searchParams: searchParamsOf(query) } : {}),
    ...(body === undefined ? {} : { json: body }),
    ...(Object.keys(allHeaders).length ? { headers: allHeaders } : {}),
    ...(context ? { context: { ...context } } : {}),
    ...(signal ? { signal } : {}),
  });
  if (response.status === 204) return undefined as DataOf<R>;
  return ((await response.json()) as { data: DataOf<R> }).data;
}

/**
 * Saves what a route answers as a file (a CSV export): the call needs the session's Bearer header, so it cannot be a
 * plain link. The file takes the name the server gives (Content-Disposition), else `fileName`.
 */
export async function saveFile<R extends RouteSpec>(
  route: Head<R>,
  input: { params?: ParamsIn<R>; query?: QueryIn<R>; fileName: string },
): Promise<void> {
  const response = await http.get(pathOf(route.path, input.params as Record<string, string | number>), {
    ...(input.query ? { searchParams: searchParamsOf(input.query as Record<string, unknown>) } : {}),
  });
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? input.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely started the download.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * What went wrong with a silent call, for the place that shows it (an inline message instead of the shell's popup):
 * the server's translated message (null when there is none, e.g. the network failed). A 401 (session gone) or 403
 * (the role may not) is still the shell's business, as for any call: it is handed to it, which signs the user out.
 * Business refusals (404, 409 …) are not.
 */
export async function refusalMessageOf(error: unknown): Promise<string | null> {
  const message = await errorMessageOf(error);
  if (!(error instanceof HTTPError)) return message;
  const status = error.response.status;
  if (status === 401 || status === 403) {
    // ky has already read the body into `data` (the response's own body is used up by then).
    const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as {
      code?: unknown;
    };
    const code = typeof body.code === 'string' ? body.code : null;
    reportHttpError({ status, message, code, url: error.request.url });
  }
  return message;
}
