import * as v from 'valibot';
import {
  AdminCredential,
  AdminCredentialQuery,
  Credential,
  CredentialBody,
  CredentialParams,
} from '../credentials.ts';
import { RejectionBody } from '../marketplace.ts';
import { route } from './route.ts';

/** Credentials: a company's administrators upload them; platform admins verify or reject them. */

export const myCredentials = route({
  method: 'GET',
  path: '/credentials',
  tag: 'credentials',
  summary: "The credentials of the session's company, newest first (its administrators)",
  access: 'company:admin',
  response: v.array(Credential),
});

export const uploadCredential = route({
  method: 'POST',
  path: '/credentials',
  tag: 'credentials',
  summary:
    "Upload a credential of the session's company (its administrators): it waits for an admin's verification",
  access: 'company:admin',
  body: CredentialBody,
  response: Credential,
  status: 201,
  errors: [409],
});

export const adminCredentials = route({
  method: 'GET',
  path: '/admin/credentials',
  tag: 'admin',
  summary: 'Credentials by status, oldest first: the verification queue (admin)',
  access: 'admin',
  query: AdminCredentialQuery,
  response: v.array(AdminCredential),
});

export const verifyCredential = route({
  method: 'POST',
  path: '/admin/credentials/:id/verify',
  tag: 'admin',
  summary: 'Verify a pending credential (admin): it shows as a badge until it expires',
  access: 'admin',
  params: CredentialParams,
  response: AdminCredential,
  errors: [409],
});

export const rejectCredential = route({
  method: 'POST',
  path: '/admin/credentials/:id/reject',
  tag: 'admin',
  summary: "Reject a pending credential, saying why (admin; the company's administrators are told)",
  access: 'admin',
  params: CredentialParams,
  body: RejectionBody,
  response: AdminCredential,
  errors: [409],
});
