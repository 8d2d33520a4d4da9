import type { MemberRole } from '@bawaba/shared/contracts';
import type {
  Access,
  BodyOf,
  CompanyAccess,
  CompanyOrSelfAccess,
  DataOf,
  ParamsOf,
  QueryOf,
  RouteSpec,
} from '@bawaba/shared/routes';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { Ctx } from './context.ts';
import type { Lang } from './errors.ts';
import { lang, parse } from './http.ts';
import {
  type ActiveCompany,
  type Auth,
  navigationOf,
  optionalAuth,
  requireAdmin,
  requireAuth,
  requireCompany,
  requireCompanyOrSelf,
  requireNonAdmin,
} from './lib/auth.ts';
import { setNavigationCookie } from './lib/navigation.ts';
import { operationOf } from './openapi.ts';

/** The caller a handler gets, by its route's access rule: none read, maybe one, a session, or a member's. */
type CallerOf<A extends Access> = A extends 'public'
  ? undefined
  : A extends 'optional'
    ? Auth | null
    : A extends CompanyAccess
      ? Auth & { company: ActiveCompany }
      : Auth;

/** The role a member's access rule names (`company:buyer`, `company:buyer|self`), or null (`company`). */
const companyRoleOf = (access: CompanyAccess | CompanyOrSelfAccess): MemberRole | null => {
  const rule = access.replace(/\|self$/, '');
  return rule === 'company' ? null : (rule.slice('company:'.length) as MemberRole);
};

/** What a handler receives: the request already admitted by the access rule and parsed by the contract. */
type Input<R extends RouteSpec> = {
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  auth: CallerOf<R['access']>;
  lang: Lang;
  req: FastifyRequest;
  reply: FastifyReply;
};

/**
 * A handler answers the route's `data` (sent as `{ data }` with the route's status), or the reply itself when it
 * answered otherwise (a redirect, a file, a stream, bytes cached as they are).
 */
export type Handler<R extends RouteSpec> = (input: Input<R>) => Promise<DataOf<R> | FastifyReply>;

/** The access rule, checked before the input is read: 401 without a session, 403 for a role the rule refuses. */
async function authorize(ctx: Ctx, req: FastifyRequest, access: Access): Promise<Auth | null | undefined> {
  switch (access) {
    case 'public':
      return undefined;
    case 'optional':
      return optionalAuth(ctx, req);
    case 'signedIn':
      return requireAuth(ctx, req);
    case 'notAdmin':
      return requireNonAdmin(ctx, req);
    case 'admin':
      return requireAdmin(ctx, req);
    default:
      return access.endsWith('|self')
        ? requireCompanyOrSelf(ctx, req, companyRoleOf(access))
        : requireCompany(ctx, req, companyRoleOf(access));
  }
}

/**
 * Registers a route from its contract entry (shared/src/contracts/routes): its OpenAPI operation, its access check,
 * its input parsed with the contract's schemas (a failure: the translated 422 of `parse`), and its answer.
 * `options` carries what only the server knows (rate limits).
 */
export function serve<const R extends RouteSpec>(
  app: FastifyInstance,
  ctx: Ctx,
  r: R,
  handler: Handler<R>,
  options: Pick<RouteShorthandOptions, 'config' | 'bodyLimit'> = {},
): void {
  const status = r.status ?? 200;
  app.route({
    method: r.method,
    url: r.path,
    schema: operationOf(r),
    ...options,
    handler: async (req, reply) => {
      const auth = await authorize(ctx, req, r.access);
      const params = r.params ? parse(r.params, req.params) : undefined;
      const query = r.query ? parse(r.query, req.query) : undefined;
      let body: { value: unknown } | undefined;
      const input = {
        params,
        query,
        // Parsed when the handler first reads it: a handler may refuse (404: not yours) before the body is judged.
        get body() {
          body ??= { value: r.body ? parse(r.body, req.body) : undefined };
          return body.value;
        },
        auth,
        lang: lang(req),
        req,
        reply,
      } as Input<R>;
      const data = await handler(input);
      // A handler that answered itself returns the reply; a reply is a thenable that settles, with no value, once
      // the answer is out — so what arrives here is not the reply but its settled send (also for a hijacked stream).
      // A client that left before the answer went out settles it too, with nothing sent: there is no one to answer.
      if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return reply;
      // An answer that starts a session (lib/auth.ts signedIn) sets that session's navigation cookie with it.
      const navigation = navigationOf(data);
      if (navigation) setNavigationCookie(reply, navigation);
      if (status === 204) return reply.code(204).send();
      return reply.code(status).send({ data });
    },
  });
}

/**
 * Registers a route from its contract entry with a handler that reads the caller and its input itself: for a hot
 * path that answers cached bytes at once, without a promise (the directory search, modules/companies/directory.ts).
 * Only for an entry that admits anyone (`public`, `optional`), so no access check is left to the handler; its
 * OpenAPI operation and the response check still come from the entry.
 */
export function serveUnparsed<const R extends RouteSpec & { access: 'public' | 'optional' }>(
  app: FastifyInstance,
  r: R,
  handler: RouteHandlerMethod,
): void {
  app.route({ method: r.method, url: r.path, schema: operationOf(r), handler });
}
