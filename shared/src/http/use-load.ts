import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  reload(): void;
}

/**
 * A page's data: runs `load` whenever `key` changes (a string naming everything the call depends on) or on
 * `reload()`, and keeps only the answer to the latest call, so a quick page or filter change never shows stale
 * rows. Nothing runs while `enabled` is false. Errors are already shown by the shell (the http client's error
 * events); pages only need `failed`.
 *
 * The answer is rendered as a transition: React builds a long list in slices of a few milliseconds instead of
 * one long task, so the page stays responsive while results arrive (Total Blocking Time).
 */
export function useLoad<T>(key: string, load: () => Promise<T>, enabled = true): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; failed: boolean }>({
    data: undefined,
    loading: enabled,
    failed: false,
  });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const latest = useRef('');
  useEffect(() => {
    if (!enabled) return;
    const call = `${key}#${round}`;
    latest.current = call;
    setState((s) => ({ ...s, loading: true, failed: false }));
    loadRef.current().then(
      (data) => {
        if (latest.current === call) startTransition(() => setState({ data, loading: false, failed: false }));
      },
      () => {
        if (latest.current === call) setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
  }, [key, round, enabled]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
