import { type CatalogLoaders, framedSegments, type RemoteModule } from '@bawaba/shared';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React from 'react';
import { accountRoutes } from '../pages/routes.tsx';

/** The account remote's exposed module (contract: RemoteModule in @bawaba/shared). */
export const buildLabel: RemoteModule['buildLabel'] = __BAWABA_BUILD_LABEL__;

export const catalogs: CatalogLoaders = {
  en: () => import('../locales/en/messages.ts'),
  ar: () => import('../locales/ar/messages.ts'),
};

export const segments: RemoteModule['segments'] = framedSegments(
  { remote: 'account', buildLabel, react: React, useEmotionCache },
  { account: accountRoutes },
);
