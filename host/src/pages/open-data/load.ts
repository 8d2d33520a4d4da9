import { type CatalogLoaders, registerCatalogs } from '@bawaba/shared';

/** The policy's texts: a catalog of their own (host/lingui.config.ts), fetched with the page, never by a first page. */
export const openDataCatalogs: CatalogLoaders = {
  en: () => import('../../locales/en/open-data.ts'),
  ar: () => import('../../locales/ar/open-data.ts'),
};

/** Registers the policy's texts; src/routes.tsx fetches them together with the page's chunk. */
export const loadOpenDataTexts = () => registerCatalogs('host-open-data', openDataCatalogs);
