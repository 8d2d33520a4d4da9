import { startTransition, useEffect, useRef, useState } from 'react';
import type { StoreApi } from 'zustand';

/**
 * Reads a zustand store like its own hook does, but renders each change as a transition. zustand's hook rests
 * on useSyncExternalStore, and React renders every change of an external store synchronously, in one task:
 * data arriving in a store that a whole page reads (the site info on the home page and in the footer) blocked
 * the main thread for the length of that re-render (Total Blocking Time). As a transition React renders
 * it in slices and stays responsive. The price: two components may show two versions of the store for a frame,
 * so keep it for data that is shown, not for state a decision depends on (the session stays on zustand's hook).
 */
export function useStoreInTransition<S, T>(store: StoreApi<S>, select: (state: S) => T): T {
  const [value, setValue] = useState(() => select(store.getState()));
  const selectRef = useRef(select);
  selectRef.current = select;
  useEffect(() => {
    const update = (state: S) => startTransition(() => setValue(() => selectRef.current(state)));
    // A change between the first render and this subscription is not lost.
    update(store.getState());
    return store.subscribe(update);
  }, [store]);
  return value;
}
