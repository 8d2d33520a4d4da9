import { AppProviders, i18n, MemoryRouter, Route, Routes, useSessionStore } from '@bawaba/shared';
import { companyFixture } from '@bawaba/shared/build/testing';
import type { Company, InvitableTender, InviterStatus } from '@bawaba/shared/contracts';
import { act, cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useFollowsStore } from '../follows.ts';
import { CompanyPage } from './CompanyPage.tsx';

const ref = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase(),
  name,
  nameEn: name,
  nameAr: name,
});
const COMPANY: Company = companyFixture({
  services: [{ ...ref(7, 'Web Development'), category: ref(1, 'IT') }],
});

// The HTML sanitizer (DOMPurify, fetched on first use by shared's SafeHtml) arrives when a test lets it: the first
// test holds it back; afterEach lets it through for the others.
const sanitizer = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock('dompurify', async (original) => {
  await sanitizer.arrived;
  return original();
});

const company = vi.fn(async () => COMPANY);
const mine = vi.fn<() => Promise<Company | null>>();
const follows = vi.fn(async () => ({ follows: [], suggestions: [] }));
const invitableTenders = vi.fn<() => Promise<InvitableTender[]>>(async () => []);
const inviter = vi.fn<() => Promise<InviterStatus>>(async () => ({ canInvite: true, companyId: null }));
vi.mock('../api.ts', async (original) => ({
  ...(await original<typeof import('../api.ts')>()),
  api: {
    company: () => company(),
    myCompany: () => mine(),
    follows: () => follows(),
    invitableTenders: () => invitableTenders(),
    inviter: () => inviter(),
  },
}));

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  sanitizer.release();
  cleanup();
  company.mockClear();
  mine.mockReset();
  follows.mockClear();
  inviter.mockClear();
  useFollowsStore.setState({ owner: null, loaded: false, ids: {}, pending: {} });
});

function renderPage(session: { token: string | null; isAdmin?: boolean }, own: Company | null = null) {
  useSessionStore.setState({
    token: session.token,
    user: session.token ? { id: 9, name: 'Sara', isAdmin: Boolean(session.isAdmin) } : null,
    language: 'en',
  });
  mine.mockResolvedValue(own);
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/companies/42']}>
        <Routes>
          <Route path="/companies/:id" element={<CompanyPage owner={false} />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return userEvent.setup({ delay: null });
}

describe('the company page while it loads', () => {
  it('shows the profile once, whole: not before its description can be shown (nothing below it moves)', async () => {
    renderPage({ token: null });
    // The company's data has come; the sanitizer has not.
    await vi.waitFor(() => expect(company).toHaveBeenCalledOnce());
    await act(async () => {
      await company.mock.results[0]?.value;
    });
    expect(screen.queryByTestId('company-profile')).toBeNull();
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    sanitizer.release();
    const profile = await screen.findByTestId('company-profile');
    expect(within(profile).getByTestId('company-description').textContent).toBe('Hello');
  });
});

describe('the company page: invite and follow', { timeout: 30_000 }, () => {
  it('offers a signed-in user "Invite to tender" (the dialog loads on demand) and follow toggles on its services', async () => {
    const user = renderPage({ token: 'token' });
    const invite = await screen.findByRole('button', { name: 'Invite to tender' });
    const toggle = await screen.findByRole('button', { name: 'Follow Web Development' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.textContent).toBe('Follow');
    await user.click(invite);
    const dialog = await screen.findByRole('dialog', { name: 'Invite to tender' });
    const name = within(dialog).getByText('Doha Digital Solutions');
    expect([name.getAttribute('lang'), name.getAttribute('dir')]).toEqual(['en', 'ltr']);
    expect(await within(dialog).findByText('You have no tender open to invitations')).toBeTruthy();
  });

  it('does not offer to invite one\u2019s own company (following its services stays possible)', async () => {
    renderPage({ token: 'token' }, COMPANY);
    expect(await screen.findByRole('button', { name: 'Follow Web Development' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite to tender' })).toBeNull();
  });

  it('offers no "Invite to tender" to a user the API says has no tender to invite to', async () => {
    inviter.mockResolvedValueOnce({ canInvite: false, companyId: null });
    renderPage({ token: 'token' });
    expect(await screen.findByRole('button', { name: 'Follow Web Development' })).toBeTruthy();
    await vi.waitFor(() => expect(inviter).toHaveBeenCalled());
    await act(async () => {
      await inviter.mock.results[0]?.value;
    });
    expect(screen.queryByRole('button', { name: 'Invite to tender' })).toBeNull();
  });

  it('shows neither to anonymous visitors nor to admins', async () => {
    renderPage({ token: null });
    expect(await screen.findByTestId('company-profile')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request Service' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite to tender' })).toBeNull();
    expect(screen.queryAllByTestId('follow-toggle')).toHaveLength(0);
    cleanup();
    renderPage({ token: 'admin', isAdmin: true });
    expect(await screen.findByTestId('company-profile')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite to tender' })).toBeNull();
    expect(screen.queryAllByTestId('follow-toggle')).toHaveLength(0);
    expect(follows).not.toHaveBeenCalled();
  });
});
