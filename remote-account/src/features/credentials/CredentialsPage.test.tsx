import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import type { AdminCredential, Credential } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api.ts';
import { signInAsMember } from '../../test-session.ts';
import CredentialQueuePage from './CredentialQueuePage.tsx';
import CredentialsPage from './CredentialsPage.tsx';

const credential = (id: number, patch: Partial<Credential> = {}): Credential => ({
  id,
  kind: 'tax_card',
  title: 'TC-2026-17',
  issuer: 'الهيئة العامة للضرائب',
  issuedOn: '2026-01-10',
  expiresOn: '2027-03-12',
  status: 'pending',
  rejectionReason: null,
  file: { id: 'f1', url: 'http://x/files/f1.pdf', name: 'tax.pdf' },
  verifiedAt: null,
  createdAt: '2026-02-01T10:00:00.000Z',
  ...patch,
});
const queued = (id: number): AdminCredential => ({
  ...credential(id),
  company: { id: 4, name: 'Qatar Build Contracting' },
});

vi.mock('../../api.ts', () => ({
  api: {
    credentials: vi.fn(async () => [
      credential(2, { status: 'rejected', rejectionReason: 'The scan is unreadable' }),
      credential(1, { status: 'verified', kind: 'commercial_registration', title: 'CR 123456' }),
    ]),
    uploadCredential: vi.fn(async () => credential(3)),
    adminCredentials: vi.fn(async () => [queued(5)]),
    decideCredential: vi.fn(async () => queued(5)),
  },
}));

const show = (page: React.ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter>{page}</MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  signInAsMember(['admin']);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSessionStore.getState().signOut();
});

describe("the company's credentials", () => {
  it('lists each credential with its kind, status, dates and the reason of a rejection', async () => {
    show(<CredentialsPage />);
    const rows = await screen.findAllByTestId('credential-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Tax card');
    expect(rows[0]!.textContent).toContain('Rejected');
    expect(rows[0]!.textContent).toContain('The scan is unreadable');
    expect(rows[1]!.textContent).toContain('Commercial registration');
    expect(rows[1]!.textContent).toContain('Verified');
    // The dates in the page's language (Intl).
    expect(rows[1]!.textContent).toContain('Mar 12, 2027');
  });

  it('does not send the form without a document, and says why in the contract’s words', async () => {
    show(<CredentialsPage />);
    await screen.findAllByTestId('credential-row', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('credential-title-input'), { target: { value: 'CR 9' } });
    fireEvent.change(screen.getByTestId('credential-issuer'), { target: { value: 'MOCI' } });
    fireEvent.change(screen.getByTestId('credential-issued'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('credential-expires'), { target: { value: '2028-01-01' } });
    fireEvent.click(screen.getByTestId('credential-submit'));
    expect(await screen.findByText('Attach the document.')).toBeTruthy();
    expect(api.uploadCredential).not.toHaveBeenCalled();
  });
});

describe("who sees the company's credentials", () => {
  it('tells a member who is not an administrator that only administrators manage them, and asks the API nothing', async () => {
    signInAsMember(['buyer']);
    show(<CredentialsPage />);
    expect(await screen.findByText("Only your company's administrators manage its credentials")).toBeTruthy();
    expect(screen.queryByTestId('credential-form')).toBeNull();
    expect(api.credentials).not.toHaveBeenCalled();
  });

  it('says the same, asking nothing, when the session acts for no company', async () => {
    signInAsMember([], null);
    show(<CredentialsPage />);
    expect(await screen.findByText("Only your company's administrators manage its credentials")).toBeTruthy();
    expect(api.credentials).not.toHaveBeenCalled();
  });
});

describe('the verification queue (admins)', () => {
  it('shows the company of each pending credential and verifies one', async () => {
    show(<CredentialQueuePage />);
    const row = await screen.findByTestId('credential-row', {}, { timeout: 5000 });
    expect(row.textContent).toContain('Qatar Build Contracting');
    expect(api.adminCredentials).toHaveBeenCalledWith('pending');
    fireEvent.click(screen.getByTestId('credential-verify'));
    await waitFor(() => expect(api.decideCredential).toHaveBeenCalledWith(5, 'approve'));
    await waitFor(() => expect(api.adminCredentials).toHaveBeenCalledTimes(2));
  });

  it('reads another status when asked', async () => {
    show(<CredentialQueuePage />);
    await screen.findByTestId('credential-row', {}, { timeout: 5000 });
    fireEvent.change(screen.getByTestId('credential-status-filter'), { target: { value: 'verified' } });
    await waitFor(() => expect(api.adminCredentials).toHaveBeenLastCalledWith('verified'));
  });
});
