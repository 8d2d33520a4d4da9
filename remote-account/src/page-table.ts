import type { PageTable } from '@bawaba/shared/pages';

/**
 * The account remote's pages (/account/*): who may open each and its place in the account menu
 * (docs/product-spec.md §2 menu table, §6 roles). The routes (src/pages/routes.tsx), the menu (src/rules/menu.ts)
 * and the e2e accessibility sweep read this table; the menu labels are in src/rules/menu.ts. A page with a `fragment` is
 * a slot: its content is another remote's, mounted by the host (src/components/FragmentSlot.tsx).
 */
export const ACCOUNT_PAGES = {
  profile: {
    segment: 'account',
    path: '',
    access: 'not-admin',
    ready: 'account-page-profile',
    menu: { order: 1 },
  },
  companyList: {
    segment: 'account',
    path: 'company-list',
    access: 'admin',
    ready: 'account-page-company-list',
    menu: { order: 2 },
  },
  tenderManagement: {
    segment: 'account',
    path: 'tender-management',
    access: 'not-admin',
    ready: 'account-page-tender-management',
    menu: { order: 3 },
    // The owner's tender workspace is the tenders remote's; the host mounts it here.
    fragment: { remote: 'tenders', name: 'tenderWorkspace' },
  },
  sentRequests: {
    segment: 'account',
    path: 'sent-requests',
    access: 'not-admin',
    ready: 'account-page-sent-requests',
    menu: { order: 4 },
  },
  receivedRequests: {
    segment: 'account',
    path: 'requests',
    access: 'signed-in',
    ready: 'account-page-requests',
    menu: { order: 5 },
  },
  security: {
    segment: 'account',
    path: 'security',
    access: 'signed-in',
    ready: 'account-page-security',
    menu: { order: 6 },
  },
  proposals: {
    segment: 'account',
    path: 'submitted-proposals',
    access: 'not-admin',
    ready: 'account-page-submitted-proposals',
    menu: { order: 7 },
    // The bidder's proposals and interests are the tenders remote's, like the owner's workspace.
    fragment: { remote: 'tenders', name: 'bidderProposals' },
  },
  myInterests: {
    segment: 'account',
    path: 'my-interests',
    access: 'not-admin',
    ready: 'account-page-my-interests',
    menu: { order: 8 },
    fragment: { remote: 'tenders', name: 'bidderInterests' },
  },
  // The contracts awards became, both sides' (the tenders remote's, like the rest of the tender flow): the list, and
  // one contract below it (/account/contracts/:id, routed inside the fragment).
  contracts: {
    segment: 'account',
    path: 'contracts',
    access: 'not-admin',
    ready: 'account-page-contracts',
    menu: { order: 9 },
    fragment: { remote: 'tenders', name: 'contracts' },
  },
  manageAds: {
    segment: 'account',
    path: 'manage-ads',
    access: 'admin',
    ready: 'account-page-manage-ads',
    menu: { order: 10 },
  },
  members: {
    segment: 'account',
    path: 'members',
    access: 'not-admin',
    ready: 'account-page-members',
    menu: { order: 12 },
  },
  siteSettings: {
    segment: 'account',
    path: 'site-settings',
    access: 'admin',
    ready: 'account-page-site-settings',
    menu: { order: 11 },
  },
  users: {
    segment: 'account',
    path: 'users',
    access: 'admin',
    ready: 'account-page-users',
    menu: { order: 13 },
  },
  auditLog: {
    segment: 'account',
    path: 'audit-log',
    access: 'admin',
    ready: 'account-page-audit-log',
    menu: { order: 14 },
  },
  catalogue: {
    segment: 'account',
    path: 'catalogue',
    access: 'admin',
    ready: 'account-page-catalogue',
    menu: { order: 15 },
  },
  // Admins see the marketplace, a company's buyers and administrators its tenders (the API decides); the menu
  // offers it to those two audiences only (src/rules/menu.ts).
  dashboard: {
    segment: 'account',
    path: 'dashboard',
    access: 'signed-in',
    ready: 'account-page-dashboard',
    menu: { order: 16 },
  },
  // The active company's credentials (its administrators: src/rules/menu.ts) and the admins' verification queue.
  credentials: {
    segment: 'account',
    path: 'credentials',
    access: 'not-admin',
    ready: 'account-page-credentials',
    menu: { order: 17 },
  },
  credentialQueue: {
    segment: 'account',
    path: 'credential-verification',
    access: 'admin',
    ready: 'account-page-credential-verification',
    menu: { order: 18 },
  },
  // The active company's webhooks (its administrators: src/rules/menu.ts); `?log=<id>` shows one's delivery log.
  webhooks: {
    segment: 'account',
    path: 'webhooks',
    access: 'not-admin',
    ready: 'account-page-webhooks',
    menu: { order: 19 },
  },
} as const satisfies PageTable;

export type AccountPageName = keyof typeof ACCOUNT_PAGES;
