import { AppProviders, i18n, useSessionStore } from '@bawaba/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanySwitcher } from './CompanySwitcher.tsx';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@bawaba/shared/call', () => ({
  call,
  switchCompany: { method: 'POST', path: '/auth/switch-company' },
}));

const DOHA = { id: 1, name: 'Doha Digital', roles: ['admin'] };
const PEARL = { id: 2, name: 'اللؤلؤة للتقنيات', roles: ['bidder'] };
const signInWith = (companies: (typeof DOHA)[], activeCompanyId: number | null) =>
  useSessionStore
    .getState()
    .signIn('old-token', { id: 5, name: 'Sara', isAdmin: false, companies, activeCompanyId });

const show = (reload = vi.fn()) => {
  render(
    <AppProviders>
      <CompanySwitcher reload={reload} />
    </AppProviders>,
  );
  return reload;
};

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSessionStore.getState().signOut();
});

describe('the company switcher', () => {
  it('shows the one company a user belongs to', () => {
    signInWith([DOHA], 1);
    show();
    expect(screen.getByTestId('active-company').textContent).toBe('Doha Digital');
    expect(screen.queryByTestId('company-switcher')).toBeNull();
  });

  it('shows nothing for a user without a company', () => {
    signInWith([], null);
    show();
    expect(screen.queryByTestId('active-company')).toBeNull();
    expect(screen.queryByTestId('company-switcher')).toBeNull();
  });

  it('switches to another company: a new session stored, then the page reloaded', async () => {
    signInWith([DOHA, PEARL], 1);
    const newUser = { id: 5, name: 'Sara', isAdmin: false, companies: [DOHA, PEARL], activeCompanyId: 2 };
    call.mockResolvedValue({ accessToken: 'new-token', user: newUser });
    const reload = show();
    const select = screen.getByRole('combobox', { name: 'Active company' }) as HTMLSelectElement;
    expect(select.value).toBe('1');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Doha Digital', 'اللؤلؤة للتقنيات']);

    fireEvent.change(select, { target: { value: '2' } });
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/auth/switch-company' }), {
      body: { companyId: 2 },
    });
    expect(useSessionStore.getState().token).toBe('new-token');
    expect(useSessionStore.getState().user?.activeCompanyId).toBe(2);
  });

  it('stays on the active company when the switch is refused', async () => {
    signInWith([DOHA, PEARL], 1);
    call.mockRejectedValue(new Error('refused'));
    const reload = show();
    fireEvent.change(screen.getByTestId('company-switcher'), { target: { value: '2' } });
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(reload).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('old-token');
    expect((screen.getByTestId('company-switcher') as HTMLSelectElement).value).toBe('1');
  });
});
