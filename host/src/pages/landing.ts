/**
 * Where a user lands after setting a password (docs/product-spec.md §4): admins on /account/company-list; other users on /
 * when they own a company, otherwise on /account.
 */
export function landingAfterSetPassword(user: { isAdmin: boolean; hasCompany?: boolean | null }): string {
  if (user.isAdmin) return '/account/company-list';
  return user.hasCompany ? '/' : '/account';
}
