import { withCatalog, workspaceCatalogs } from '../../catalog-loaders.ts';

/**
 * The evaluation panel as the tender page shows it to an evaluator (outside the workspace): its texts are in the
 * workspace's catalog, fetched with it.
 */
export const loadPanelSection = () =>
  withCatalog(import('./panel/PanelSection.tsx'), 'tenders-workspace', workspaceCatalogs);
