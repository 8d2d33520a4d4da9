import type { LoadedRemote, RemoteModule } from '@bawaba/shared';

/** A loaded remote for component tests: no catalogs of its own, the routes and fragments a test gives it. */
export function loadedRemote(parts: Partial<Pick<RemoteModule, 'segments' | 'fragments'>>): LoadedRemote {
  return {
    remote: {
      segments: parts.segments ?? {},
      catalogs: { en: async () => ({ messages: {} }), ar: async () => ({ messages: {} }) },
      buildLabel: 'test',
      ...(parts.fragments ? { fragments: parts.fragments } : {}),
    },
  };
}
