import { AppProviders, i18n } from '@bawaba/shared';
import { type AuthUser, NOTICE_GROUPS } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api.ts';
import { AccountProfileContext } from '../components/account-profile.ts';
import { EmailPreferences } from './EmailPreferences.tsx';

const prefs = { requests: true, followed: true, my_tenders: true, my_proposals: true };
vi.mock('../api.ts', () => ({
  api: {
    updateMe: vi.fn(async (body: { emailPrefs: Record<string, boolean> }) => ({
      emailPrefs: { ...prefs, ...body.emailPrefs },
    })),
  },
}));

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('email preferences', () => {
  it('shows every group ticked by default and saves one group when it is unticked', async () => {
    // The profile the account's layout asked for when it opened.
    const replace = vi.fn();
    render(
      <AppProviders>
        <AccountProfileContext.Provider value={{ profile: { emailPrefs: prefs } as AuthUser, replace }}>
          <EmailPreferences />
        </AccountProfileContext.Provider>
      </AppProviders>,
    );
    const requests = await screen.findByRole('checkbox', { name: /Service requests and my company/ });
    expect((requests as HTMLInputElement).checked).toBe(true);
    // Every group of the contract, in its order.
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('name'))).toEqual([
      ...NOTICE_GROUPS,
    ]);
    fireEvent.click(requests);
    await waitFor(() => expect(api.updateMe).toHaveBeenCalledWith({ emailPrefs: { requests: false } }));
    await waitFor(() => expect((requests as HTMLInputElement).checked).toBe(false));
    // The visit's profile takes the answer: the page opened again shows what was saved.
    expect(replace).toHaveBeenCalledWith({ emailPrefs: { ...prefs, requests: false } });
  });
});
