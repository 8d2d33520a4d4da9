import {
  type CatalogLoaders,
  framedSegments,
  type RemoteModule,
  registerCatalogs,
  Skeleton,
} from '@bawaba/shared';
import { segmentRoutes } from '@bawaba/shared/pages';
import { PageReady } from '@bawaba/shared/render';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React, { lazy, type ReactNode, Suspense } from 'react';
import { DIRECTORY_PAGES } from '../page-table.ts';

// One chunk per page: a visitor of the directory never downloads the registration form.
const DirectoryPage = lazy(() =>
  import('../features/directory/DirectoryPage.tsx').then((m) => ({ default: m.DirectoryPage })),
);
/** The other pages' texts: a catalog of their own (lingui.config.ts), fetched with the page. */
const pagesCatalogs: CatalogLoaders = {
  en: () => import('../locales/en/pages.ts'),
  ar: () => import('../locales/ar/pages.ts'),
};
async function withTexts<C>(page: Promise<C>): Promise<{ default: C }> {
  const [component] = await Promise.all([page, registerCatalogs('directory-pages', pagesCatalogs)]);
  return { default: component };
}
const CompanyPage = lazy(() => withTexts(import('../pages/CompanyPage.tsx').then((m) => m.CompanyPage)));
const CompanyRegisterPage = lazy(() =>
  withTexts(import('../pages/CompanyRegisterPage.tsx').then((m) => m.CompanyRegisterPage)),
);
const RequestServicePage = lazy(() =>
  withTexts(import('../pages/RequestServicePage.tsx').then((m) => m.RequestServicePage)),
);

/** What each page of src/page-table.ts renders. */
const PAGE_ELEMENTS: Record<keyof typeof DIRECTORY_PAGES, ReactNode> = {
  directory: <DirectoryPage />,
  company: <CompanyPage owner={false} />,
  ownCompany: <CompanyPage owner={true} />,
  companyRegister: <CompanyRegisterPage />,
  requestService: <RequestServicePage />,
};

/** The directory remote's exposed module (contract: RemoteModule in @bawaba/shared). */
export const buildLabel: RemoteModule['buildLabel'] = __BAWABA_BUILD_LABEL__;

export const catalogs: CatalogLoaders = {
  en: () => import('../locales/en/messages.ts'),
  ar: () => import('../locales/ar/messages.ts'),
};

export const segments: RemoteModule['segments'] = framedSegments(
  { remote: 'directory', buildLabel, react: React, useEmotionCache },
  segmentRoutes(DIRECTORY_PAGES, (name) => (
    <Suspense fallback={<Skeleton h="96" borderRadius="lg" />}>
      {PAGE_ELEMENTS[name]}
      <PageReady />
    </Suspense>
  )),
);
