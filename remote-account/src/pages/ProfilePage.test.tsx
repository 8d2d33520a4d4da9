import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import { companyFixture } from '@bawaba/shared/build/testing';
import type { Company } from '@bawaba/shared/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api.ts';
import ProfilePage from './ProfilePage.tsx';

const never = () => new Promise<never>(() => {});
vi.mock('../api.ts', () => ({
  api: {
    me: vi.fn(() => never()),
    follows: vi.fn(() => never()),
    categories: vi.fn(() => never()),
    myCompany: vi.fn(async (): Promise<Company | null> => null),
  },
}));

const company = (patch: Partial<Company>): Company =>
  companyFixture({
    id: 8,
    name: 'Huda Interiors',
    description: '',
    status: 'pending',
    rejectionReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...patch,
  });

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  useSessionStore.setState({ token: 't', user: { id: 4, name: 'Huda', isAdmin: false }, language: 'en' });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** My company as GET /companies/mine answers it, for its administrator. */
const myCompany = (patch: Parameters<typeof company>[0]) => ({ ...company(patch), canEdit: true });

describe('my company on the profile', () => {
  it('shows the admin’s reason while the company is rejected, in the reason’s own direction', async () => {
    vi.mocked(api.myCompany).mockResolvedValueOnce(
      myCompany({ status: 'rejected', rejectionReason: 'الشعار لا يطابق السجل التجاري' }),
    );
    show();
    const card = await screen.findByTestId('my-company');
    const reason = await within(card).findByTestId('rejection-reason');
    expect(reason.textContent).toBe('Reason: الشعار لا يطابق السجل التجاري');
    expect(within(reason).getByText('الشعار لا يطابق السجل التجاري').getAttribute('dir')).toBe('auto');
  });

  it('marks the company’s name with the language the API says it is in', async () => {
    vi.mocked(api.myCompany).mockResolvedValueOnce(
      myCompany({ name: 'هدى للديكور', nameLang: 'ar', nameEn: null, nameAr: 'هدى للديكور' }),
    );
    show();
    const name = await screen.findByTestId('my-company-name');
    expect(name.textContent).toBe('هدى للديكور');
    expect([name.getAttribute('lang'), name.getAttribute('dir')]).toEqual(['ar', 'rtl']);
  });

  it('shows no reason while the company waits for a decision', async () => {
    vi.mocked(api.myCompany).mockResolvedValueOnce(myCompany({}));
    show();
    const card = await screen.findByTestId('my-company');
    expect(await within(card).findByText(/An administrator is reviewing your company/)).toBeTruthy();
    expect(within(card).queryByTestId('rejection-reason')).toBeNull();
  });
});
