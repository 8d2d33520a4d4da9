import { AppProviders, HTTPError, i18n, MemoryRouter, Route, Routes, useSessionStore } from '@bawaba/shared';
import { companyFixture } from '@bawaba/shared/build/testing';
import type { Company, InvitableTender, Invitation, InviterStatus } from '@bawaba/shared/contracts';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirectoryQuery } from '../../api.ts';
import { useFollowsStore } from '../../follows.ts';
import { DirectoryPage } from './DirectoryPage.tsx';

const companies = vi.fn<(q: DirectoryQuery) => Promise<unknown>>();
const invite = vi.fn<(tenderId: number, companyId: number) => Promise<Invitation>>();
const invitableTenders = vi.fn<() => Promise<InvitableTender[]>>();
const inviter = vi.fn<() => Promise<InviterStatus>>();
vi.mock('../../api.ts', async (original) => ({
  ...(await original<typeof import('../../api.ts')>()),
  api: {
    categories: async () => [],
    locations: async () => [],
    activeAd: async () => null,
    companies: (q: DirectoryQuery) => companies(q),
    follows: async () => ({ follows: [], suggestions: [] }),
    invitableTenders: () => invitableTenders(),
    inviter: () => inviter(),
    invite: (tenderId: number, companyId: number) => invite(tenderId, companyId),
  },
}));

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  cleanup();
  companies.mockReset();
  invite.mockReset();
  invitableTenders.mockReset();
  inviter.mockReset();
  useFollowsStore.setState({ owner: null, loaded: false, ids: {}, pending: {} });
});

const company = (id: number, name: string, masked = false): Company =>
  companyFixture({ id, name, description: '<p>About</p>', masked });

const PAGES: Record<number, Company[]> = {
  1: [company(1, 'Alpha Trading'), company(2, 'Beta Builders')],
  2: [company(3, 'Gamma Services')],
};

