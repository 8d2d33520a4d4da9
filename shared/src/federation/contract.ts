import type { ComponentType } from 'react';
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
  /**
   * Parts of this remote that another area shows, by name: the host mounts one into the slot another remote's route
   * declares (its `handle` names the fragment: FragmentHandle in @bawaba/shared/pages). A release without a fragment
   * a slot asks for makes the slot show the "needs a newer site version" panel.
   */
  fragments?: Record<string, ComponentType>;
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

/**
 * What every build's `release.json` says (written by shared/build/release.ts, read by the host before it renders a
 * remote and by the release tooling): which app and release it is, and the compatibility contract — what a host
 * provides to the remotes, what a remote needs from the host (docs/releases.md).
 */
export interface ReleaseStamp {
  app: string;
  version: string;
  /** The commit the build was made from ('unknown' outside git). */
  commit: string;
  /** Every federation singleton's version in this build. */
  singletons: Record<string, string>;
  /** Host only: the runtime names each shared singleton entry exports (entry → names). */
  provides?: Record<string, string[]>;
  /** Remotes only: the names this remote imports from those entries. */
  needs?: Record<string, string[]>;
}
