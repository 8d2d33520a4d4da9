import {
  type CatalogLoaders,
  framedSegments,
  http,
  i18n,
  type RemoteModule,
  RemotePlaceholder,
  useSessionStore,
} from '@bawaba/shared';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React from 'react';

/** The directory remote's exposed module (contract: RemoteModule in @bawaba/shared). */
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

export const segments: RemoteModule['segments'] = framedSegments(
  { remote: 'directory', buildLabel, useProbeBindings },
  {
    service: [
      {
        index: true,
        element: <RemotePlaceholder remote="directory" segment="service" buildLabel={buildLabel} />,
      },
    ],
    companies: [
      {
        path: ':id',
        element: <RemotePlaceholder remote="directory" segment="companies" buildLabel={buildLabel} />,
      },
    ],
    'company-profile': [
      {
        path: ':id',
        element: <RemotePlaceholder remote="directory" segment="company-profile" buildLabel={buildLabel} />,
      },
    ],
    'company-register': [
      {
        index: true,
        element: <RemotePlaceholder remote="directory" segment="company-register" buildLabel={buildLabel} />,
      },
    ],
    'request-service': [
      {
        path: ':id',
        element: <RemotePlaceholder remote="directory" segment="request-service" buildLabel={buildLabel} />,
      },
    ],
  },
);
