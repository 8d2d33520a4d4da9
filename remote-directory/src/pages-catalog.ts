import { type CatalogLoaders, registerCatalogs } from '@bawaba/shared';

/** The texts of the pages other than the directory: a catalog of their own (lingui.config.ts). */
const pagesCatalogs: CatalogLoaders = {
  en: () => import('./locales/en/pages.ts'),
  ar: () => import('./locales/ar/pages.ts'),
};

/** Registers the pages' texts (fetched once), before a page or a part of one renders. */
export const registerPagesTexts = () => registerCatalogs('directory-pages', pagesCatalogs);
