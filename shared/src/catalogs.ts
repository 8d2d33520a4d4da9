import type { CatalogLoaders } from './i18n/index.ts';
import { validationCatalog } from './i18n/messages.ts';

/**
 * The shared package's own texts (UI primitives), and in Arabic also the one table of validation messages
 * (./contracts/messages.ts): loaded only for Arabic readers, English needs no table.
 */
export const sharedCatalogs: CatalogLoaders = {
  en: () => import('./locales/en/messages.ts'),
  ar: async () => {
    const [catalog, table] = await Promise.all([
      import('./locales/ar/messages.ts'),
      import('./contracts/messages.ts'),
    ]);
    return { messages: { ...catalog.messages, ...validationCatalog(table.VALIDATION_MESSAGES_AR) } };
  },
};
