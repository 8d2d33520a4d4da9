import { activateLanguage, registerCatalogs, sharedCatalogs, useSessionStore } from '@bawaba/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { chooseLanguage } from './language-choice.ts';

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
  useSessionStore.getState().setLanguage('en');
  await activateLanguage('en');
});

/** Every call the page makes, answered with the user in the language asked for. */
function recordCalls() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.text();
      const body = text ? (JSON.parse(text) as { language?: string }) : undefined;
      calls.push({ method: input.method, url: input.url, body });
      const user = { id: 7, name: 'Sara', isAdmin: false, language: body?.language ?? 'en' };
      return new Response(JSON.stringify({ data: user }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

describe('the language switch', () => {
  it('stores a signed-in user’s choice on their account (their mails and live notifications use it)', async () => {
    const calls = recordCalls();
    useSessionStore.getState().signIn('token-1', { id: 7, name: 'Sara', isAdmin: false });
    await chooseLanguage('ar');
    expect(useSessionStore.getState().language).toBe('ar');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { language: 'ar' } });
    expect(new URL(calls[0]!.url).pathname).toBe('/api/v1/users/me');
    await chooseLanguage('en');
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { language: 'en' } });
  });

  it('changes only the page for a visitor', async () => {
    const calls = recordCalls();
    await chooseLanguage('ar');
    expect(useSessionStore.getState().language).toBe('ar');
    expect(calls).toEqual([]);
  });
});
