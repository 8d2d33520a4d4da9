import {
  type CatalogLoaders,
  framedSegments,
  http,
  i18n,
  type RemoteModule,
  useSessionStore,
} from '@bawaba/shared';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React, { lazy } from 'react';
import { AccountLayout, RoleGate, ToLanding } from '../layout/AccountLayout.tsx';
import type { Audience } from '../lib/menu.ts';

/** The account remote's exposed module (contract: RemoteModule in @bawaba/shared). */
export const buildLabel: RemoteModule['buildLabel'] = __BAWABA_BUILD_LABEL__;

export const catalogs: CatalogLoaders = {
  en: () => import('../locales/en/messages.ts'),
  ar: () => import('../locales/ar/messages.ts'),
};

/** The singletons as THIS remote's imports see them (e2e checks they are the host's). */
const useProbeBindings = () => ({
  react: React,
  sessionStore: useSessionStore,
  http,
  i18n,
  emotionCache: useEmotionCache(),
});

// Each sub-page is its own chunk, fetched on first visit.
const ProfilePage = lazy(() => import('../pages/ProfilePage.tsx'));
const CompanyListPage = lazy(() => import('../pages/CompanyListPage.tsx'));
const TenderManagementPage = lazy(() => import('../pages/TenderManagementPage.tsx'));
const SentRequestsPage = lazy(() =>
  import('../pages/RequestsPage.tsx').then((m) => ({ default: m.SentRequestsPage })),
);
const ReceivedRequestsPage = lazy(() =>
  import('../pages/RequestsPage.tsx').then((m) => ({ default: m.ReceivedRequestsPage })),
);
const SecurityPage = lazy(() => import('../pages/SecurityPage.tsx'));
const ProposalsPage = lazy(() => import('../pages/ProposalsPage.tsx'));
const ManageAdsPage = lazy(() => import('../pages/ManageAdsPage.tsx'));

const page = (who: Audience, Page: React.ComponentType) => <RoleGate who={who}>{<Page />}</RoleGate>;

/** /account/* — sub-paths and who may open them (spec §2 menu table, §6 roles). */
export const accountRoutes = [
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
      { path: 'manage-ads', element: page('admin', ManageAdsPage) },
      { path: '*', element: <ToLanding /> },
    ],
  },
];

export const segments: RemoteModule['segments'] = framedSegments(
  { remote: 'account', buildLabel, useProbeBindings },
  { account: accountRoutes },
);
