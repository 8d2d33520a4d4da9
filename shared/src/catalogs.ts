import type { CatalogLoaders } from './i18n/index.ts';

/** The shared package's own texts (UI primitives, validation messages). */
export const sharedCatalogs: CatalogLoaders = {
  en: () => import('./locales/en/messages.ts'),
  ar: () => import('./locales/ar/messages.ts'),
};
