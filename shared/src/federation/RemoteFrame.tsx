import { Box } from '@chakra-ui/react';
import { Outlet, type RouteObject } from 'react-router';
import { http } from '../http/client.ts';
import { i18n } from '../i18n/index.ts';
import { useSessionStore } from '../store/session.ts';
import { useSingletonProbe } from './singleton-probe.ts';

interface FrameProps {
  remote: string;
  buildLabel: string;
  /** The remote's own `React` import. */
  react: unknown;
  /** The remote's own `__unsafe_useEmotionCache` import from @emotion/react. */
  useEmotionCache: () => unknown;
}

/**
 * Wraps every page of a remote: marks the remote's area (name, build label, the language it reads from
 * the shared store) for diagnostics and e2e, and registers the singleton probe. React and Emotion come
 * from the remote's own imports; the store, the ky client and the i18n instance come from this module,
 * which is the remote's own copy if @bawaba/shared were ever bundled into it instead of shared — so a
 * duplicate of any of them shows up as a mismatch with the host.
 */
function RemoteFrame({ remote, buildLabel, react, useEmotionCache }: FrameProps) {
  useSingletonProbe(remote, {
    react,
    sessionStore: useSessionStore,
    http,
    i18n,
    emotionCache: useEmotionCache(),
  });
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
