import type { RouteObject } from '@bawaba/shared';
import { type ComponentType, lazy } from 'react';
import { AccountLayout, RoleGate, ToLanding } from '../components/AccountLayout.tsx';
import type { Audience } from '../rules/menu.ts';

// Each sub-page is its own chunk, fetched on first visit.
const ProfilePage = lazy(() => import('./ProfilePage.tsx'));
const CompanyListPage = lazy(() => import('./CompanyListPage.tsx'));
const TenderManagementPage = lazy(() => import('./TenderManagementPage.tsx'));
const SentRequestsPage = lazy(() =>
  import('./RequestsPage.tsx').then((m) => ({ default: m.SentRequestsPage })),
);
const ReceivedRequestsPage = lazy(() =>
  import('./RequestsPage.tsx').then((m) => ({ default: m.ReceivedRequestsPage })),
);
const SecurityPage = lazy(() => import('./SecurityPage.tsx'));
const ProposalsPage = lazy(() => import('./ProposalsPage.tsx'));
const MyInterestsPage = lazy(() => import('./MyInterestsPage.tsx'));
const ManageAdsPage = lazy(() => import('./ManageAdsPage.tsx'));
const SiteSettingsPage = lazy(() => import('./SiteSettingsPage.tsx'));

const page = (who: Audience, Page: ComponentType) => <RoleGate who={who}>{<Page />}</RoleGate>;

/** /account/* — sub-paths and who may open them (docs/product-spec.md §2 menu table, §6 roles). */
export const accountRoutes: RouteObject[] = [
  {
    element: <AccountLayout />,
    children: [
      { index: true, element: page('non-admin', ProfilePage) },
      { path: 'company-list', element: page('admin', CompanyListPage) },
      { path: 'tender-management', element: page('non-admin', TenderManagementPage) },
      { path: 'sent-requests', element: page('non-admin', SentRequestsPage) },
      { path: 'requests', element: page('all', ReceivedRequestsPage) },
      { path: 'security', element: page('all', SecurityPage) },
      { path: 'submitted-proposals', element: page('non-admin', ProposalsPage) },
      { path: 'my-interests', element: page('non-admin', MyInterestsPage) },
      { path: 'manage-ads', element: page('admin', ManageAdsPage) },
      { path: 'site-settings', element: page('admin', SiteSettingsPage) },
      { path: '*', element: <ToLanding /> },
    ],
  },
];
