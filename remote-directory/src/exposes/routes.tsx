import { type CatalogLoaders, framedSegments, type RemoteModule, Skeleton } from '@bawaba/shared';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React, { lazy, type ReactNode, Suspense } from 'react';

// One chunk per page: a visitor of the directory never downloads the registration form.
const DirectoryPage = lazy(() =>
  import('../pages/DirectoryPage.tsx').then((m) => ({ default: m.DirectoryPage })),
);
const CompanyPage = lazy(() => import('../pages/CompanyPage.tsx').then((m) => ({ default: m.CompanyPage })));
const CompanyRegisterPage = lazy(() =>
  import('../pages/CompanyRegisterPage.tsx').then((m) => ({ default: m.CompanyRegisterPage })),
);
const RequestServicePage = lazy(() =>
  import('../pages/RequestServicePage.tsx').then((m) => ({ default: m.RequestServicePage })),
);

const page = (element: ReactNode) => (
  <Suspense fallback={<Skeleton h="96" borderRadius="lg" />}>{element}</Suspense>
);

/** The directory remote's exposed module (contract: RemoteModule in @bawaba/shared). */
export const buildLabel: RemoteModule['buildLabel'] = __BAWABA_BUILD_LABEL__;

export const catalogs: CatalogLoaders = {
  en: () => import('../locales/en/messages.ts'),
  ar: () => import('../locales/ar/messages.ts'),
};

export const segments: RemoteModule['segments'] = framedSegments(
  { remote: 'directory', buildLabel, react: React, useEmotionCache },
  {
    service: [
      {
        index: true,
        element: page(<DirectoryPage />),
      },
    ],
    companies: [
      {
        path: ':id',
        element: page(<CompanyPage owner={false} />),
      },
    ],
    'company-profile': [
      {
        path: ':id',
        element: page(<CompanyPage owner={true} />),
      },
    ],
    'company-register': [
      {
        index: true,
        element: page(<CompanyRegisterPage />),
      },
    ],
    'request-service': [
      {
        path: ':id',
        element: page(<RequestServicePage />),
      },
    ],
  },
);
