import { i18n, useSessionStore } from '@bawaba/shared';
import type { Proposal } from '@bawaba/shared/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myProposals } from '../api.ts';
import { messages as arabic } from '../locales/ar/messages.ts';
import { renderPage, tender } from '../test-utils.tsx';
import { MyProposalPanel } from './MyProposalPanel.tsx';

vi.mock('../api.ts', () => ({ myProposals: vi.fn(), payProposal: vi.fn() }));

/** The bidder's own proposal on tender 12: fee and bond unpaid. */
const mine = (patch: Partial<Proposal>): Proposal =>
  ({
    id: 5,
    tender: {
      id: 12,
      title: 'CCTV',
      number: 'BWB-2026-0012',
      deadline: '2099-01-01T00:00:00.000Z',
      currency: 'QAR',
    },
    paymentStatus: 'unpaid',
    amountDue: 5250,
    currentVersion: 1,
    outcome: null,
    predatesAmendment: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...patch,
  }) as Proposal;

beforeEach(() => {
  useSessionStore.setState({ token: 't', user: { id: 3, name: 'Bidder', isAdmin: false }, language: 'en' });
});
afterEach(cleanup);

describe('Pay now on the tender page', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`is offered while the API says the proposal can be paid (${language})`, async () => {
      await i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ language });
      vi.mocked(myProposals).mockResolvedValue([mine({ canPay: true })]);
      renderPage(<MyProposalPanel tender={tender()} />);
      expect((await screen.findByTestId('pay-now', {}, { timeout: 5000 })).textContent).toBe(
        language === 'en' ? 'Pay now' : 'ادفع الآن',
      );
    });
  }

  it('is not offered on a tender that ended, though the fee and bond were never paid', async () => {
    await i18n.loadAndActivate({ locale: 'en', messages: {} });
    vi.mocked(myProposals).mockResolvedValue([mine({ canPay: false, outcome: 'cancelled' })]);
    renderPage(
      <MyProposalPanel
        tender={tender({
          state: 'cancelled',
          outcome: { status: 'cancelled', at: '2026-11-21T10:00:00.000Z', note: 'Budget cut', winner: null },
        })}
      />,
    );
    await screen.findByTestId('my-proposal-outcome', {}, { timeout: 5000 });
    expect(screen.getByTestId('my-proposal').textContent).toContain('This tender was cancelled.');
    expect(screen.queryByTestId('pay-now')).toBeNull();
    expect(screen.queryByText(/Amount due/)).toBeNull();
  });
});
