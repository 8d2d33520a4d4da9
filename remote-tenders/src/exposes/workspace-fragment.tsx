import { type CatalogLoaders, registerCatalogs } from '@bawaba/shared';
import { lazy } from 'react';

/** The workspace's texts: a catalog of their own (lingui.config.ts), fetched with it. */
const workspaceCatalogs: CatalogLoaders = {
  en: () => import('../locales/en/workspace.ts'),
  ar: () => import('../locales/ar/workspace.ts'),
};

/** The fragment `tenderWorkspace`: the owner's workspace, rendered once its texts are in. */
export default lazy(async () => {
  const [page] = await Promise.all([
    import('../features/workspace/WorkspacePage.tsx'),
    registerCatalogs('tenders-workspace', workspaceCatalogs),
  ]);
  return page;
});
