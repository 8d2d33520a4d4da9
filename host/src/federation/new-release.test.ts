import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchForNewRelease } from './new-release.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function deployed(commit: string) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ version: '1.1.0', commit })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('watchForNewRelease', () => {
  it('says so once when the origin serves another release, checked when the tab comes back into view', async () => {
    const fetch = deployed('new-commit');
    const onNew = vi.fn();
    const stop = watchForNewRelease({ commit: 'old-commit' }, onNew);
    expect(fetch).not.toHaveBeenCalled(); // nothing during the page load
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(onNew).toHaveBeenCalledWith({ version: '1.1.0', commit: 'new-commit' }));
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onNew).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stays quiet while the same release is deployed, and checks again on its interval', async () => {
    vi.useFakeTimers();
    const fetch = deployed('same');
    const onNew = vi.fn();
    const stop = watchForNewRelease({ commit: 'same' }, onNew, 1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onNew).not.toHaveBeenCalled();
    stop();
  });

  it('does nothing for a build made outside git', () => {
    const fetch = deployed('x');
    const stop = watchForNewRelease({ commit: 'unknown' }, vi.fn());
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetch).not.toHaveBeenCalled();
    stop();
  });
});
