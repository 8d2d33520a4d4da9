import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};
const notHydrating = () => false;
const hydratingNow = () => true;

/**
 * True while React renders on the server or hydrates the server's markup (it reads a store's server snapshot then,
 * and only then), false in every later render and on a page the server did not render.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(subscribeToNothing, notHydrating, hydratingNow);
}
