import type { Interest } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderPage, tender as tenderOf } from '../../test-utils.tsx';
import { ownerApi } from '../workspace/owner-api.ts';
import { InterestsPanel } from './InterestsPanel.tsx';

vi.mock('../workspace/owner-api.ts', () => ({
  ownerApi: {
    interests: vi.fn(async () => [] as Interest[]),
    approveInterest: vi.fn(async () => ({})),
    rejectInterest: vi.fn(async () => ({})),
  },
}));

/** The owner's closed tender, as the API sends it to them (its `can` lets them decide interests). */
const tender = tenderOf({ id: 5, status: 'closed', isOwner: true });

const interest = (patch: Partial<Interest> = {}): Interest => ({
  id: 9,
  tender: { id: 5, number: 'BWB-2026-0005', title: 'Fit-out', titleLang: 'en' },
  user: { id: 2, name: 'Noura', email: 'noura@example.qa', companyName: 'Doha Works', companyNameLang: 'en' },
  status: 'pending',
  reason: null,
  invited: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  ...patch,
});

beforeEach(activateEnglish);
afterEach(() => {
  cleanup();
  // Back to the default answers of the mock above (a test's mockResolvedValue would outlive it).
  vi.resetAllMocks();
});

/** The panel of the owner's tender, then its first row's reject dialog. */
async function openRejectDialog() {
  renderPage(<InterestsPanel tender={tender} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
  return screen.findByTestId('reject-dialog');
}

describe('rejecting an interest asks for a reason', () => {
  it('sends nothing without a reason or with more than 500 characters, then sends the reason', async () => {
    vi.mocked(ownerApi.interests).mockResolvedValue([interest()]);
    const dialog = await openRejectDialog();
    expect(dialog.textContent).toContain('Reject the interest of Doha Works?');
    const confirm = within(dialog).getByTestId('reject-confirm');

    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Reason is required.')).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: /Reason for rejection/ });
    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('At most 500 characters.')).toBeTruthy();
    expect(ownerApi.rejectInterest).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  Only local firms ' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(ownerApi.rejectInterest).toHaveBeenCalledWith(5, 9, { reason: 'Only local firms' }),
    );
    await waitFor(() => expect(screen.queryByTestId('reject-dialog')).toBeNull());
    expect(ownerApi.approveInterest).not.toHaveBeenCalled();
  });

  it('keeps the dialog and the reason when the server refuses', async () => {
    vi.mocked(ownerApi.interests).mockResolvedValue([interest()]);
    vi.mocked(ownerApi.rejectInterest).mockRejectedValueOnce(new Error('409'));
    const dialog = await openRejectDialog();
    const reason = within(dialog).getByRole('textbox', { name: /Reason for rejection/ });
    fireEvent.change(reason, { target: { value: 'Late' } });
    fireEvent.click(within(dialog).getByTestId('reject-confirm'));
    await waitFor(() => expect(ownerApi.rejectInterest).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('reject-dialog')).toBeTruthy();
    expect((reason as HTMLTextAreaElement).value).toBe('Late');
  });

  it('approves without a dialog and shows the reason of a rejected one', async () => {
    vi.mocked(ownerApi.interests).mockResolvedValue([
      interest(),
      interest({ id: 10, status: 'rejected', reason: 'Not registered in Qatar', invited: true }),
    ]);
    renderPage(<InterestsPanel tender={tender} />);
    fireEvent.click(await screen.findByTestId('approve-interest'));
    await waitFor(() => expect(ownerApi.approveInterest).toHaveBeenCalledWith(5, 9));
    expect(screen.queryByTestId('reject-dialog')).toBeNull();
    const rejected = screen.getAllByTestId('interest-row')[1]!;
    expect(within(rejected).getByTestId('rejection-reason').textContent).toBe(
      'Reason: Not registered in Qatar',
    );
    expect(within(rejected).getByTestId('invited-marker')).toBeTruthy();
  });
});

describe('who is interested', () => {
  it('names the bidder by their company, marked with its language, else by their own name in its own direction', async () => {
    vi.mocked(ownerApi.interests).mockResolvedValue([
      interest({ id: 1, user: { ...interest().user, companyName: 'الدوحة للأعمال', companyNameLang: 'ar' } }),
      interest({ id: 2, user: { ...interest().user, companyName: null, companyNameLang: null } }),
    ]);
    renderPage(<InterestsPanel tender={tender} />);
    const [company, person] = await screen.findAllByTestId('interest-bidder');
    expect(company!.textContent).toBe('الدوحة للأعمال');
    expect([company!.getAttribute('lang'), company!.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(person!.textContent).toBe('Noura');
    expect([person!.getAttribute('lang'), person!.getAttribute('dir')]).toEqual([null, 'auto']);
  });
});
