import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  reload(): void;
}

/**
 * Runs `load` whenever `key` changes (a string naming everything it depends on) and keeps only the answer
 * to the latest call. Errors are already shown by the shell (the http client's error events); pages only
 * need `failed`.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, enabled = true): Loaded<T> {
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
        if (latest.current === call) setState({ data, loading: false, failed: false });
      },
      () => {
        if (latest.current === call) setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
  }, [key, round, enabled]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
