/**
 * Every endpoint of the API, declared once as data beside its schemas (method, path, input, answer, access,
 * idempotency): the API registers and documents them (api/src/route.ts), the authorization matrix expects their
 * access rules, and the front ends call them (`call` of `@bawaba/shared/call`). Import the entries you use by name.
 */
export * from './admin-users.ts';
export * from './ads.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './bafo.ts';
export * from './catalog.ts';
export * from './companies.ts';
export * from './contracts.ts';
export * from './credentials.ts';
export * from './dashboard.ts';
export * from './decision-stage.ts';
export * from './files.ts';
export * from './follows.ts';
export * from './interests.ts';
export * from './invitations.ts';
export * from './members.ts';
export * from './notifications.ts';
export * from './open-data.ts';
export * from './panel.ts';
export * from './payments.ts';
export * from './proposals.ts';
export * from './ratings.ts';
export * from './requests.ts';
export {
  type Access,
  type BodyIn,
  type BodyOf,
  type CompanyAccess,
  type CompanyOrSelfAccess,
  type DataOf,
  type HttpMethod,
  type ParamsIn,
  type ParamsOf,
  pathOf,
  type QueryIn,
  type QueryOf,
  type RouteSpec,
  route,
} from './route.ts';
export * from './site.ts';
export * from './tender-decisions.ts';
export * from './tenders.ts';
export * from './webhooks.ts';
