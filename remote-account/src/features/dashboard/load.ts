import { type CatalogLoaders, registerCatalogs } from '@bawaba/shared';

/** The dashboard's texts: a catalog of their own (lingui.config.ts), fetched with the page and its chart library. */
const dashboardCatalogs: CatalogLoaders = {
  en: () => import('../../locales/en/dashboard.ts'),
  ar: () => import('../../locales/ar/dashboard.ts'),
};

/** The dashboard page's chunk (the page and recharts) and its texts, together. */
export async function loadDashboardPage() {
  const [page] = await Promise.all([
    import('./DashboardPage.tsx'),
    registerCatalogs('account-dashboard', dashboardCatalogs),
  ]);
  return page;
}
