import type { RemoteName } from '@bawaba/shared';
import { Box, type RouteObject, useRoutes } from '@bawaba/shared';
import { useMemo } from 'react';
import { mountFragments } from './mount-fragments.ts';
import { RemoteFragment } from './RemoteFragment.tsx';
import {
  RemoteErrorBoundary,
  SectionLoading,
  SectionNeedsNewerSite,
  SectionUnavailable,
} from './section-panels.tsx';
import { useRemote } from './use-remote.ts';

function RemoteRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders the routes a remote owns for one top-level segment, loading the remote on first visit.
 * A remote that is down or broken shows the translated "section unavailable" panel with Retry here;
 * the shell and the other remotes are untouched. A route of the remote that is a slot for another remote's fragment
 * gets that fragment mounted (mount-fragments.ts).
 *
 * Keyed by remote: the host's routes put every remote's outlet in the same place, so React would keep one outlet
 * from one remote's page to another's — with the remote it loaded, or was handed by hydration, before. Within one
 * remote (its segments) the outlet stays, and so does its loaded module.
 */
export function RemoteOutlet({ remote, segment }: { remote: RemoteName; segment: string }) {
  return <RemoteSection key={remote} remote={remote} segment={segment} />;
}

function RemoteSection({ remote, segment }: { remote: RemoteName; segment: string }) {
  const { loaded, attempt, retry } = useRemote(remote);
  const routes = useMemo(
    () =>
      loaded && !('unavailable' in loaded)
        ? mountFragments(loaded.remote.segments[segment] ?? [], (fragment) => (
            <RemoteFragment remote={fragment.remote} name={fragment.name} />
          ))
        : [],
    [loaded, segment],
  );

  if (!loaded) return <SectionLoading />;
  if ('unavailable' in loaded)
    return loaded.needsNewerSite ? (
      <SectionNeedsNewerSite remote={remote} />
    ) : (
      <SectionUnavailable remote={remote} onRetry={retry} />
    );
  return (
    <Box data-remote-section={remote}>
      <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
        <RemoteRoutes routes={routes} />
      </RemoteErrorBoundary>
    </Box>
  );
}
