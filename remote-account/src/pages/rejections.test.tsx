import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import type { Interest, Invitation, ServiceRequest, Tender } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api.ts';
import { ReceivedRequestsPage, SentRequestsPage } from './RequestsPage.tsx';
import { InterestsPanel, InvitationsPanel } from './TenderManagementPage.tsx';

vi.mock('../api.ts', () => ({
  api: {
    interests: vi.fn(async () => [] as Interest[]),
    approveInterest: vi.fn(async () => ({})),
    rejectInterest: vi.fn(async () => ({})),
    tenderInvitations: vi.fn(async () => [] as Invitation[]),
    sentRequests: vi.fn(async () => ({ items: [], pageCount: 1, totalItems: 0 })),
    receivedRequests: vi.fn(async () => ({ items: [], pageCount: 1, totalItems: 0 })),
    approveRequest: vi.fn(async () => ({})),
    rejectRequest: vi.fn(async () => ({})),
  },
}));

const tender = { id: 5, number: 'BWB-2026-0005', title: 'Fit-out' } as Tender;

const interest = (patch: Partial<Interest> = {}): Interest => ({
  id: 9,
  tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out' },
  user: { id: 2, name: 'Noura', email: 'noura@example.qa', companyName: 'Doha Works' },
  status: 'pending',
  reason: null,
  invited: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  ...patch,
});

const request = (patch: Partial<ServiceRequest> = {}): ServiceRequest => ({
  id: 31,
  name: 'Noura',
  email: null,
  phone: null,
  project_title: 'New office',
  description: 'Fit-out of two floors',
  services: [],
  company: { id: 3, name: 'Doha Works' },
  requester: { id: 2, name: 'Noura' },
  status: 'pending',
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  ...patch,
});

const show = (node: ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProviders>,
  );

/** Opens the reject dialog of the first row and returns it. */
async function openRejectDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
  return screen.findByTestId('reject-dialog');
}

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  // Back to the default answers of the mock above (a test's mockResolvedValue would outlive it).
  vi.resetAllMocks();
  useSessionStore.getState().signOut();
});

describe('rejecting an interest asks for a reason', () => {
  it('sends nothing without a reason or with more than 500 characters, then sends the reason', async () => {
    vi.mocked(api.interests).mockResolvedValue([interest()]);
    show(<InterestsPanel tender={tender} />);
    const dialog = await openRejectDialog();
    expect(dialog.textContent).toContain('Reject the interest of Doha Works?');
    const confirm = within(dialog).getByTestId('reject-confirm');

    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Reason is required.')).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: /Reason for rejection/ });
    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('At most 500 characters.')).toBeTruthy();
    expect(api.rejectInterest).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  Only local firms ' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(api.rejectInterest).toHaveBeenCalledWith(5, 9, { reason: 'Only local firms' }),
    );
    await waitFor(() => expect(screen.queryByTestId('reject-dialog')).toBeNull());
    expect(api.approveInterest).not.toHaveBeenCalled();
  });

  it('keeps the dialog and the reason when the server refuses', async () => {
    vi.mocked(api.interests).mockResolvedValue([interest()]);
    vi.mocked(api.rejectInterest).mockRejectedValueOnce(new Error('409'));
    show(<InterestsPanel tender={tender} />);
    const dialog = await openRejectDialog();
    const reason = within(dialog).getByRole('textbox', { name: /Reason for rejection/ });
    fireEvent.change(reason, { target: { value: 'Late' } });
    fireEvent.click(within(dialog).getByTestId('reject-confirm'));
    await waitFor(() => expect(api.rejectInterest).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('reject-dialog')).toBeTruthy();
    expect((reason as HTMLTextAreaElement).value).toBe('Late');
  });

  it('approves without a dialog and shows the reason of a rejected one', async () => {
    vi.mocked(api.interests).mockResolvedValue([
      interest(),
      interest({ id: 10, status: 'rejected', reason: 'Not registered in Qatar', invited: true }),
    ]);
    show(<InterestsPanel tender={tender} />);
    fireEvent.click(await screen.findByTestId('approve-interest'));
    await waitFor(() => expect(api.approveInterest).toHaveBeenCalledWith(5, 9));
    expect(screen.queryByTestId('reject-dialog')).toBeNull();
    const rejected = screen.getAllByTestId('interest-row')[1]!;
    expect(within(rejected).getByTestId('rejection-reason').textContent).toBe(
      'Reason: Not registered in Qatar',
    );
    expect(within(rejected).getByTestId('invited-marker')).toBeTruthy();
  });
});

describe('rejecting a service request asks for a reason', () => {
  beforeEach(() => {
    useSessionStore
      .getState()
      .signIn('token', { id: 1, name: 'Admin', isAdmin: true, imageUrl: null, companyName: null });
  });

  it('an admin gives the reason; none is sent without it', async () => {
    vi.mocked(api.receivedRequests).mockResolvedValue({ items: [request()], pageCount: 1, totalItems: 1 });
    show(<ReceivedRequestsPage />);
    const dialog = await openRejectDialog();
    expect(dialog.textContent).toContain('Reject the request New office?');
    fireEvent.click(within(dialog).getByTestId('reject-confirm'));
    expect(await within(dialog).findByText('Reason is required.')).toBeTruthy();
    expect(api.rejectRequest).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for rejection/ }), {
      target: { value: 'Duplicate request' },
    });
    fireEvent.click(within(dialog).getByTestId('reject-confirm'));
    await waitFor(() => expect(api.rejectRequest).toHaveBeenCalledWith(31, { reason: 'Duplicate request' }));
  });

  it('the requester reads the reason on Sent Requests', async () => {
    vi.mocked(api.sentRequests).mockResolvedValue({
      items: [
        request({ status: 'rejected', reason: 'Duplicate request', decidedAt: '2026-11-21T10:00:00Z' }),
      ],
      pageCount: 1,
      totalItems: 1,
    });
    show(<SentRequestsPage />);
    expect((await screen.findByTestId('rejection-reason')).textContent).toBe('Reason: Duplicate request');
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});

describe('invitation tracking', () => {
  it('shows per company: invited, sent or waiting for approval, opened, interest and bid', async () => {
    vi.mocked(api.tenderInvitations).mockResolvedValue([
      {
        id: 1,
        tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out' },
        company: { id: 3, name: 'Doha Works' },
        invitedAt: '2026-11-18T10:00:00.000Z',
        sentAt: '2026-11-19T10:00:00.000Z',
        openedAt: '2026-11-20T10:00:00.000Z',
        interest: 'approved',
        bid: true,
      },
      {
        id: 2,
        tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out' },
        company: { id: 4, name: 'Gulf Build' },
        invitedAt: '2026-11-18T10:00:00.000Z',
        sentAt: null,
        openedAt: null,
        interest: null,
        bid: false,
      },
    ]);
    show(<InvitationsPanel tender={tender} />);
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
      'Gulf Build',
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

  it('says so when no company was invited', async () => {
    show(<InvitationsPanel tender={tender} />);
    expect(await screen.findByText('No companies invited yet')).toBeTruthy();
  });
});
