import { Outlet, type RouteObject } from '@bawaba/shared';
import { type FragmentHandle, segmentRoutes } from '@bawaba/shared/pages';
import { type ComponentType, lazy } from 'react';
import { AccountLayout, RoleGate, ToLanding } from '../components/AccountLayout.tsx';
import { SlotNeedsNewerSite } from '../components/FragmentSlot.tsx';
import { loadDashboardPage } from '../features/dashboard/load.ts';
import { loadWebhooksPage } from '../features/webhooks/load.ts';
import { ACCOUNT_PAGES, type AccountPageName } from '../page-table.ts';

type SlotPageName = {
  [K in AccountPageName]: (typeof ACCOUNT_PAGES)[K] extends { fragment: object } ? K : never;
}[AccountPageName];

// Each sub-page is its own chunk, fetched on first visit; a slot's content is another remote's (the table's fragment).
const PAGE_COMPONENTS: Record<Exclude<AccountPageName, SlotPageName>, ComponentType> = {
  profile: lazy(() => import('./ProfilePage.tsx')),
  companyList: lazy(() => import('./CompanyListPage.tsx')),
  sentRequests: lazy(() => import('./RequestsPage.tsx').then((m) => ({ default: m.SentRequestsPage }))),
  receivedRequests: lazy(() =>
    import('./RequestsPage.tsx').then((m) => ({ default: m.ReceivedRequestsPage })),
  ),
  security: lazy(() => import('./SecurityPage.tsx')),
  manageAds: lazy(() => import('../features/ads/ManageAdsPage.tsx')),
  siteSettings: lazy(() => import('./SiteSettingsPage.tsx')),
  members: lazy(() => import('../features/members/MembersPage.tsx')),
  users: lazy(() => import('../features/users/UsersPage.tsx')),
  auditLog: lazy(() => import('../features/audit/AuditLogPage.tsx')),
  catalogue: lazy(() => import('../features/catalog/CatalogPage.tsx')),
  dashboard: lazy(loadDashboardPage),
  credentials: lazy(() => import('../features/credentials/CredentialsPage.tsx')),
  credentialQueue: lazy(() => import('../features/credentials/CredentialQueuePage.tsx')),
  webhooks: lazy(loadWebhooksPage),
};

/**
 * A page of the table as a route. A slot (a page with a `fragment`) renders its child route: the host replaces the
 * children of a route whose handle names a fragment with its mount; a host without mounts leaves the panel in place.
 */
function pageRoute(route: { index: true } | { path: string }, name: AccountPageName): RouteObject {
  const page = ACCOUNT_PAGES[name];
  if ('fragment' in page) {
    const handle: FragmentHandle = { fragment: page.fragment };
    return {
      path: 'path' in route ? route.path : '',
      handle,
      element: (
        <RoleGate access={page.access}>
          <Outlet />
        </RoleGate>
      ),
      // The index child for the slot's own path (a splat alone ranks below the slot route, leaving its outlet empty).
      children: [
        { index: true, element: <SlotNeedsNewerSite remote={page.fragment.remote} /> },
        { path: '*', element: <SlotNeedsNewerSite remote={page.fragment.remote} /> },
      ],
    };
  }
  const Page = PAGE_COMPONENTS[name as Exclude<AccountPageName, SlotPageName>];
  const element = (
    <RoleGate access={page.access}>
      <Page />
    </RoleGate>
  );
  return 'path' in route ? { path: route.path, element } : { index: true, element };
}

/** /account/*: the account pages of src/page-table.ts in the account layout, each only for its audience. */
export const accountRoutes: RouteObject[] = [
  {
    element: <AccountLayout />,
    children: [
      ...(segmentRoutes(ACCOUNT_PAGES, (name) => name).account ?? []).map(({ element: name, ...route }) =>
        pageRoute(route, name),
      ),
      { path: '*', element: <ToLanding /> },
    ],
  },
];
