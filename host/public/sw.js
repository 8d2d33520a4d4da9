/* Bawaba service worker (spec §9: production only, registered once the app has been stable for 30 s).
 *
 * Makes repeat visits fast without ever serving a stale remote:
 * - never touched (straight to the network, not cached): the API (/api/*), the runtime remote map
 *   (/config/remotes.json), every remote's mf-manifest.json and remoteEntry.js, every release.json, and any non-GET request;
 * - cache-first: content-hashed immutable files ([name].[8 hex].js|css, hashed assets) — a new release has
 *   new names, so a cached one can never be stale;
 * - network-first: the page itself (navigations / index.html), falling back to the cached copy offline.
 * Everything else goes to the network as usual.
 *
 * The routing rule is `strategyFor` below; host/src/sw/sw.test.ts runs this very file against it.
 */
const CACHE = 'bawaba-shell-v1';
const INDEX = '/index.html';
const NEVER =
  /(^|\/)(mf-manifest\.json|mf-manifest-stats\.json|remoteEntry\.js|remotes\.json|release\.json|sw\.js)$/;
const HASHED = /(\.[0-9a-f]{8}\.(js|css)|\/[0-9a-f]{16,}\.[a-z0-9]+)$/;

/** 'network-only' | 'network-first' | 'cache-first' for a request, from the worker's own origin. */
function strategyFor(request, origin) {
  if (request.method !== 'GET') return 'network-only';
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'network-only';
  const sameOrigin = url.origin === origin;
  if (sameOrigin && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) return 'network-only';
  if (sameOrigin && url.pathname.startsWith('/config/')) return 'network-only';
  if (NEVER.test(url.pathname)) return 'network-only';
  if (request.mode === 'navigate' || (sameOrigin && (url.pathname === '/' || url.pathname === INDEX)))
    return sameOrigin ? 'network-first' : 'network-only';
  if (url.search) return 'network-only';
  if (HASHED.test(url.pathname)) return 'cache-first';
  return 'network-only';
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  // Opaque (no-cors) and failed answers are not kept: only a real 200 of an immutable file.
  if (response.ok && response.status === 200) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.status === 200) await cache.put(INDEX, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(INDEX);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith('bawaba-') && n !== CACHE).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (strategy === 'cache-first') event.respondWith(cacheFirst(event.request));
  else if (strategy === 'network-first') event.respondWith(networkFirst(event.request));
  // network-only: no respondWith, the browser fetches as if there were no worker.
});

self.__bawabaStrategyFor = strategyFor;
