import { type CatalogLoaders, registerCatalogs } from '@bawaba/shared';

/** The webhooks pages' texts: a catalog of their own (lingui.config.ts), fetched with the page. */
const webhooksCatalogs: CatalogLoaders = {
  en: () => import('../../locales/en/webhooks.ts'),
  ar: () => import('../../locales/ar/webhooks.ts'),
};

/** The webhooks page's chunk and its texts, together. */
export async function loadWebhooksPage() {
  const [page] = await Promise.all([
    import('./WebhooksPage.tsx'),
    registerCatalogs('account-webhooks', webhooksCatalogs),
  ]);
  return page;
}
