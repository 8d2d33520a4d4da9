import { AdminAction, AuditCsvQuery, AuditQuery } from '../audit.ts';
import { Paged } from '../common.ts';
import { route } from './route.ts';

/** The admin audit log: what platform admins did, searched and exported. */

export const adminAudit = route({
  method: 'GET',
  path: '/admin/audit',
  tag: 'admin',
  summary: 'Admin actions, newest first, filtered and paged (admin)',
  access: 'admin',
  query: AuditQuery,
  response: Paged(AdminAction),
});

export const adminAuditCsv = route({
  method: 'GET',
  path: '/admin/audit.csv',
  tag: 'admin',
  summary: 'The filtered admin actions as CSV (admin)',
  access: 'admin',
  query: AuditCsvQuery,
  produces: 'text/csv',
});
