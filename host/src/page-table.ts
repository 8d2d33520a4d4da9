import type { PageTable } from '@bawaba/shared/pages';

/**
 * The host's own pages, each a top-level segment (the remotes' segments: shared/src/federation/apps.ts). The routes
 * (src/routes.tsx) and the e2e accessibility sweep read this table.
 */
export const HOST_PAGES = {
  home: { segment: 'home', path: '', access: 'public', ready: 'host-page-home' },
  about: { segment: 'about', path: '', access: 'public', ready: 'host-page-about' },
  terms: { segment: 'terms', path: '', access: 'public', ready: 'host-page-terms' },
  openData: { segment: 'open-data', path: '', access: 'public', ready: 'host-page-open-data' },
  contactUs: { segment: 'contact-us', path: '', access: 'public', ready: 'host-page-contact-us' },
  setPassword: {
    segment: 'set-password',
    path: '',
    access: 'public',
    ready: 'host-page-set-password',
    queries: ['verificationToken=a11y-token'],
  },
  acceptInvitation: {
    segment: 'accept-invitation',
    path: '',
    access: 'public',
    ready: 'host-page-accept-invitation',
    queries: ['token=a11y-token'],
  },
  paymentCallback: {
    segment: 'callback',
    path: '',
    access: 'public',
    ready: 'payment-result',
    queries: ['status=Paid', 'status=Failed'],
  },
  notifications: {
    segment: 'notifications',
    path: '',
    access: 'signed-in',
    ready: 'host-page-notifications',
  },
} as const satisfies PageTable;
