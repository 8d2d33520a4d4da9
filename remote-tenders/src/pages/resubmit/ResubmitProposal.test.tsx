import { AppProviders, MemoryRouter, Route, Routes, usePopupStore, useSessionStore } from '@bawaba/shared';
import type { Proposal } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderPage } from '../../test-utils.tsx';
import ResubmitProposalPage, { ResubmitProposalForm } from './ResubmitProposal.tsx';

const resubmitProposal = vi.fn();
const getProposal = vi.fn();
vi.mock('../../api.ts', async (original) => ({
  ...(await original<typeof import('../../api.ts')>()),
  resubmitProposal: (...args: unknown[]) => resubmitProposal(...args),
  getProposal: (...args: unknown[]) => getProposal(...args),
}));

const UUID = '3f2b8c1e-6a4d-4f7b-9c2e-1a2b3c4d5e6f';
const version = {
  version: 1,
  submittedAt: '2026-11-20T10:00:00.000Z',
  actedBy: { id: 3, name: 'Bidder', companyName: null, companyNameLang: null },
  attachment: UUID,
  offer_price: 50000,
  title: 'First version',
  description: 'Scope',
  period: 30,
  currency: 'QAR' as const,
  payment_terms: '30_days' as const,
  milestones: [
    {
      title: 'Phase 1',
      description: 'Design',
      amount: 10000,
      period: 10,
      documents: [],
      start_date: '2027-02-01T00:00:00.000Z',
      end_date: '2027-02-10T00:00:00.000Z',
      expected_completion_date: '2027-02-10T00:00:00.000Z',
    },
  ],
  breakdown: [],
  priceDocuments: [],
};
const proposal: Proposal = {
  id: 5,
  tender: {
    id: 12,
    title: 'CCTV',
    titleLang: 'en',
    number: 'BWB-2026-0012',
    deadline: '2099-01-01T00:00:00.000Z',
    currency: 'QAR',
  },
  bidder: { id: 3, name: 'Bidder', companyName: null, companyNameLang: null },
  status: 'submitted',
  paymentStatus: 'not_required',
  amountDue: 0,
  canPay: false,
  canResubmit: true,
  currentVersion: 1,
  sealed: false,
  financialSealed: false,
  current: version,
  versions: [version],
  evaluation: null,
  outcome: null,
  predatesAmendment: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

beforeAll(activateEnglish);
beforeEach(() => {
  useSessionStore.setState({ token: 't', user: { id: 3, name: 'Bidder', isAdmin: false } });
  resubmitProposal.mockReset();
});
afterEach(() => {
  cleanup();
  usePopupStore.setState({ queue: [] });
});

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;

describe('resubmit form', () => {
  it('is pre-filled from the current version; milestone 1 has no remove button', () => {
    renderPage(<ResubmitProposalForm proposal={proposal} />);
    expect(field('title').value).toBe('First version');
    expect(field('offer_price').value).toBe('50000');
    expect(field('milestones.0.start_date').value).toBe('2027-02-01');
    expect(screen.getByTestId('resubmit-attachment-input').getAttribute('accept')).toBe(
      '.png,.jpg,.jpeg,.pdf',
    );
    expect(screen.queryByTestId('resubmit-remove-milestone')).toBeNull();
    fireEvent.click(screen.getByTestId('resubmit-add-milestone'));
    expect(screen.getAllByTestId('resubmit-milestone')).toHaveLength(2);
    expect(screen.getAllByTestId('resubmit-remove-milestone')).toHaveLength(1);
  });

  it('shows every message of docs/product-spec.md §5 for an empty form', async () => {
    renderPage(<ResubmitProposalForm proposal={{ ...proposal, current: null }} />);
    fireEvent.change(field('offer_price'), { target: { value: '0' } });
    fireEvent.change(field('period'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('resubmit-submit'));
    for (const message of [
      'Attachment is required.',
      'Offer Price must be greater than 0.',
      'Title is required.',
      'Description is required.',
      'Period must be greater than 0.',
      'Milestone Title is required.',
      'Milestone Description is required.',
      'Amount is required.',
      'Start Date is required.',
      'End Date is required.',
      'Expected Completion Date is required.',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.change(field('offer_price'), { target: { value: '' } });
    fireEvent.change(field('period'), { target: { value: '' } });
    expect(await screen.findByText('Offer Price is required.')).toBeTruthy();
    expect(await screen.findByText('Period is required.')).toBeTruthy();
    expect(resubmitProposal).not.toHaveBeenCalled();
  });

  it("shows 'Submitting your proposal...' while sending the new version, then goes to my proposals", async () => {
    let finish: (v: unknown) => void = () => undefined;
    resubmitProposal.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderPage(<ResubmitProposalForm proposal={proposal} />);
    fireEvent.change(field('title'), { target: { value: 'Second version' } });
    fireEvent.click(screen.getByTestId('resubmit-submit'));
    expect(await screen.findByText('Submitting your proposal...')).toBeTruthy();
    expect(resubmitProposal.mock.calls[0]?.[0]).toBe(5);
    expect(resubmitProposal.mock.calls[0]?.[1]).toMatchObject({
      title: 'Second version',
      attachment: UUID,
      milestones: [{ start_date: '2027-02-01T00:00:00.000Z' }],
    });
    finish({ proposal: { ...proposal, currentVersion: 2 } });
    await waitFor(() => expect(screen.getByTestId('went-to').textContent).toBe('submitted'));
    expect(usePopupStore.getState().queue[0]?.text).toBe('Proposal submitted successfully');
  });
});

describe('resubmit form when the API refuses a new version', () => {
  it('says why and offers no submit: past the deadline, or the tender ended', () => {
    renderPage(<ResubmitProposalForm proposal={{ ...proposal, canResubmit: false }} />);
    expect(screen.getByTestId('resubmit-closed').textContent).toContain(
      'The deadline for this tender has passed.',
    );
    expect((screen.getByTestId('resubmit-submit') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderPage(<ResubmitProposalForm proposal={{ ...proposal, canResubmit: false, outcome: 'cancelled' }} />);
    expect(screen.getByTestId('resubmit-closed').textContent).toContain(
      'This tender has ended: its proposals can no longer be changed.',
    );
  });

  it('offers the submit while the API allows it', () => {
    renderPage(<ResubmitProposalForm proposal={proposal} />);
    expect(screen.queryByTestId('resubmit-closed')).toBeNull();
    expect((screen.getByTestId('resubmit-submit') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('resubmit page', () => {
  const open = () =>
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/resubmit-proposal/5']}>
          <Routes>
            <Route path="/resubmit-proposal/:id" element={<ResubmitProposalPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );

  it('offers the form to the proposal’s bidder', async () => {
    getProposal.mockResolvedValue(proposal);
    open();
    expect(await screen.findByTestId('resubmit-proposal')).toBeTruthy();
    expect(screen.queryByTestId('proposal-missing')).toBeNull();
  });

  it('shows "not available" to anyone else the API lets read it: an administrator, the tender’s owner', async () => {
    getProposal.mockResolvedValue(proposal);
    for (const user of [
      { id: 1, name: 'Admin', isAdmin: true },
      { id: 7, name: 'Owner', isAdmin: false },
    ]) {
      useSessionStore.setState({ token: 't', user });
      open();
      expect((await screen.findByTestId('proposal-missing')).textContent).toContain(
        'This proposal is not available.',
      );
      expect(screen.queryByTestId('resubmit-proposal')).toBeNull();
      expect(document.querySelector('form')).toBeNull();
      cleanup();
    }
  });
});
