/**
 * Spec §9: the service worker is registered once the app has been stable for 30 s, outside development
 * only. "Stable" here: 30 s after start, at the next moment the browser is idle.
 */
const SW_STABLE_DELAY_MS = 30_000;
const SW_URL = '/sw.js';

export function registerServiceWorkerWhenStable(options: {
  production: boolean;
  delayMs?: number;
  navigator?: Navigator;
}): void {
  const nav = options.navigator ?? (typeof navigator === 'undefined' ? undefined : navigator);
  if (!options.production || !nav || !('serviceWorker' in nav)) return;
  const register = () => {
    nav.serviceWorker.register(SW_URL, { scope: '/' }).catch((error: unknown) => {
      console.warn('[bawaba] service worker not registered', error);
    });
  };
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: 5000 });
    else register();
  }, options.delayMs ?? SW_STABLE_DELAY_MS);
}
