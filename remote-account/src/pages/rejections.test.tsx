import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import type { ServiceRequest } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api.ts';
import { ReceivedRequestsPage, SentRequestsPage } from './RequestsPage.tsx';

vi.mock('../api.ts', () => ({
  api: {
    sentRequests: vi.fn(async () => ({ items: [], pageCount: 1, totalItems: 0 })),
    receivedRequests: vi.fn(async () => ({ items: [], pageCount: 1, totalItems: 0 })),
    approveRequest: vi.fn(async () => ({})),
    rejectRequest: vi.fn(async () => ({})),
  },
}));

const request = (patch: Partial<ServiceRequest> = {}): ServiceRequest => ({
  id: 31,
  name: 'Noura',
  email: null,
  phone: null,
  project_title: 'New office',
  description: 'Fit-out of two floors',
  services: [],
  company: { id: 3, name: 'Doha Works', nameLang: 'en' },
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
