import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import type { Proposal } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as arabic } from '../../locales/ar/bidder.ts';
import { bidderApi } from './bidder-api.ts';
import ProposalsPage from './MyProposalsPage.tsx';

vi.mock('./bidder-api.ts', () => ({
  bidderApi: {
    myProposals: vi.fn(),
    proposal: vi.fn(),
    payProposal: vi.fn(),
  },
}));

const unpaid = {
  id: 41,
  tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out', deadline: '2099-01-01T00:00:00.000Z' },
  paymentStatus: 'unpaid',
  amountDue: 250,
  canPay: true,
  canResubmit: true,
  outcome: null,
} as unknown as Proposal;
/** Unpaid too, but its tender was cancelled: the API says it can no longer be paid. */
const ended = {
  ...unpaid,
  id: 42,
  tender: { ...unpaid.tender, id: 6, title: 'Cancelled fit-out' },
  outcome: 'cancelled',
  canPay: false,
  canResubmit: false,
} as unknown as Proposal;
/** Its deadline passed (the tender not decided yet): the API says it can no longer be resubmitted. */
const late = { ...unpaid, id: 43, canPay: false, canResubmit: false } as unknown as Proposal;

beforeEach(() => {
  i18n.activate('en');
  useSessionStore.setState({ token: 't', user: { id: 3, name: 'Bidder', isAdmin: false }, language: 'en' });
  vi.mocked(bidderApi.myProposals).mockResolvedValue([unpaid]);
  vi.mocked(bidderApi.payProposal).mockReset();
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <ProposalsPage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('Resubmit on the Proposals page', () => {
  it('is offered only where the API says the proposal can be resubmitted; a late one says why', async () => {
    vi.mocked(bidderApi.myProposals).mockResolvedValue([unpaid, ended, late]);
    renderPage();
    const cards = await screen.findAllByTestId('proposal-card', {}, { timeout: 5000 });
    const card = (id: number) => cards.find((c) => c.dataset.proposalId === String(id))!;
    expect(within(card(41)).getByTestId('resubmit-link').getAttribute('href')).toBe('/resubmit-proposal/41');
    expect(within(card(42)).queryByTestId('resubmit-link')).toBeNull();
    expect(within(card(43)).queryByTestId('resubmit-link')).toBeNull();
    expect(card(43).textContent).toContain(
      'The deadline has passed: this proposal can no longer be changed.',
    );
  });
});

describe('Pay now on the Proposals page', () => {
  it('is offered only where the API says the proposal can be paid (not on an ended tender), en and ar', async () => {
    vi.mocked(bidderApi.myProposals).mockResolvedValue([unpaid, ended]);
    for (const language of ['en', 'ar'] as const) {
      i18n.loadAndActivate({ locale: language, messages: language === 'ar' ? arabic : {} });
      useSessionStore.setState({ language });
      renderPage();
      const cards = await screen.findAllByTestId('proposal-card', {}, { timeout: 5000 });
      const card = (id: number) => cards.find((c) => c.dataset.proposalId === String(id))!;
      expect(within(card(41)).getByTestId('pay-now').textContent).toBe(
        language === 'en' ? 'Pay now' : 'ادفع الآن',
      );
      expect(within(card(42)).queryByTestId('pay-now')).toBeNull();
      cleanup();
    }
  });

  it('a retry after a failed payment start sends the same Idempotency-Key', async () => {
    vi.mocked(bidderApi.payProposal).mockRejectedValueOnce(new Error('HTTP 502'));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(
      <AppProviders>
        <MemoryRouter>
          <ProposalsPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const pay = await screen.findByTestId('pay-now');
    fireEvent.click(pay);
    await waitFor(() => expect(bidderApi.payProposal).toHaveBeenCalledTimes(1));
    vi.mocked(bidderApi.payProposal).mockResolvedValueOnce({ payUrl: '/checkout/1', reference: 'r' });
    await waitFor(() => expect(screen.getByTestId('pay-now').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('pay-now'));
    await waitFor(() => expect(bidderApi.payProposal).toHaveBeenCalledTimes(2));
    const [first, retry] = vi.mocked(bidderApi.payProposal).mock.calls;
    expect(first).toEqual([41, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(retry).toEqual(first);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/1'));
    vi.unstubAllGlobals();
  });
});
