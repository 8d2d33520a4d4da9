import { Dashboard } from '../dashboard.ts';
import { route } from './route.ts';

/**
 * The dashboard: one route, whose scope the session decides — a platform administrator sees the marketplace, a
 * member of the active company holding the buyer or administrator role sees that company's tenders; anyone else
 * signed in is refused (409 NO_ACTIVE_COMPANY, COMPANY_ROLE_REQUIRED).
 */
export const dashboard = route({
  method: 'GET',
  path: '/dashboard',
  tag: 'dashboard',
  summary: "The dashboard's measures: the marketplace (admin) or the active company's tenders (its buyers)",
  access: 'signedIn',
  errors: [409],
  response: Dashboard,
});
