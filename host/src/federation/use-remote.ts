import type { LoadedRemote, RemoteName } from '@bawaba/shared';
import { startTransition, useEffect, useState } from 'react';
import { loadRemoteRoutes, resetRemote } from './load-remote.ts';

/** A remote's exposed module, loaded on first use (null while loading), and a retry that loads it afresh. */
export function useRemote(remote: RemoteName): {
  loaded: LoadedRemote | null;
  attempt: number;
  retry: () => void;
} {
  const [loaded, setLoaded] = useState<LoadedRemote | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
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
  }, [remote, attempt]);

  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return { loaded, attempt, retry };
}
