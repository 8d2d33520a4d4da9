import { type CatalogLoaders, registerCatalogs } from '@bawaba/shared';

/**
 * The fragments' loaders: each resolves to the module of its page (`{ default }`) once the page's own catalog is in,
 * for `React.lazy` in routes.tsx. A loader, not a lazy component: a lazy component must resolve to a component, and
 * one lazy resolving to another renders nothing but React's error 306.
 */

/** The workspace's texts: a catalog of their own (lingui.config.ts), fetched with it. */
const workspaceCatalogs: CatalogLoaders = {
  en: () => import('../locales/en/workspace.ts'),
  ar: () => import('../locales/ar/workspace.ts'),
};

/** The bidder pages' texts, likewise. */
const bidderCatalogs: CatalogLoaders = {
  en: () => import('../locales/en/bidder.ts'),
  ar: () => import('../locales/ar/bidder.ts'),
};

async function withCatalog<M>(page: Promise<M>, name: string, catalogs: CatalogLoaders): Promise<M> {
  const [module] = await Promise.all([page, registerCatalogs(name, catalogs)]);
  return module;
}

/** `tenderWorkspace`: the owner's workspace. */
export const loadTenderWorkspace = () =>
  withCatalog(import('../features/workspace/WorkspacePage.tsx'), 'tenders-workspace', workspaceCatalogs);

/** `bidderProposals`: the bidder's proposals. */
export const loadBidderProposals = () =>
  withCatalog(import('../features/bidder/MyProposalsPage.tsx'), 'tenders-bidder', bidderCatalogs);

/** `bidderInterests`: the bidder's interests and the invitations to their companies. */
export const loadBidderInterests = () =>
  withCatalog(import('../features/bidder/MyInterestsPage.tsx'), 'tenders-bidder', bidderCatalogs);
