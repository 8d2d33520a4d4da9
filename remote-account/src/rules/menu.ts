import type { SessionUser } from '@bawaba/shared';
import type { MemberRole } from '@bawaba/shared/contracts';
import { type MenuPageName, menuPages, pagePattern } from '@bawaba/shared/pages';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ACCOUNT_PAGES } from '../page-table.ts';

/** The label of each account page in the menu (which pages, their order and audience: src/page-table.ts). */
const MENU_LABELS = {
  profile: msg`My Profile`,
  companyList: msg`Companies list`,
  tenderManagement: msg`Tender management`,
  sentRequests: msg`Sent Requests`,
  receivedRequests: msg`Received Requests`,
  security: msg`Change Password`,
  proposals: msg`Proposals`,
  myInterests: msg`My interests`,
  contracts: msg`Contracts`,
  manageAds: msg`Manage Ads`,
  siteSettings: msg`Site settings`,
  members: msg`Company members`,
  users: msg`Users`,
  auditLog: msg`Audit log`,
  catalogue: msg`Catalogue`,
  dashboard: msg`Dashboard`,
  credentials: msg`Credentials`,
  credentialQueue: msg`Credentials`,
  webhooks: msg`Integrations — webhooks`,
} satisfies Record<MenuPageName<typeof ACCOUNT_PAGES>, MessageDescriptor>;

export interface MenuItem {
  /** Sub-path under /account ('' = the index, My Profile). */
  path: string;
  label: MessageDescriptor;
}

/**
 * Pages the menu offers a user who is not an admin only when they hold one of these roles in their active company
 * (the API refuses the others; an admin is offered them whenever the table lets them open the page).
 */
const MENU_ROLES: Partial<Record<MenuPageName<typeof ACCOUNT_PAGES>, readonly MemberRole[]>> = {
  dashboard: ['buyer', 'admin'],
  // Its administrators upload and read the company's credentials (the API refuses the others).
  credentials: ['admin'],
  // Its administrators manage the company's webhooks (the API refuses the others).
  webhooks: ['admin'],
};

/**
 * The account menu a user sees: the table's menu pages they may open, in order (`companyRoles`: their roles in the
 * active company); Logout is added by the layout.
 */
export const menuFor = (isAdmin: boolean, companyRoles: readonly string[] = []): MenuItem[] =>
  menuPages(ACCOUNT_PAGES, { isAdmin })
    .filter(({ name }) => isAdmin || MENU_ROLES[name]?.some((role) => companyRoles.includes(role)) !== false)
    .map(({ name, page }) => ({
      path: page.path,
      label: MENU_LABELS[name],
    }));

/** Where a role lands in the account area (docs/product-spec.md §6: admins on the companies list). */
export const landingFor = (user: Pick<SessionUser, 'isAdmin'> | null): string =>
  pagePattern(user?.isAdmin ? ACCOUNT_PAGES.companyList : ACCOUNT_PAGES.profile);

export const accountPath = (path: string): string => pagePattern({ segment: 'account', path });
