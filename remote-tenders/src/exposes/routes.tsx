import { type CatalogLoaders, framedSegments, type RemoteModule, Skeleton } from '@bawaba/shared';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React, { lazy, Suspense } from 'react';

/** The tenders remote's exposed module (contract: RemoteModule in @bawaba/shared). */
export const buildLabel: RemoteModule['buildLabel'] = __BAWABA_BUILD_LABEL__;

export const catalogs: CatalogLoaders = {
  en: () => import('../locales/en/messages.ts'),
  ar: () => import('../locales/ar/messages.ts'),
};

// One chunk per page: a visitor of the list never downloads the wizard.
const TenderList = lazy(() => import('../pages/TenderList.tsx'));
const TenderProfile = lazy(() => import('../pages/TenderProfile.tsx'));
const ProposalWizard = lazy(() => import('../pages/wizard/ProposalWizard.tsx'));
const ResubmitProposal = lazy(() => import('../pages/ResubmitProposal.tsx'));

const page = (Page: React.ComponentType) => (
  <Suspense fallback={<Skeleton h="96" borderRadius="lg" />}>
    <Page />
  </Suspense>
);

export const segments: RemoteModule['segments'] = framedSegments(
  { remote: 'tenders', buildLabel, react: React, useEmotionCache },
  {
    tender: [{ index: true, element: page(TenderList) }],
    'tender-profile': [{ path: ':id', element: page(TenderProfile) }],
    'submit-proposal': [{ path: ':id', element: page(ProposalWizard) }],
    'resubmit-proposal': [{ path: ':id', element: page(ResubmitProposal) }],
  },
);
