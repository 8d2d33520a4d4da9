import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/**
 * Loads data for a page and reloads it when `key` changes (or on `reload()`); answers to an older key are
 * dropped, so a quick page or filter change never shows stale rows.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const latest = useRef(key);
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; failed: boolean }>({
    data: undefined,
    loading: true,
    failed: false,
  });

  useEffect(() => {
    const requested = `${key}#${round}`;
    latest.current = requested;
    setState((s) => ({ ...s, loading: true }));
    loadRef.current().then(
      (data) => {
        if (latest.current === requested) setState({ data, loading: false, failed: false });
      },
      () => {
        if (latest.current === requested) setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
  }, [key, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}