function renderDirectory(
  session: { token: string | null; isAdmin?: boolean },
  status: InviterStatus = { canInvite: true, companyId: null },
) {
  inviter.mockResolvedValue(status);
  useSessionStore.setState({
    token: session.token,
    user: session.token ? { id: 9, name: 'Sara', isAdmin: Boolean(session.isAdmin) } : null,
    language: 'en',
  });
  companies.mockImplementation(async (q) => {
    const items = (PAGES[q.page] ?? []).map((c) => ({ ...c, masked: !session.token }));
    return { items, page: q.page, pageCount: 2, totalItems: 3 };
  });
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/service']}>
        <Routes>
          <Route path="/service" element={<DirectoryPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return userEvent.setup({ delay: null });
}

const box = (name: string) => screen.findByRole('checkbox', { name: `Select ${name}` });

describe('inviting a selection of directory companies', { timeout: 30_000 }, () => {
  it('keeps the selection across pages, counts it, invites each company and reports each outcome', async () => {
    invitableTenders.mockResolvedValue([
      {
        id: 5,
        number: 'T-2026-005',
        title: 'Warehouse build',
        titleLang: 'en',
        deadline: null,
        invitedCompanyIds: [],
      },
    ]);
    invite.mockImplementation(async (tenderId, companyId) => {
      if (companyId === 3) {
        const error = new HTTPError(
          new Response(null, { status: 409 }),
          new Request('http://localhost/api/v1/tenders/5/invitations', { method: 'POST' }),
          {} as never,
        );
        error.data = { statusCode: 409, error: 'Conflict', message: 'You cannot invite your own company.' };
        throw error;
      }
      return {
        id: companyId,
        tender: { id: tenderId, number: 'T-2026-005', title: 'Warehouse build', titleLang: 'en' },
        company: { id: companyId, name: 'x', nameLang: 'en' },
        invitedAt: '2026-11-26T10:00:00.000Z',
        sentAt: '2026-11-26T10:00:00.000Z',
        openedAt: null,
        interest: null,
        bid: false,
      };
    });
    const user = renderDirectory({ token: 'token' });
    expect(screen.queryByTestId('selection-bar')).toBeNull();
    await user.click(await box('Alpha Trading'));
    const bar = await screen.findByRole('region', { name: 'Selected companies' });
    expect(bar.textContent).toContain('1 selected');

    await user.click(screen.getAllByRole('button', { name: 'Next page' })[0]!);
    await user.click(await box('Gamma Services'));
    expect(screen.getByTestId('selection-bar').textContent).toContain('2 selected');
    await user.click(screen.getAllByRole('button', { name: 'Previous page' })[0]!);
    expect(((await box('Alpha Trading')) as HTMLInputElement).checked).toBe(true);

    await user.click(within(bar).getByRole('button', { name: 'Invite to tender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite 2 companies to a tender' });
    await user.click(await within(dialog).findByRole('radio', { name: /Warehouse build/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));
    const results = await within(dialog).findByTestId('invite-results');
    expect(invite.mock.calls).toEqual([
      [5, 1],
      [5, 3],
    ]);
    expect(
      within(results)
        .getAllByTestId('invite-result')
        .map((r) => r.textContent),
    ).toEqual(['Alpha TradingInvited', 'Gamma ServicesYou cannot invite your own company.']);
  });

  it('Clear empties the selection', async () => {
    const user = renderDirectory({ token: 'token' });
    await user.click(await box('Alpha Trading'));
    await user.click(await box('Beta Builders'));
    expect(screen.getByTestId('selection-bar').textContent).toContain('2 selected');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(screen.queryByTestId('selection-bar')).toBeNull());
    expect(((await box('Alpha Trading')) as HTMLInputElement).checked).toBe(false);
  });

  it('offers no selection to a user the API says has no tender to invite to', async () => {
    renderDirectory({ token: 'token' }, { canInvite: false, companyId: null });
    expect(await screen.findAllByTestId('company-card')).toHaveLength(2);
    await vi.waitFor(() => expect(inviter).toHaveBeenCalled());
    await act(async () => {
      await inviter.mock.results[0]?.value;
    });
    expect(screen.queryAllByRole('checkbox', { name: /^Select / })).toHaveLength(0);
  });

  it('shows the cards once it knows whether to offer the selection (no box appears under the reader)', async () => {
    let answer: (status: InviterStatus) => void = () => {};
    inviter.mockReturnValueOnce(
      new Promise<InviterStatus>((resolve) => {
        answer = resolve;
      }),
    );
    renderDirectory({ token: 'token' });
    await vi.waitFor(() => expect(companies).toHaveBeenCalled());
    await act(async () => {
      await companies.mock.results[0]?.value;
    });
    expect(screen.getByTestId('directory-loading')).toBeTruthy();
    expect(screen.queryAllByTestId('company-card')).toHaveLength(0);
    await act(async () => answer({ canInvite: true, companyId: null }));
    expect(await box('Alpha Trading')).toBeTruthy();
  });

  it("offers every card but the user's own company", async () => {
    renderDirectory({ token: 'token' }, { canInvite: true, companyId: 2 });
    expect(await box('Alpha Trading')).toBeTruthy();
    expect(screen.getAllByTestId('company-card')).toHaveLength(2);
    expect(screen.queryByRole('checkbox', { name: 'Select Beta Builders' })).toBeNull();
  });

  it('offers no selection to anonymous visitors or admins', async () => {
    renderDirectory({ token: null });
    expect(await screen.findAllByTestId('company-card')).toHaveLength(2);
    expect(screen.queryAllByRole('checkbox', { name: /^Select / })).toHaveLength(0);
    cleanup();
    renderDirectory({ token: 'admin', isAdmin: true });
    expect(await screen.findAllByTestId('company-card')).toHaveLength(2);
    expect(screen.queryAllByRole('checkbox', { name: /^Select / })).toHaveLength(0);
    expect(screen.queryByTestId('selection-bar')).toBeNull();
  });
});
