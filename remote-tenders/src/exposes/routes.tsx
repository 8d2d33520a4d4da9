import { type CatalogLoaders, framedSegments, type RemoteModule, Skeleton } from '@bawaba/shared';
import { segmentRoutes } from '@bawaba/shared/pages';
import { PageReady } from '@bawaba/shared/render';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import React, { type ComponentType, lazy, Suspense } from 'react';
import { TENDER_PAGES } from '../page-table.ts';

/** The tenders remote's exposed module (contract: RemoteModule in @bawaba/shared). */
export const buildLabel: RemoteModule['buildLabel'] = __BAWABA_BUILD_LABEL__;

export const catalogs: CatalogLoaders = {
  en: () => import('../locales/en/messages.ts'),
  ar: () => import('../locales/ar/messages.ts'),
};

// One chunk per page: a visitor of the list never downloads the wizard.
const PAGE_COMPONENTS: Record<keyof typeof TENDER_PAGES, ComponentType> = {
  tenderList: lazy(() => import('../pages/TenderList.tsx')),
  tenderProfile: lazy(() => import('./fragments.ts').then((m) => m.loadTenderProfile())),
  // The proposal pages fetch their own catalog with them (fragments.ts).
  submitProposal: lazy(() => import('./fragments.ts').then((m) => m.loadProposalWizard())),
  resubmitProposal: lazy(() => import('./fragments.ts').then((m) => m.loadResubmitProposal())),
};

// The owner's tender workspace, which the host mounts in the account area's slot
// (docs/decisions/0009-tender-workspace-in-remote-tenders.md): a chunk of its own with its texts, so no first page
// of this remote grows (the host's mount waits for it under its own Suspense).
export const fragments: NonNullable<RemoteModule['fragments']> = {
  tenderWorkspace: lazy(() => import('./fragments.ts').then((m) => m.loadTenderWorkspace())),
  // The bidder's side of the tender flow, in the account area too: their proposals and their interests.
  bidderProposals: lazy(() => import('./fragments.ts').then((m) => m.loadBidderProposals())),
  bidderInterests: lazy(() => import('./fragments.ts').then((m) => m.loadBidderInterests())),
  // The contracts awards became, for both sides: the list, and one contract below it.
  contracts: lazy(() => import('./fragments.ts').then((m) => m.loadContracts())),
};

export const segments: RemoteModule['segments'] = framedSegments(
  { remote: 'tenders', buildLabel, react: React, useEmotionCache },
  segmentRoutes(TENDER_PAGES, (name) => {
    const Page = PAGE_COMPONENTS[name];
    return (
      <Suspense fallback={<Skeleton h="96" borderRadius="lg" />}>
        <Page />
        <PageReady />
      </Suspense>
    );
  }),
);
