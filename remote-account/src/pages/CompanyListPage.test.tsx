import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import { companyFixture, stateColumns, tenderAnswer } from '@bawaba/shared/build/testing';
import type { AdminCompany, Tender, TenderState } from '@bawaba/shared/contracts';
import { TENDER_STAGES } from '@bawaba/shared/rules';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arMessages } from '../locales/ar/messages.ts';
import CompanyListPage from './CompanyListPage.tsx';

const adminCompanies = vi.fn();
const adminTenders = vi.fn(async () => ({ items: [] as Tender[], pageCount: 1, totalItems: 0 }));
vi.mock('../api.ts', () => ({
  api: {
    adminCompanies: (q: unknown) => adminCompanies(q),
    decideCompany: vi.fn(async () => ({})),
    adminTenders: () => adminTenders(),
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

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <CompanyListPage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('the admin company list', () => {
  it.each([
    ['en', 'Incomplete: no services', 'Approve', 'Reject'],
    ['ar', 'غير مكتملة: لا توجد خدمات', 'موافقة', 'رفض'],
  ] as const)(
    'marks a company without services and offers only the actions the API allows (%s)',
    async (language, incomplete, approve, reject) => {
      i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arMessages : {} });
      useSessionStore.setState({ language });
      show();
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

/** A tender in `state` as the API sends it to `viewer`: its `can` is the rulebook's. */
const tenderIn = (state: TenderState, id: number, viewer: { id: number; isAdmin: boolean }): Tender => {
  const t = {
    id,
    number: `BWB-2026-00${id}`,
    title: `Tender ${state}`,
    description: '',
    status: 'open',
    ...stateColumns(state),
    deadline: '2099-01-01T00:00:00.000Z',
    clarificationCutoff: null,
    participationFee: 0,
    bond: 0,
    currency: 'QAR',
    user: { id: 7, name: 'Qatar Builders' },
    ownerId: 7,
    isOwner: false,
    isInterestSubmitted: false,
    isInterestApproved: false,
    isProposalSubmitted: false,
  } as const;
  return { ...t, ...tenderAnswer(t, viewer) } as unknown as Tender;
};

describe('the tenders waiting for approval', () => {
  it('offer Approve and Reject exactly where the tender’s `can` allows each, in every state', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    useSessionStore.setState({ language: 'en' });
    const admin = { id: 1, isAdmin: true };
    const items = TENDER_STAGES.map((state, i) => tenderIn(state, i + 1, admin));
    adminTenders.mockResolvedValue({ items, pageCount: 1, totalItems: items.length });
    show();
    fireEvent.click(await screen.findByTestId('tab-tenders'));
    const cards = await screen.findAllByTestId('pending-tender', {}, { timeout: 5000 });
    expect(cards).toHaveLength(items.length);
    for (const [i, card] of cards.entries()) {
      const t = items[i]!;
      expect(within(card).queryByTestId('approve-tender') !== null, `approve ${t.state}`).toBe(t.can.approve);
      expect(within(card).queryByRole('button', { name: 'Reject' }) !== null, `reject ${t.state}`).toBe(
        t.can.reject,
      );
    }
    // Only the tender waiting for approval may be decided: the walk saw the buttons offered, and refused elsewhere.
    expect(items.filter((t) => t.can.approve).map((t) => t.state)).toEqual(['pending_approval']);
  });
});
