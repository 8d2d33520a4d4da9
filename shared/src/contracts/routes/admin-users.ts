import {
  AdminUserDetail,
  AdminUserListQuery,
  AdminUserSummary,
  RestoreUserBody,
  SuspendUserBody,
} from '../admin-users.ts';
import { IdParams, Ok, Paged } from '../common.ts';
import { route } from './route.ts';

/** Platform admins manage people: search, detail, suspend, restore, resend the verification mail. */

export const adminUsers = route({
  method: 'GET',
  path: '/admin/users',
  tag: 'admin',
  summary: 'People with an account, searched by name, email or company, paged (admin)',
  access: 'admin',
  query: AdminUserListQuery,
  response: Paged(AdminUserSummary),
});

export const adminUser = route({
  method: 'GET',
  path: '/admin/users/:id',
  tag: 'admin',
  summary: 'One person: companies and roles, suspension, what the admin may do (admin)',
  access: 'admin',
  params: IdParams,
  response: AdminUserDetail,
});

export const suspendUser = route({
  method: 'POST',
  path: '/admin/users/:id/suspend',
  tag: 'admin',
  summary: 'Suspend a person, saying why: their sessions end at once and sign-in is refused (admin)',
  access: 'admin',
  params: IdParams,
  body: SuspendUserBody,
  response: AdminUserDetail,
  errors: [409],
});

export const restoreUser = route({
  method: 'POST',
  path: '/admin/users/:id/restore',
  tag: 'admin',
  summary: 'Restore a suspended person (admin)',
  access: 'admin',
  params: IdParams,
  body: RestoreUserBody,
  response: AdminUserDetail,
  errors: [409],
});

export const resendVerification = route({
  method: 'POST',
  path: '/admin/users/:id/resend-verification',
  tag: 'admin',
  summary: 'Send the verification mail again to a person not verified yet (admin)',
  access: 'admin',
  params: IdParams,
  response: Ok,
  errors: [409],
});
