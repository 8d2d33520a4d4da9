import type { Invitation, Tender } from '@bawaba/shared/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderPage } from '../../test-utils.tsx';
import { ownerApi } from '../workspace/owner-api.ts';
import { InvitationsPanel } from './InvitationsPanel.tsx';

vi.mock('../workspace/owner-api.ts', () => ({
  ownerApi: { tenderInvitations: vi.fn(async () => [] as Invitation[]) },
}));

const tender = { id: 5, number: 'BWB-2026-0005', title: 'Fit-out', titleLang: 'en' } as Tender;

beforeEach(activateEnglish);
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('invitation tracking', () => {
  it('shows per company: invited, sent or waiting for approval, opened, interest and bid', async () => {
    vi.mocked(ownerApi.tenderInvitations).mockResolvedValue([
      {
        id: 1,
        tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out', titleLang: 'en' },
        company: { id: 3, name: 'Doha Works', nameLang: 'en' },
        invitedAt: '2026-11-18T10:00:00.000Z',
        sentAt: '2026-11-19T10:00:00.000Z',
        openedAt: '2026-11-20T10:00:00.000Z',
        interest: 'approved',
        bid: true,
      },
      {
        id: 2,
        tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out', titleLang: 'en' },
        company: { id: 4, name: 'الخليج للبناء', nameLang: 'ar' },
        invitedAt: '2026-11-18T10:00:00.000Z',
        sentAt: null,
        openedAt: null,
        interest: null,
        bid: false,
      },
    ]);
    renderPage(<InvitationsPanel tender={tender} />);
    const rows = await screen.findAllByTestId('invitation-row');
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells(rows[0]!)).toEqual([
      'Doha Works',
      '18/11/2026',
      '19/11/2026',
      '20/11/2026',
      'Approved',
      'Yes',
    ]);
    expect(cells(rows[1]!)).toEqual([
      'الخليج للبناء',
      '18/11/2026',
      'Waiting for approval',
      'Not yet',
      '—',
      'No',
    ]);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Company',
      'Invited on',
      'Sent',
      'Opened',
      'Interest',
      'Bid',
    ]);
  });

  it('marks each company name with the language the API says it is in', async () => {
    vi.mocked(ownerApi.tenderInvitations).mockResolvedValue([
      {
        id: 2,
        tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out', titleLang: 'en' },
        company: { id: 4, name: 'الخليج للبناء', nameLang: 'ar' },
        invitedAt: '2026-11-18T10:00:00.000Z',
        sentAt: null,
        openedAt: null,
        interest: null,
        bid: false,
      },
      {
        id: 3,
        tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out', titleLang: 'en' },
        company: { id: 3, name: 'Doha Works', nameLang: 'en' },
        invitedAt: '2026-11-18T10:00:00.000Z',
        sentAt: null,
        openedAt: null,
        interest: null,
        bid: false,
      },
    ]);
    renderPage(<InvitationsPanel tender={tender} />);
    const [arabic, english] = await screen.findAllByTestId('invitation-company');
    expect([arabic!.getAttribute('lang'), arabic!.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect([english!.getAttribute('lang'), english!.getAttribute('dir')]).toEqual(['en', 'ltr']);
  });

  it('says so when no company was invited', async () => {
    renderPage(<InvitationsPanel tender={tender} />);
    expect(await screen.findByText('No companies invited yet')).toBeTruthy();
  });
});
