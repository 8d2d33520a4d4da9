import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchRemoteMap,
  OVERRIDE_STORAGE_KEY,
  parseOverride,
  type RemoteMapConfig,
  resolveRemoteMap,
} from './remote-map.ts';

const config: RemoteMapConfig = {
  remotes: {
    directory: 'https://dir.example/mf-manifest.json',
    tenders: 'https://tenders.example/mf-manifest.json',
    account: 'https://account.example/mf-manifest.json',
  },
  overrideOrigins: ['https://staging.example'],
};

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('parseOverride', () => {
  it('accepts an allow-listed origin for a known remote', () => {
    expect(parseOverride('directory@https://staging.example/v2/mf-manifest.json', config)).toEqual({
      kind: 'accepted',
      remote: 'directory',
      manifestUrl: 'https://staging.example/v2/mf-manifest.json',
    });
  });

  it.each([
    ['an origin outside the allow-list', 'directory@https://evil.example/mf-manifest.json'],
    ['a look-alike origin', 'directory@https://staging.example.evil.example/mf-manifest.json'],
    ['a javascript: URL', 'directory@javascript:alert(1)'],
    ['an unknown remote', 'payments@https://staging.example/mf-manifest.json'],
    ['a relative URL', 'directory@/mf-manifest.json'],
    ['no remote name', '@https://staging.example/mf-manifest.json'],
  ])('refuses %s', (_label, value) => {
    expect(parseOverride(value, config).kind).toBe('refused');
  });

  it('refuses every override when the allow-list is empty (production)', () => {
    const production = { ...config, overrideOrigins: [] };
    expect(parseOverride('directory@https://staging.example/mf-manifest.json', production).kind).toBe(
      'refused',
    );
  });
});

describe('resolveRemoteMap', () => {
  it('uses the configured map when there is no override', () => {
    const { remotes, override } = resolveRemoteMap(config, '', memoryStorage());
    expect(remotes).toEqual(config.remotes);
    expect(override.kind).toBe('none');
  });

  it('applies an accepted override to that remote only and keeps it for the tab', () => {
    const session = memoryStorage();
    const search = '?mf-override=directory@https://staging.example/mf-manifest.json';
    const { remotes } = resolveRemoteMap(config, search, session);
    expect(remotes.directory).toBe('https://staging.example/mf-manifest.json');
    expect(remotes.tenders).toBe(config.remotes.tenders);
    // A later page of the same tab, without the query parameter.
    expect(resolveRemoteMap(config, '', session).remotes.directory).toBe(
      'https://staging.example/mf-manifest.json',
    );
  });

  it('drops a stored override that the allow-list no longer accepts', () => {
    const session = memoryStorage({
      [OVERRIDE_STORAGE_KEY]: 'directory@https://old.example/mf-manifest.json',
    });
    const { remotes } = resolveRemoteMap(config, '', session);
    expect(remotes.directory).toBe(config.remotes.directory);
    expect(session.data.has(OVERRIDE_STORAGE_KEY)).toBe(false);
  });

  it('clears the override with mf-override=clear', () => {
    const session = memoryStorage({
      [OVERRIDE_STORAGE_KEY]: 'directory@https://staging.example/mf-manifest.json',
    });
    const { remotes } = resolveRemoteMap(config, '?mf-override=clear', session);
    expect(remotes.directory).toBe(config.remotes.directory);
    expect(session.data.has(OVERRIDE_STORAGE_KEY)).toBe(false);
  });
});

describe('fetchRemoteMap', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__bawabaRemoteMap;
  });

  /** The origin's /config/remotes.json, counted. */
  function origin(status = 200) {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(config, { status }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it("takes the inline script's answer without asking again", async () => {
    const fetch = origin();
    const other = { ...config, overrideOrigins: [] };
    window.__bawabaRemoteMap = Promise.resolve(other);
    expect(await fetchRemoteMap()).toBe(other);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the origin itself, never from a cache, when the page has no answer (no inline script)', async () => {
    const fetch = origin();
    expect(await fetchRemoteMap()).toEqual(config);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/config/remotes.json', { cache: 'no-store' });
  });

  it("asks again only when the inline script's request failed", async () => {
    const fetch = origin();
    window.__bawabaRemoteMap = Promise.reject(new Error('remote map: HTTP 503'));
    expect(await fetchRemoteMap()).toEqual(config);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fails when the origin has no map', async () => {
    origin(404);
    await expect(fetchRemoteMap()).rejects.toThrow('remote map: HTTP 404');
  });
});
