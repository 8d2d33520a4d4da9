import { type CatalogLoaders, registerCatalogs } from '@bawaba/shared';

/** The objection form's texts: a catalog of their own (lingui.config.ts), fetched with the form. */
const catalogs: CatalogLoaders = {
  en: () => import('../../locales/en/objection.ts'),
  ar: () => import('../../locales/ar/objection.ts'),
};

/**
 * The objection form's module once its catalog is in (MyProposalPanel opens it on the tender page and the proposal
 * page, whose own catalogs do not have its texts), for `React.lazy`.
 */
export async function loadObjectionForm() {
  const [module] = await Promise.all([
    import('./ObjectionForm.tsx'),
    registerCatalogs('tenders-objection', catalogs),
  ]);
  return module;
}
