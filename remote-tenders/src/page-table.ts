import type { PageTable } from '@bawaba/shared/pages';

/**
 * The tenders remote's pages: the list, a tender's page and the proposal flow. The routes (src/exposes/routes.tsx)
 * and the e2e accessibility sweep read this table; the host routes each segment here
 * (shared/src/federation/apps.ts).
 */
export const TENDER_PAGES = {
  tenderList: { segment: 'tender', path: '', access: 'public', ready: 'tender-card' },
  tenderProfile: {
    segment: 'tender-profile',
    path: ':id',
    access: 'public',
    ready: 'tender-profile',
    record: 'open-tender',
  },
  submitProposal: {
    segment: 'submit-proposal',
    path: ':id',
    access: 'signed-in',
    ready: 'proposal-wizard',
    record: 'tender-with-fee',
  },
  resubmitProposal: {
    segment: 'resubmit-proposal',
    path: ':id',
    access: 'signed-in',
    ready: 'resubmit-proposal',
    record: 'own-proposal',
  },
} as const satisfies PageTable;
