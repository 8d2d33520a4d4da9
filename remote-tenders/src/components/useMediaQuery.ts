import { useSyncExternalStore } from 'react';

/** True while the media query matches (spec: wizard steps go vertical at ≤ 992 px). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Spec §9: "large screen" is wider than 992 px. */
export const NARROW_QUERY = '(max-width: 992px)';
