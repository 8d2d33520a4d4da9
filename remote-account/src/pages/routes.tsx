import type { RouteObject } from '@bawaba/shared';
import { segmentRoutes } from '@bawaba/shared/pages';
import { type ComponentType, lazy } from 'react';
import { AccountLayout, RoleGate, ToLanding } from '../components/AccountLayout.tsx';
import { ACCOUNT_PAGES, type AccountPageName } from '../page-table.ts';

// Each sub-page is its own chunk, fetched on first visit.
const PAGE_COMPONENTS: Record<AccountPageName, ComponentType> = {
  profile: lazy(() => import('./ProfilePage.tsx')),
  companyList: lazy(() => import('./CompanyListPage.tsx')),
  tenderManagement: lazy(() => import('./TenderManagementPage.tsx')),
  sentRequests: lazy(() => import('./RequestsPage.tsx').then((m) => ({ default: m.SentRequestsPage }))),
  receivedRequests: lazy(() =>
    import('./RequestsPage.tsx').then((m) => ({ default: m.ReceivedRequestsPage })),
  ),
  security: lazy(() => import('./SecurityPage.tsx')),
  proposals: lazy(() => import('./ProposalsPage.tsx')),
  myInterests: lazy(() => import('./MyInterestsPage.tsx')),
  manageAds: lazy(() => import('../features/ads/ManageAdsPage.tsx')),
  siteSettings: lazy(() => import('./SiteSettingsPage.tsx')),
};

/** /account/*: the account pages of src/page-table.ts in the account layout, each only for its audience. */
export const accountRoutes: RouteObject[] = [
  {
    element: <AccountLayout />,
    children: [
      ...(segmentRoutes(ACCOUNT_PAGES, (name, page) => {
        const Page = PAGE_COMPONENTS[name];
        return (
          <RoleGate access={page.access}>
            <Page />
          </RoleGate>
        );
      }).account ?? []),
      { path: '*', element: <ToLanding /> },
    ],
  },
];
