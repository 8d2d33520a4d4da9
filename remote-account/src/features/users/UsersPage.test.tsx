import { AppProviders, i18n, MemoryRouter } from '@bawaba/shared';
import type { AdminUserDetail } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api.ts';
import UsersPage from './UsersPage.tsx';

const huda: AdminUserDetail = {
  id: 7,
  name: 'هدى',
  email: 'huda@example.qa',
  isAdmin: false,
  verified: false,
  suspended: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
  companies: [
    { id: 3, name: 'Huda Interiors', nameLang: 'en', status: 'approved', roles: ['admin', 'buyer'] },
  ],
  suspension: null,
  can: { suspend: true, restore: false, resendVerification: true },
};

vi.mock('../../api.ts', () => ({
  api: {
    users: vi.fn(async () => ({ items: [huda], totalItems: 1, pageCount: 1 })),
    user: vi.fn(async () => huda),
    suspendUser: vi.fn(async () => ({
      ...huda,
      suspended: true,
      suspension: { at: '2026-02-01T00:00:00.000Z', reason: 'Spam' },
      can: { suspend: false, restore: true, resendVerification: false },
    })),
    restoreUser: vi.fn(),
    resendVerification: vi.fn(async () => ({ ok: true })),
  },
}));

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <UsersPage />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('users (admin)', () => {
  it('shows a person with their companies and roles, and offers only what the API says the admin may do', async () => {
    show();
    const row = await screen.findByTestId('user-row', {}, { timeout: 5000 });
    expect(row.textContent).toContain('huda@example.qa');
    expect(within(row).getByTestId('user-unverified')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('open-user'));
    const detail = await screen.findByTestId('user-detail', {}, { timeout: 5000 });
    expect(within(detail).getByTestId('user-company').textContent).toBe('Huda InteriorsAdministratorBuyer');
    expect(within(detail).getByTestId('suspend-user')).toBeTruthy();
    expect(within(detail).getByTestId('resend-verification')).toBeTruthy();
    expect(within(detail).queryByTestId('restore-user')).toBeNull();
  });

  it('suspends only with a reason', async () => {
    show();
    fireEvent.click(await screen.findByTestId('open-user', {}, { timeout: 5000 }));
    fireEvent.click(await screen.findByTestId('suspend-user', {}, { timeout: 5000 }));
    const dialog = await screen.findByTestId('admin-dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByTestId('admin-confirm'));
    expect(await within(dialog).findByText('Reason is required.')).toBeTruthy();
    expect(api.suspendUser).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('admin-reason'), { target: { value: '  Spam  ' } });
    fireEvent.click(within(dialog).getByTestId('admin-confirm'));
    await waitFor(() => expect(api.suspendUser).toHaveBeenCalledWith(7, 'Spam'));
    await waitFor(() => expect(screen.queryByTestId('admin-dialog')).toBeNull());
  });
});
