import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import { companyFixture } from '@bawaba/shared/build/testing';
import type { AdminCompany } from '@bawaba/shared/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arMessages } from '../locales/ar/messages.ts';
import CompanyListPage from './CompanyListPage.tsx';

const adminCompanies = vi.fn();
vi.mock('../api.ts', () => ({
  api: {
    adminCompanies: (q: unknown) => adminCompanies(q),
    decideCompany: vi.fn(async () => ({})),
    adminTenders: vi.fn(async () => ({ items: [], pageCount: 1, totalItems: 0 })),
  },
}));

const row = (id: number, name: string, patch: Partial<AdminCompany>): AdminCompany => ({
  ...companyFixture({ id, name, description: '', status: 'pending', createdAt: '2026-11-20T10:00:00.000Z' }),
  complete: true,
  canApprove: true,
  canReject: true,
  ...patch,
});

beforeEach(() => {
  adminCompanies.mockResolvedValue({
    items: [
      row(1, 'Serviceless Trading', { complete: false, canApprove: false }),
      row(2, 'Oryx Logistics', {}),
    ],
    pageCount: 1,
    totalItems: 2,
  });
});
afterEach(() => {
  cleanup();
  adminCompanies.mockReset();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('the admin company list', () => {
  it.each([
    ['en', 'Incomplete: no services', 'Approve', 'Reject'],
    ['ar', 'غير مكتملة: لا توجد خدمات', 'موافقة', 'رفض'],
  ] as const)(
    'marks a company without services and offers only the actions the API allows (%s)',
    async (language, incomplete, approve, reject) => {
      i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arMessages : {} });
      useSessionStore.setState({ language });
      render(
        <AppProviders>
          <MemoryRouter>
            <CompanyListPage />
          </MemoryRouter>
        </AppProviders>,
      );
      const rows = await screen.findAllByTestId('company-row');
      const [serviceless, complete] = rows as [HTMLElement, HTMLElement];
      expect(within(serviceless).getByTestId('company-incomplete').textContent).toBe(incomplete);
      expect(within(serviceless).queryByRole('button', { name: approve })).toBeNull();
      expect(within(serviceless).getByRole('button', { name: reject })).toBeTruthy();
      expect(within(complete).queryByTestId('company-incomplete')).toBeNull();
      expect(within(complete).getByRole('button', { name: approve })).toBeTruthy();
    },
  );
});
