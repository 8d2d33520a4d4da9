import { type CatalogLoaders, registerCatalogs } from '@bawaba/shared';

/**
 * The catalogs of the parts that have one of their own (lingui.config.ts), and the loader that fetches a part with its
 * catalog: the fragments and pages (exposes/fragments.ts), and the decision feature's parts the tender page shows
 * (features/decision/load.ts).
 */

/** The workspace's texts: a catalog of their own (lingui.config.ts), fetched with it. */
export const workspaceCatalogs: CatalogLoaders = {
  en: () => import('./locales/en/workspace.ts'),
  ar: () => import('./locales/ar/workspace.ts'),
};

/** The bidder pages' texts, likewise. */
export const bidderCatalogs: CatalogLoaders = {
  en: () => import('./locales/en/bidder.ts'),
  ar: () => import('./locales/ar/bidder.ts'),
};

/** The contracts' texts (the list and one contract), likewise. */
export const contractsCatalogs: CatalogLoaders = {
  en: () => import('./locales/en/contracts.ts'),
  ar: () => import('./locales/ar/contracts.ts'),
};

/** The proposal wizard's and the resubmit page's texts, likewise. */
export const proposalCatalogs: CatalogLoaders = {
  en: () => import('./locales/en/proposal.ts'),
  ar: () => import('./locales/ar/proposal.ts'),
};

/** The tender page's own texts (its questions and answers), likewise. */
export const profileCatalogs: CatalogLoaders = {
  en: () => import('./locales/en/profile.ts'),
  ar: () => import('./locales/ar/profile.ts'),
};

/** Resolves to the part's module once its catalog is in. */
export async function withCatalog<M>(page: Promise<M>, name: string, catalogs: CatalogLoaders): Promise<M> {
  const [module] = await Promise.all([page, registerCatalogs(name, catalogs)]);
  return module;
}
