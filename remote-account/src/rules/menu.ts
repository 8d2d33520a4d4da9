import type { SessionUser } from '@bawaba/shared';
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
  manageAds: msg`Manage Ads`,
  siteSettings: msg`Site settings`,
  members: msg`Company members`,
  users: msg`Users`,
  auditLog: msg`Audit log`,
  catalogue: msg`Catalogue`,
} satisfies Record<MenuPageName<typeof ACCOUNT_PAGES>, MessageDescriptor>;

export interface MenuItem {
  /** Sub-path under /account ('' = the index, My Profile). */
  path: string;
  label: MessageDescriptor;
}

/** The account menu a user sees: the table's menu pages they may open, in order; Logout is added by the layout. */
export const menuFor = (isAdmin: boolean): MenuItem[] =>
  menuPages(ACCOUNT_PAGES, { isAdmin }).map(({ name, page }) => ({
    path: page.path,
    label: MENU_LABELS[name],
  }));

/** Where a role lands in the account area (docs/product-spec.md §6: admins on the companies list). */
export const landingFor = (user: Pick<SessionUser, 'isAdmin'> | null): string =>
  pagePattern(user?.isAdmin ? ACCOUNT_PAGES.companyList : ACCOUNT_PAGES.profile);

export const accountPath = (path: string): string => pagePattern({ segment: 'account', path });
