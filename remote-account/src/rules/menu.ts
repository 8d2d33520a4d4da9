import type { SessionUser } from '@bawaba/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type Audience = 'admin' | 'non-admin' | 'all';

export interface MenuItem {
  /** Sub-path under /account ('' = the index, My Profile). */
  path: string;
  label: MessageDescriptor;
  who: Audience;
}

/**
 * The account menu, as the spec's table (§2 Account area, §6 roles), plus the admins' Site settings (the footer's
 * and contact page's details); Logout is added by the layout.
 */
const MENU: readonly MenuItem[] = [
  { path: '', label: msg`My Profile`, who: 'non-admin' },
  { path: 'company-list', label: msg`Companies list`, who: 'admin' },
  { path: 'tender-management', label: msg`Tender management`, who: 'non-admin' },
  { path: 'sent-requests', label: msg`Sent Requests`, who: 'non-admin' },
  { path: 'requests', label: msg`Received Requests`, who: 'all' },
  { path: 'security', label: msg`Change Password`, who: 'all' },
  { path: 'submitted-proposals', label: msg`Proposals`, who: 'non-admin' },
  { path: 'my-interests', label: msg`My interests`, who: 'non-admin' },
  { path: 'manage-ads', label: msg`Manage Ads`, who: 'admin' },
  { path: 'site-settings', label: msg`Site settings`, who: 'admin' },
];

export const allows = (who: Audience, isAdmin: boolean): boolean =>
  who === 'all' || (who === 'admin') === isAdmin;

export const menuFor = (isAdmin: boolean): MenuItem[] => MENU.filter((item) => allows(item.who, isAdmin));

/** Where a role lands in the account area (docs/product-spec.md §6: admins on the companies list). */
export const landingFor = (user: Pick<SessionUser, 'isAdmin'> | null): string =>
  user?.isAdmin ? '/account/company-list' : '/account';

export const accountPath = (path: string): string => (path ? `/account/${path}` : '/account');
