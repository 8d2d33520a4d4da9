import { useSyncExternalStore } from 'react';

/**
 * The browser's hydration window: opened by the host just before it hydrates the server's page, closed once the
 * page has hydrated (its PageReady) or the visitor moved on. Outside it (and on a page the server did not render)
 * every component is rendered by the browser.
 */
let hydrationWindowOpen = false;

/** The host is about to hydrate the server's page. */
export function openHydrationWindow(): void {
  hydrationWindowOpen = true;
}

/** The server's page has hydrated: components mounted from now on are the browser's own. */
export function closeHydrationWindow(): void {
  hydrationWindowOpen = false;
}

const subscribeToNothing = () => () => {};
const inHydrationWindow = () => hydrationWindowOpen;
const onTheServer = () => true;

/**
 * True while React renders on the server or hydrates the server's markup (it reads a store's server snapshot then),
 * and for a component the browser mounts while the page is still hydrating (the server's answers are as fresh as
 * the page); false once the page has hydrated and on a page the server did not render.
 *
 * The browser's snapshot stays equal to the server's until the page has hydrated: React re-renders synchronously
 * every component whose store snapshot differs from what it hydrated with — the whole page, in one long task.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(subscribeToNothing, inHydrationWindow, onTheServer);
}
