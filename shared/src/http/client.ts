import ky, { HTTPError, type KyInstance } from 'ky';
import { useSessionStore } from '../store/session.ts';

/**
 * What the shell needs to hear from every call: requests starting and ending (the spinner counter)
 * and HTTP errors (the docs/product-spec.md §8 popups). The shell subscribes; pages just call `http`.
 */
export type HttpEvent =
  | { type: 'start' }
  | { type: 'end' }
  | {
      type: 'error';
      status: number;
      message: string | null;
      code: string | null;
      url: string;
      /** The caller handles this error itself: no global popup and no session clearing. */
      silent: boolean;
    };

/**
 * Per-call options for the shell, passed as ky's `context`:
 * `http.get('notification', { context: { background: true } })`.
 * - `background`: a call the user did not ask for (notification refresh): no full-screen spinner.
 * - `silent`: the caller handles errors itself (inline message, or a 403/404 that is an expected answer):
 *   no global error popup, and no session clearing on 401/403.
 */
export interface HttpContext {
  background?: boolean;
  silent?: boolean;
}

const flags = (context: Record<string, unknown> | undefined): HttpContext => (context ?? {}) as HttpContext;

type Listener = (event: HttpEvent) => void;
const listeners = new Set<Listener>();

export function onHttpEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: HttpEvent): void {
  for (const listener of listeners) listener(event);
}

/**
 * An error of a call made outside the ky client (the upload, which needs XMLHttpRequest for its progress), told to
 * the shell like any call's: a 401/403 there ends the session the same way.
 */
export function reportHttpError(error: {
  status: number;
  message: string | null;
  code: string | null;
  url: string;
}) {
  emit({ type: 'error', ...error, silent: false });
}

/** The error body every API error carries (`ApiError` in shared/src/contracts/common.ts): `{ statusCode, error, message, code }`. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
}

async function readErrorBody(response: Response): Promise<Partial<ApiErrorBody>> {
  try {
    return (await response.clone().json()) as Partial<ApiErrorBody>;
  } catch {
    return {};
  }
}

/**
 * A render on the server (the host's render server): where the API is and the credential of the page's request
 * (its navigation cookie, with the header that marks a render — the API accepts that cookie for reads only). The
 * server renders one page at a time, so one setting at a time.
 */
export interface ServerRenderRequest {
  apiOrigin: string;
  headers: Record<string, string>;
  /** A call that takes longer fails (the render must end in time). */
  timeoutMs: number;
}
let serverRender: ServerRenderRequest | null = null;
/** The server render the calls made from now on belong to (null: none). */
export function setServerRender(request: ServerRenderRequest | null): void {
  serverRender = request;
}

/** Relative URLs resolve against the page in a browser; a server has no page, so this placeholder origin. */
const SERVER_PLACEHOLDER_ORIGIN = 'http://server-render.invalid';

/** The one HTTP client on the page (shared singleton): Bearer token, language, spinner and error events. */
export const http: KyInstance = ky.create({
  prefix: '/api/v1',
  baseUrl: typeof location === 'undefined' ? SERVER_PLACEHOLDER_ORIGIN : undefined,
  fetch: (input, init) => {
    if (!serverRender || !(input instanceof Request)) return fetch(input, init);
    const url = new URL(input.url);
    const request = new Request(`${serverRender.apiOrigin}${url.pathname}${url.search}`, input);
    for (const [name, value] of Object.entries(serverRender.headers)) request.headers.set(name, value);
    return fetch(request, { ...init, signal: AbortSignal.timeout(serverRender.timeoutMs) });
  },
  retry: 0,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      ({ request, options }) => {
        const { token, language } = useSessionStore.getState();
        // A server render carries the page request's own credential instead (setServerRender).
        if (token && !serverRender) request.headers.set('Authorization', `Bearer ${token}`);
        request.headers.set('Accept-Language', language);
        if (!flags(options.context).background) emit({ type: 'start' });
      },
    ],
    afterResponse: [
      async ({ request, response, options }) => {
        const context = flags(options.context);
        if (!context.background) emit({ type: 'end' });
        if (!response.ok) {
          const body = await readErrorBody(response);
          emit({
            type: 'error',
            status: response.status,
            message: body.message ?? null,
            code: body.code ?? null,
            url: request.url,
            silent: Boolean(context.silent),
          });
        }
      },
    ],
    beforeError: [
      ({ error, options }) => {
        // Network failures never reach afterResponse: still end the spinner.
        if (!(error instanceof HTTPError) && !flags(options.context).background) emit({ type: 'end' });
        return error;
      },
    ],
  },
});

export { HTTPError };

/**
 * The message the server put in an error body, for pages that show it inline. Ky has already read the body into
 * `error.data` by the time the error is thrown (the response's body is used up), so that is where it is.
 */
export async function errorMessageOf(error: unknown): Promise<string | null> {
  if (!(error instanceof HTTPError)) return null;
  const data: unknown = error.data;
  if (data && typeof data === 'object' && typeof (data as ApiErrorBody).message === 'string')
    return (data as ApiErrorBody).message;
  return (await readErrorBody(error.response)).message ?? null;
}
