import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs the real public/sw.js with a fake worker scope and returns its routing rule and fetch handler. */
function loadWorker() {
  const source = readFileSync(path.join(import.meta.dirname, '../../public/sw.js'), 'utf8');
  const listeners: Record<string, (event: unknown) => void> = {};
  const self = {
    location: { origin: 'https://bawaba.qa' },
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      listeners[type] = fn;
    },
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve() },
  } as Record<string, unknown>;
  const store = new Map<string, Response>();
  const caches = {
    open: async () => ({
      match: async (key: Request | string) => store.get(typeof key === 'string' ? key : key.url)?.clone(),
      put: async (key: Request | string, response: Response) => {
        store.set(typeof key === 'string' ? key : key.url, response);
      },
    }),
    keys: async () => [],
    delete: async () => true,
  };
  let network: (request: Request) => Promise<Response> = async () => new Response('net');
  const fetchFn = (request: Request) => network(request);
  new Function('self', 'caches', 'fetch', source)(self, caches, fetchFn);
  const strategyFor = self.__bawabaStrategyFor as (
    request: { method: string; url: string; mode?: string },
    origin: string,
  ) => string;
  const dispatch = (request: Request) => {
    let responded: Promise<Response> | null = null;
    listeners.fetch?.({ request, respondWith: (p: Promise<Response>) => (responded = p) });
    return responded as Promise<Response> | null;
  };
  return {
    strategy: (url: string, init: { method?: string; mode?: string } = {}) =>
      strategyFor({ method: init.method ?? 'GET', url, mode: init.mode ?? 'cors' }, 'https://bawaba.qa'),
    dispatch,
    store,
    setNetwork: (fn: typeof network) => {
      network = fn;
    },
  };
}

describe('service worker routing', () => {
  const sw = loadWorker();

  it('never handles the API, the remote map, remote manifests or remote entries', () => {
    expect(sw.strategy('https://bawaba.qa/api/v1/tenders')).toBe('network-only');
    expect(sw.strategy('https://bawaba.qa/api/v1/notification/subscribe')).toBe('network-only');
    expect(sw.strategy('https://bawaba.qa/config/remotes.json')).toBe('network-only');
    expect(sw.strategy('https://directory.bawaba.qa/mf-manifest.json')).toBe('network-only');
    expect(sw.strategy('https://tenders.bawaba.qa/remoteEntry.js')).toBe('network-only');
    expect(sw.strategy('https://bawaba.qa/mf-manifest.json')).toBe('network-only');
    expect(sw.strategy('https://bawaba.qa/sw.js')).toBe('network-only');
    // A release's stamp: the contract check and the new-release notice must see what is deployed now.
    expect(sw.strategy('https://bawaba.qa/release.json')).toBe('network-only');
    expect(sw.strategy('https://tenders.bawaba.qa/1.2.1/release.json')).toBe('network-only');
    expect(sw.strategy('https://bawaba.qa/main.1a2b3c4d.js', { method: 'POST' })).toBe('network-only');
  });

  it('serves hashed immutable chunks cache-first, from any origin', () => {
    expect(sw.strategy('https://bawaba.qa/main.1a2b3c4d.js')).toBe('cache-first');
    expect(sw.strategy('https://bawaba.qa/412.0f9e8d7c.css')).toBe('cache-first');
    expect(sw.strategy('https://directory.bawaba.qa/__federation_expose_routes.9a8b7c6d.js')).toBe(
      'cache-first',
    );
    expect(sw.strategy('https://bawaba.qa/6f1c2d3e4a5b6c7d8e9f.svg')).toBe('cache-first');
    // Unhashed files are not cached.
    expect(sw.strategy('https://bawaba.qa/main.js')).toBe('network-only');
    expect(sw.strategy('https://bawaba.qa/favicon.ico')).toBe('network-only');
  });

  it('fetches pages network-first', () => {
    expect(sw.strategy('https://bawaba.qa/tender-profile/3', { mode: 'navigate' })).toBe('network-first');
    expect(sw.strategy('https://bawaba.qa/callback?status=Paid', { mode: 'navigate' })).toBe('network-first');
    expect(sw.strategy('https://bawaba.qa/index.html')).toBe('network-first');
  });

  it('answers a cached chunk without the network, and falls back to the cached page offline', async () => {
    let calls = 0;
    sw.setNetwork(async () => {
      calls++;
      return new Response('chunk', { status: 200 });
    });
    const chunk = new Request('https://bawaba.qa/main.1a2b3c4d.js');
    expect(await (await sw.dispatch(chunk))?.text()).toBe('chunk');
    expect(await (await sw.dispatch(chunk))?.text()).toBe('chunk');
    expect(calls).toBe(1);

    sw.setNetwork(async () => new Response('<html>v2</html>', { status: 200 }));
    const page = new Request('https://bawaba.qa/home');
    Object.defineProperty(page, 'mode', { value: 'navigate' });
    expect(await (await sw.dispatch(page))?.text()).toBe('<html>v2</html>');
    sw.setNetwork(async () => {
      throw new TypeError('offline');
    });
    expect(await (await sw.dispatch(page))?.text()).toBe('<html>v2</html>');
  });

  it('leaves manifest requests to the browser (no respondWith)', () => {
    expect(sw.dispatch(new Request('https://directory.bawaba.qa/mf-manifest.json'))).toBeNull();
    expect(sw.dispatch(new Request('https://bawaba.qa/api/v1/health'))).toBeNull();
  });
});
