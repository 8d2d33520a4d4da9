import type { CatalogLoaders } from '@bawaba/shared';

export const hostCatalogs: CatalogLoaders = {
  en: () => import('./locales/en/messages.ts'),
  ar: () => import('./locales/ar/messages.ts'),
};
