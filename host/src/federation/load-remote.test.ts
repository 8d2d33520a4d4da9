import { afterEach, describe, expect, it, vi } from 'vitest';

const loadRemote = vi.fn();
vi.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({ loadRemote, registerRemotes: vi.fn() }),
}));

const { loadRemoteRoutes, REMOTE_LOAD_TIMEOUT_MS } = await import('./load-remote.ts');

afterEach(() => {
  vi.useRealTimers();
  loadRemote.mockReset();
});

describe('loadRemoteRoutes', () => {
  it('gives up on a remote that never answers, so its section can offer Retry', async () => {
    vi.useFakeTimers();
    loadRemote.mockReturnValue(new Promise(() => {}));
    const result = loadRemoteRoutes('tenders');
    await vi.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
    await expect(result).resolves.toMatchObject({ unavailable: true, remote: 'tenders' });
  });

  it('does not cache a timed-out load: the next attempt asks the runtime again', async () => {
    vi.useFakeTimers();
    loadRemote.mockReturnValue(new Promise(() => {}));
    const first = loadRemoteRoutes('account');
    await vi.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
    await first;
    loadRemote.mockResolvedValue({ segments: {}, catalogs: {}, buildLabel: 'test' });
    await expect(loadRemoteRoutes('account')).resolves.toHaveProperty('remote');
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });
});
