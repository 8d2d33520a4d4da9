import { AppProviders, i18n, MemoryRouter } from '@bawaba/shared';
import type { Interest, Invitation } from '@bawaba/shared/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bidderApi } from './bidder-api.ts';
import MyInterestsPage from './MyInterestsPage.tsx';

vi.mock('./bidder-api.ts', () => ({
  bidderApi: {
    myInterests: vi.fn(async () => [] as Interest[]),
    receivedInvitations: vi.fn(async () => [] as Invitation[]),
  },
}));

const interest = (id: number, patch: Partial<Interest>): Interest => ({
  id,
  tender: { id: 10 + id, number: `BWB-2026-00${10 + id}`, title: `Tender ${id}`, titleLang: 'en' },
  user: { id: 2, name: 'Noura', email: 'noura@example.qa', companyName: null, companyNameLang: null },
  status: 'pending',
  reason: null,
  invited: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  ...patch,
});

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <MyInterestsPage />
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

describe('my interests', () => {
  it('lists each interest with its tender, state, the invited mark and the owner’s reason', async () => {
    vi.mocked(bidderApi.myInterests).mockResolvedValueOnce([
      interest(1, {}),
      interest(2, { status: 'approved', invited: true, decidedAt: '2026-11-21T10:00:00.000Z' }),
      interest(3, { status: 'rejected', reason: 'Only local firms', decidedAt: '2026-11-21T10:00:00.000Z' }),
    ]);
    show();
    const rows = await screen.findAllByTestId('my-interest');
    expect(rows.map((r) => within(r).getByTestId('interest-status').textContent)).toEqual([
      'Pending',
      'Approved',
      'Rejected',
    ]);
    const link = within(rows[0]!).getByRole('link', { name: 'Tender 1' });
    expect(link.getAttribute('href')).toBe('/tender-profile/11');
    expect(rows[0]!.textContent).toContain('BWB-2026-0011');
    expect(within(rows[0]!).queryByTestId('invited-marker')).toBeNull();
    expect(within(rows[1]!).getByTestId('invited-marker').textContent).toBe('Invited');
    expect(within(rows[1]!).queryByTestId('rejection-reason')).toBeNull();
    const reason = within(rows[2]!).getByTestId('rejection-reason');
    expect(reason.textContent).toBe('Reason: Only local firms');
    expect(within(reason).getByText('Only local firms').getAttribute('dir')).toBe('auto');
  });

  it('lists the invitations to the user’s companies with a link to each tender', async () => {
    vi.mocked(bidderApi.receivedInvitations).mockResolvedValueOnce([
      {
        id: 7,
        tender: { id: 40, number: 'BWB-2026-0040', title: 'أعمال الطرق', titleLang: 'ar' },
        company: { id: 3, name: 'Doha Works', nameLang: 'en' },
        invitedAt: '2026-11-18T10:00:00.000Z',
        sentAt: '2026-11-19T10:00:00.000Z',
        openedAt: null,
        interest: 'approved',
        bid: false,
      },
    ]);
    show();
    const row = await screen.findByTestId('received-invitation');
    expect(row.textContent).toContain('Doha Works invited on 19/11/2026');
    expect(within(row).getByRole('link', { name: 'Open tender' }).getAttribute('href')).toBe(
      '/tender-profile/40',
    );
    // An Arabic-only tender inside the English page is marked Arabic, the company's English name English.
    const title = within(row).getByRole('link', { name: 'أعمال الطرق' });
    expect([title.getAttribute('lang'), title.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    const company = within(row).getByText('Doha Works');
    expect([company.getAttribute('lang'), company.getAttribute('dir')]).toEqual(['en', 'ltr']);
  });

  it('says so when there are no interests and no invitations', async () => {
    show();
    expect(await screen.findByText('You have not expressed interest in a tender yet')).toBeTruthy();
    expect(await screen.findByText('No invitations yet')).toBeTruthy();
    expect(screen.queryByTestId('my-interest')).toBeNull();
  });
});
