import { Box } from '@chakra-ui/react';
import { Outlet, type RouteObject } from 'react-router';
import { useSessionStore } from '../store/session.ts';
import { type SingletonBindings, useSingletonProbe } from './singleton-probe.ts';

interface FrameProps {
  remote: string;
  buildLabel: string;
  /** Returns the singletons as the REMOTE's own imports see them (the point of the probe). */
  useProbeBindings: () => SingletonBindings;
}

/**
 * Wraps every page of a remote: marks the remote's area (name, build label, the language it reads from
 * the shared store) for diagnostics and e2e, and registers the singleton probe.
 */
function RemoteFrame({ remote, buildLabel, useProbeBindings }: FrameProps) {
  useSingletonProbe(remote, useProbeBindings());
  const language = useSessionStore((s) => s.language);
  return (
    <Box data-testid="remote-frame" data-remote={remote} data-build={buildLabel} data-language={language}>
      <Outlet />
    </Box>
  );
}

/** A remote's segments, each wrapped in its RemoteFrame. */
export function framedSegments(
  frame: FrameProps,
  segments: Record<string, RouteObject[]>,
): Record<string, RouteObject[]> {
  return Object.fromEntries(
    Object.entries(segments).map(([segment, routes]) => [
      segment,
      [{ element: <RemoteFrame {...frame} />, children: routes }],
    ]),
  );
}
