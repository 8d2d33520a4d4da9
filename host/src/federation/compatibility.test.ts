import type { ReleaseStamp } from '@bawaba/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { missingPieces } from './compatibility.ts';
import { forgetRunningHostStamp, runningHostStamp } from './release-stamp.ts';

const loadRemote = vi.fn();
vi.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({ loadRemote, registerRemotes: vi.fn() }),
}));

const host: ReleaseStamp = {
  app: 'host',
  version: '1.0.0',
  commit: 'aaaaaaaaaaaa',
  singletons: { react: '19.2.0', '@bawaba/shared': '1.0.0', zustand: '5.0.8' },
  provides: { '@bawaba/shared': ['Box', 'Button'], '@bawaba/shared/forms': ['FormField'] },
};
const remote = (overrides: Partial<ReleaseStamp> = {}): ReleaseStamp => ({
  app: 'tenders',
  version: '1.1.0',
  commit: 'bbbbbbbbbbbb',
  singletons: { react: '19.1.0', '@bawaba/shared': '1.1.0', zustand: '5.0.8' },
  needs: { '@bawaba/shared': ['Box'] },
  ...overrides,
});

describe('missingPieces', () => {
  it('accepts a remote that needs only what the host provides, on the same release lines', () => {
    expect(missingPieces(host, remote())).toEqual([]);
  });

  it('names every shared export the host lacks, per entry', () => {
    const needy = remote({
      needs: { '@bawaba/shared': ['Box', 'RatingStars'], '@bawaba/shared/forms': ['FormField', 'DateRange'] },
    });
    expect(missingPieces(host, needy)).toEqual([
      '@bawaba/shared: RatingStars',
      '@bawaba/shared/forms: DateRange',
    ]);
  });

  it('refuses a singleton of another major line, and one the host does not share', () => {
    const other = remote({ singletons: { react: '20.0.0', '@bawaba/shared': '2.0.0', 'new-lib': '1.0.0' } });
    expect(missingPieces(host, other)).toEqual([
      'react 20.0.0 (this host has 19.2.0)',
      'new-lib 1.0.0 (not shared by this host)',
    ]);
  });
});

describe('a remote built for a newer site', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    loadRemote.mockReset();
    forgetRunningHostStamp();
  });

  it('is never evaluated: its section gets the missing pieces, and the console names them', async () => {
    const stamps: Record<string, ReleaseStamp> = {
      '/release.json': host,
      '/tenders/release.json': remote({ needs: { '@bawaba/shared': ['Box', 'RatingStars'] } }),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const stamp = stamps[new URL(url, location.href).pathname];
        return stamp ? new Response(JSON.stringify(stamp)) : new Response('', { status: 404 });
      }),
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loadRemoteRoutes, registerRemoteMap } = await import('./load-remote.ts');
    registerRemoteMap({
      directory: '/directory/mf-manifest.json',
      tenders: '/tenders/mf-manifest.json',
      account: '/account/mf-manifest.json',
    });
    await expect(loadRemoteRoutes('tenders')).resolves.toMatchObject({
      unavailable: true,
      needsNewerSite: ['@bawaba/shared: RatingStars'],
    });
    expect(loadRemote).not.toHaveBeenCalled();
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/tenders 1\.1\.0 .*RatingStars/);

    // A remote without release.json (built before the contract) is loaded as before.
    loadRemote.mockResolvedValue({ segments: {}, catalogs: {}, buildLabel: 'old' });
    await expect(loadRemoteRoutes('directory')).resolves.toHaveProperty('remote');
    errors.mockRestore();
  });

  it("compares with the host this page runs: a newer host's stamp, deployed since the page loaded, is not used", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ...host, version: '1.1.0', commit: 'cccccccccccc' }))),
    );
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(runningHostStamp({ commit: 'aaaaaaaaaaaa' })).resolves.toBeNull();
    expect(String(warnings.mock.calls[0]?.[0])).toMatch(/updated since this page loaded/);
    forgetRunningHostStamp();
    await expect(runningHostStamp({ commit: 'cccccccccccc' })).resolves.toMatchObject({ version: '1.1.0' });
    warnings.mockRestore();
  });
});
