import type { LoadedRemote, RemoteName } from '@bawaba/shared';
import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import { loadRemoteRoutes, resetRemote } from './load-remote.ts';

/**
 * Remotes already loaded before the render started: on the server, the remote of the page being rendered; in the
 * browser, the same remote loaded before hydration, so the first render is the server's and not a spinner.
 */
export const PreloadedRemotes = createContext<Partial<Record<RemoteName, LoadedRemote>>>({});

/** A remote's exposed module, loaded on first use (null while loading), and a retry that loads it afresh. */
export function useRemote(remote: RemoteName): {
  loaded: LoadedRemote | null;
  attempt: number;
  retry: () => void;
} {
  const preloaded = useContext(PreloadedRemotes)[remote] ?? null;
  const [loaded, setLoaded] = useState<LoadedRemote | null>(preloaded);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && preloaded && !('unavailable' in preloaded)) return;
    let live = true;
    setLoaded(null);
    void loadRemoteRoutes(remote).then((result) => {
      // A transition: React renders the remote's first page in slices of a few milliseconds instead of one
      // long task (Total Blocking Time); the spinner stays until the page commits.
      if (live) startTransition(() => setLoaded(result));
    });
    return () => {
      live = false;
    };
    // `attempt` re-runs the load after Retry.
  }, [remote, attempt, preloaded]);

  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return { loaded, attempt, retry };
}
