import type { PageTable } from '@bawaba/shared/pages';

/**
 * The directory remote's pages: the service directory, a company's page (a visitor's and its owner's), company
 * registration and a service request. The routes (src/exposes/routes.tsx) and the e2e accessibility sweep read
 * this table; the host routes each segment here (shared/src/federation/apps.ts).
 */
export const DIRECTORY_PAGES = {
  directory: { segment: 'service', path: '', access: 'public', ready: 'company-card' },
  company: {
    segment: 'companies',
    path: ':id',
    access: 'signed-in',
    ready: 'company-profile',
    record: 'company',
  },
  ownCompany: {
    segment: 'company-profile',
    path: ':id',
    access: 'signed-in',
    ready: 'owner-panel',
    record: 'own-company',
  },
  // An admin is told here that an administrator account cannot register a company.
  companyRegister: {
    segment: 'company-register',
    path: '',
    access: 'not-admin',
    ready: 'company-register-form',
  },
  requestService: {
    segment: 'request-service',
    path: ':id',
    access: 'signed-in',
    ready: 'request-form',
    record: 'company',
  },
} as const satisfies PageTable;
