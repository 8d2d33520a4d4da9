import { type CatalogLoaders, framedSegments, type RemoteModule } from '@bawaba/shared';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React from 'react';
import { CompanyPage } from '../pages/CompanyPage.tsx';
import { CompanyRegisterPage } from '../pages/CompanyRegisterPage.tsx';
import { DirectoryPage } from '../pages/DirectoryPage.tsx';
import { RequestServicePage } from '../pages/RequestServicePage.tsx';

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
        element: <DirectoryPage />,
      },
    ],
    companies: [
      {
        path: ':id',
        element: <CompanyPage owner={false} />,
      },
    ],
    'company-profile': [
      {
        path: ':id',
        element: <CompanyPage owner={true} />,
      },
    ],
    'company-register': [
      {
        index: true,
        element: <CompanyRegisterPage />,
      },
    ],
    'request-service': [
      {
        path: ':id',
        element: <RequestServicePage />,
      },
    ],
  },
);
