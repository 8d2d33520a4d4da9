import {
  activateLanguage,
  formatNumber,
  registerCatalogs,
  sharedCatalogs,
  useSessionStore,
} from '@bawaba/shared';
import { displayPrefs, setDisplayPrefs } from '@bawaba/shared/rules';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { adoptAccountDisplay, chooseDisplay } from './display-choice.ts';

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
  setDisplayPrefs({ digits: 'auto', dateOrder: 'gregorian_first' });
  await activateLanguage('en');
});

/** Every call the page makes, answered with a user. */
function recordCalls() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.text();
      calls.push({ method: input.method, url: input.url, body: text ? JSON.parse(text) : undefined });
      return new Response(JSON.stringify({ data: { id: 7, name: 'Sara', isAdmin: false } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

describe('numbers and dates', () => {
  it("a visitor's choice is kept in the browser and every number follows it at once", async () => {
    const calls = recordCalls();
    expect(formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
    await chooseDisplay({ digits: 'latn' });
    expect(formatNumber(1234, 'ar')).toBe('1,234');
    expect(JSON.parse(localStorage.getItem('displayPrefs') ?? '{}')).toMatchObject({ digits: 'latn' });
    expect(calls).toHaveLength(0);
  });

  it("a signed-in user's choice is stored on their account too", async () => {
    const calls = recordCalls();
    useSessionStore.getState().signIn('token-1', { id: 7, name: 'Sara', isAdmin: false });
    await chooseDisplay({ dateOrder: 'hijri_first' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      body: { displayPrefs: { digits: 'auto', dateOrder: 'hijri_first' } },
    });
    expect(new URL(calls[0]!.url).pathname).toBe('/api/v1/users/me');
  });

  it("at sign-in the account's choices win; an account that never chose takes the browser's", async () => {
    const calls = recordCalls();
    useSessionStore.getState().signIn('token-1', { id: 7, name: 'Sara', isAdmin: false });
    await adoptAccountDisplay({ digits: 'arab', dateOrder: 'hijri_first' });
    expect(displayPrefs()).toEqual({ digits: 'arab', dateOrder: 'hijri_first' });
    expect(calls).toHaveLength(0);
    setDisplayPrefs({ digits: 'latn', dateOrder: 'gregorian_first' });
    await adoptAccountDisplay({ digits: 'auto', dateOrder: 'gregorian_first' });
    expect(displayPrefs().digits).toBe('latn');
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { displayPrefs: { digits: 'latn' } } });
  });
});
