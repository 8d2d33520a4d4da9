import * as v from 'valibot';
import { IdParams, Paged } from '../common.ts';
import {
  AdminCompany,
  AdminCompanyListQuery,
  Company,
  CompanyBody,
  CompanyListQuery,
  MyCompany,
} from '../companies.ts';
import { RejectionBody } from '../marketplace.ts';
import { route } from './route.ts';

/** Companies: the directory, a company's page, my company, and the admin's review of registrations. */

export const companyDirectory = route({
  method: 'GET',
  path: '/companies',
  tag: 'companies',
  summary: 'Directory search (approved companies; masked for anonymous callers)',
  access: 'optional',
  query: CompanyListQuery,
  response: Paged(Company),
});

export const myCompany = route({
  method: 'GET',
  path: '/companies/mine',
  tag: 'companies',
  summary: 'The company the session acts for (any status; any member reads it) or null',
  access: 'signedIn',
  response: v.nullable(MyCompany),
});

export const saveMyCompany = route({
  method: 'PUT',
  path: '/companies/mine',
  tag: 'companies',
  summary:
    'Update the company the session acts for (its administrators), or register one when acting as oneself (goes to pending approval)',
  access: 'company:admin|self',
  body: CompanyBody,
  response: Company,
});

export const company = route({
  method: 'GET',
  path: '/companies/:id',
  tag: 'companies',
  summary: 'Company by id (masked for anonymous callers)',
  access: 'optional',
  params: IdParams,
  response: Company,
});

export const adminCompanies = route({
  method: 'GET',
  path: '/admin/companies',
  tag: 'admin',
  summary: 'All companies (admin)',
  access: 'admin',
  query: AdminCompanyListQuery,
  response: Paged(AdminCompany),
});

export const approveCompany = route({
  method: 'POST',
  path: '/admin/companies/:id/approve',
  tag: 'admin',
  summary: 'Approve a company (admin)',
  access: 'admin',
  params: IdParams,
  response: Company,
});

export const rejectCompany = route({
  method: 'POST',
  path: '/admin/companies/:id/reject',
  tag: 'admin',
  summary: 'Reject a company, saying why (admin; the owner sees the reason)',
  access: 'admin',
  params: IdParams,
  body: RejectionBody,
  response: Company,
});
