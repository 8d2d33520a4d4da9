import {
  AppProviders,
  activateLanguage,
  MemoryRouter,
  notify,
  registerCatalogs,
  sharedCatalogs,
  useSessionStore,
} from '@bawaba/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { SetPasswordPage } from './SetPassword.tsx';

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  act(() => useSessionStore.getState().signOut());
  await activateLanguage('en');
});

/** The API accepts the new password and signs in a user whose Latin name ends in ")". */
function api() {
  const user = {
    id: 4,
    name: 'Sara (QA)',
    email: 'sara@example.qa',
    isAdmin: false,
    imageUrl: null,
    companyName: 'Gulf Star',
    hasCompany: true,
    language: 'en',
    emailPrefs: {},
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ data: { accessToken: 'token', user } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

/** Sets a password on the page opened from the mail; answers the welcome toast's title. */
async function setPassword(language: 'en' | 'ar'): Promise<unknown> {
  await activateLanguage(language);
  api();
  const toast = vi.spyOn(notify, 'success');
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/set-password?verificationToken=abc123']}>
        <SetPasswordPage />
      </MemoryRouter>
    </AppProviders>,
  );
  const page = await screen.findByTestId('host-page-set-password');
  for (const input of page.querySelectorAll('input[type="password"]'))
    fireEvent.input(input, { target: { value: 'secret1' } });
  await act(async () => {
    fireEvent.click(page.querySelector('button[type="submit"]') as HTMLElement);
  });
  await vi.waitFor(() => expect(toast).toHaveBeenCalled());
  return toast.mock.calls[0]?.[0];
}

describe('the welcome toast after setting a password', () => {
  it('isolates the user’s name (FSI … PDI) in the sentence, in English', async () => {
    expect(await setPassword('en')).toBe('Welcome to Bawaba, \u2068Sara (QA)\u2069!');
  });

  it('isolates it in Arabic too: the Latin name and its ")" stay in one piece', async () => {
    expect(await setPassword('ar')).toBe('مرحبًا بك في بوابة يا \u2068Sara (QA)\u2069!');
  });
});
