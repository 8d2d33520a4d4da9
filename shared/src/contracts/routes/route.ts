import type * as v from 'valibot';
import type { MemberRole } from '../member-roles.ts';

/**
 * Who may call a route, checked by the API before anything else (api/src/route.ts) and expected by the authorization
 * matrix test (api/test/authz-matrix.test.ts):
 * - `public`: anyone, the caller is not read;
 * - `optional`: anyone, a signed-in caller is known (their own records, unmasked names);
 * - `signedIn`: a session (else 401);
 * - `notAdmin`: a session of a company user (else 401; an admin gets 403);
 * - `admin`: an admin's session (else 401; anyone else gets 403);
 * - `company`: a member of the session's active company, any role (else 401; an admin 403; a session without an
 *   active company 409 NO_ACTIVE_COMPANY);
 * - `company:<role>`: a member of the active company with that role (like `company`, and a member without the
 *   role 409 COMPANY_ROLE_REQUIRED — a role taken away mid-session does not sign the person out);
 * - `company|self`, `company:<role>|self`: the same for a session acting for a company, while a session without an
 *   active company passes as the person themselves (their personal records: a marketplace of people and companies).
 * Business refusals (not the owner, a wrong state) are the service's: 404 or 409, never 403
 * (docs/decisions/0011-organisations.md for the company rules).
 */
export type Access =
  | 'public'
  | 'optional'
  | 'signedIn'
  | 'notAdmin'
  | 'admin'
  | CompanyAccess
  | CompanyOrSelfAccess;
export type CompanyAccess = 'company' | `company:${MemberRole}`;
export type CompanyOrSelfAccess = `${CompanyAccess}|self`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Schema = v.GenericSchema;

/**
 * One endpoint, declared once: what the API registers, parses, checks access with, documents (OpenAPI) and checks
 * its answers against, and what the front ends call (`call` of `@bawaba/shared/call`).
 */
export interface RouteSpec {
  method: HttpMethod;
  /** Under `/api/v1`, with `:name` path parameters (`/admin/ads/:id`). */
  path: string;
  /** The OpenAPI tag. */
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The schema of `data` in the success answer (`{ data }`). */
  response?: Schema;
  /** The success status (200 by default). */
  status?: 200 | 201 | 204 | 303;
  /** The success answer is not JSON (a page, a file, an event stream): its media type. */
  produces?: string;
  consumes?: readonly string[];
  /** 4xx statuses besides the ones its access, input and idempotency imply (409 of a business rule, 413, …). */
  errors?: readonly number[];
  /** A creating write that takes an optional `Idempotency-Key` (api/src/lib/idempotency.ts). */
  idempotent?: boolean;
}

/** Declares a route; identity at run time, so an app's bundle keeps only the entries it calls. */
/* @__NO_SIDE_EFFECTS__ */
export function route<const R extends RouteSpec>(spec: R): R {
  return spec;
}

type Out<S> = S extends Schema ? v.InferOutput<S> : undefined;
type In<S> = S extends Schema ? v.InferInput<S> : undefined;

/** What the API's handler receives, parsed. */
export type ParamsOf<R extends RouteSpec> = Out<R['params']>;
export type QueryOf<R extends RouteSpec> = Out<R['query']>;
export type BodyOf<R extends RouteSpec> = Out<R['body']>;
/** The `data` of the success answer (undefined for a route without a JSON answer). */
export type DataOf<R extends RouteSpec> = Out<R['response']>;

/** What a caller sends: path parameters and query values as URL text, the body as the contract's input. */
export type ParamsIn<R extends RouteSpec> = { [K in keyof In<R['params']>]: string | number };
export type QueryIn<R extends RouteSpec> = {
  [K in keyof In<R['query']>]?: string | number | boolean | undefined;
};
export type BodyIn<R extends RouteSpec> = In<R['body']>;

/** `/tenders/:id/interests/:interest` with `{ id: 3, interest: 9 }` → `tenders/3/interests/9` (no leading slash). */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.slice(1).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

declare const ENTRY: unique symbol;

/**
 * What the front ends hold of a route at run time: its method and path, and (as a type only) the whole entry, so a
 * call is typed by the contract while the schemas stay out of the apps' bundles (first-page budgets). The heads are
 * generated from the entries (routes/heads/, a module per domain file, by shared/build/route-heads.ts).
 */
export type Head<R extends RouteSpec> = Pick<R, 'method' | 'path'> & { readonly [ENTRY]?: R };
