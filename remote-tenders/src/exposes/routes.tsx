import {
  type CatalogLoaders,
  http,
  i18n,
  type RemoteModule,
  RemotePlaceholder,
  useSessionStore,
  useSingletonProbe,
} from '@bawaba/shared';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React from 'react';
import { Outlet, type RouteObject } from 'react-router';

/** The tenders remote's exposed module (contract: RemoteModule in @bawaba/shared). */
export const buildLabel: RemoteModule['buildLabel'] = __BAWABA_BUILD_LABEL__;

export const catalogs: CatalogLoaders = {
  en: () => import('../locales/en/messages.ts'),
  ar: () => import('../locales/ar/messages.ts'),
};

/** Registers the singletons as THIS remote's imports see them (e2e checks they are the host's). */
function RemoteFrame() {
  useSingletonProbe('tenders', {
    react: React,
    sessionStore: useSessionStore,
    http,
    i18n,
    emotionCache: useEmotionCache(),
  });
  return <Outlet />;
}

const framed = (routes: RouteObject[]): RouteObject[] => [{ element: <RemoteFrame />, children: routes }];

export const segments: RemoteModule['segments'] = {
  tender: framed([
    { index: true, element: <RemotePlaceholder remote="tenders" segment="tender" buildLabel={buildLabel} /> },
  ]),
  'tender-profile': framed([
    {
      path: ':id',
      element: <RemotePlaceholder remote="tenders" segment="tender-profile" buildLabel={buildLabel} />,
    },
  ]),
  'submit-proposal': framed([
    {
      path: ':id',
      element: <RemotePlaceholder remote="tenders" segment="submit-proposal" buildLabel={buildLabel} />,
    },
  ]),
  'resubmit-proposal': framed([
    {
      path: ':id',
      element: <RemotePlaceholder remote="tenders" segment="resubmit-proposal" buildLabel={buildLabel} />,
    },
  ]),
};
