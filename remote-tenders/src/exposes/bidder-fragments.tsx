import { type CatalogLoaders, registerCatalogs } from '@bawaba/shared';
import { lazy } from 'react';

/** The bidder pages' texts: a catalog of their own (lingui.config.ts), fetched with them. */
const bidderCatalogs: CatalogLoaders = {
  en: () => import('../locales/en/bidder.ts'),
  ar: () => import('../locales/ar/bidder.ts'),
};

/** The fragment `bidderProposals`: the bidder's proposals, rendered once their texts are in. */
export const BidderProposals = lazy(async () => {
  const [page] = await Promise.all([
    import('../features/bidder/MyProposalsPage.tsx'),
    registerCatalogs('tenders-bidder', bidderCatalogs),
  ]);
  return page;
});

/** The fragment `bidderInterests`: the bidder's interests and the invitations to their companies. */
export const BidderInterests = lazy(async () => {
  const [page] = await Promise.all([
    import('../features/bidder/MyInterestsPage.tsx'),
    registerCatalogs('tenders-bidder', bidderCatalogs),
  ]);
  return page;
});
