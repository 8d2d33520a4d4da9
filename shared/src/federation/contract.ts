import type { RouteObject } from 'react-router';
import type { CatalogLoaders } from '../i18n/index.ts';

/**
 * What every remote's exposed `./routes` module provides. Remotes declare
 * `export const remote = { … } satisfies RemoteModule` so a drift breaks the remote's type-check; the host
 * loads it with `loadRemote<RemoteModule>` so the same type reaches the host's type-check without
 * compiling any remote into the host (remotes are released on their own).
 */
export interface RemoteModule {
  /** Routes per owned top-level segment, relative to `/<segment>/`. */
  segments: Record<string, RouteObject[]>;
  /** The remote's compiled Lingui catalogs; the host loads them before the first render. */
  catalogs: CatalogLoaders;
  /** Build label (shown by diagnostics; lets e2e tell two deployed versions apart). */
  buildLabel: string;
}

/** What the host's runtime plugin resolves a remote to when it cannot be loaded. */
export interface UnavailableRemote {
  unavailable: true;
  remote: string;
  reason: string;
  /** Set when the remote was built for a newer site than this host (what it needs that the host lacks). */
  needsNewerSite?: string[];
}

export type LoadedRemote = { remote: RemoteModule } | UnavailableRemote;
