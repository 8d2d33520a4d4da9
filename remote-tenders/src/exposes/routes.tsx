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

/** The tenders remote's exposed module (contract: RemoteModule in @bawaba/shared). */
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
  { remote: 'tenders', buildLabel, useProbeBindings },
  {
    tender: [
      {
        index: true,
        element: <RemotePlaceholder remote="tenders" segment="tender" buildLabel={buildLabel} />,
      },
    ],
    'tender-profile': [
      {
        path: ':id',
        element: <RemotePlaceholder remote="tenders" segment="tender-profile" buildLabel={buildLabel} />,
      },
    ],
    'submit-proposal': [
      {
        path: ':id',
        element: <RemotePlaceholder remote="tenders" segment="submit-proposal" buildLabel={buildLabel} />,
      },
    ],
    'resubmit-proposal': [
      {
        path: ':id',
        element: <RemotePlaceholder remote="tenders" segment="resubmit-proposal" buildLabel={buildLabel} />,
      },
    ],
  },
);
