import {
  AppProviders,
  i18n,
  MemoryRouter,
  type SessionUser,
  useLocation,
  useRoutes,
  useSessionStore,
} from '@bawaba/shared';
import type { AuthUser } from '@bawaba/shared/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api.ts';
import { messages as arabic } from '../locales/ar/messages.ts';
import { accountRoutes } from '../pages/routes.tsx';

vi.mock('../api.ts', () => ({
  api: {
    me: vi.fn(() => new Promise(() => undefined)),
    updateMe: vi.fn(),
    myCompany: vi.fn(async () => null),
    follows: vi.fn(async () => ({ follows: [], suggestions: [] })),
    adminCompanies: vi.fn(async () => ({ items: [], pageCount: 1, totalItems: 0 })),
    receivedRequests: vi.fn(async () => ({ items: [], pageCount: 1, totalItems: 0 })),
  },
}));

afterEach(cleanup);

const ADMIN: SessionUser = { id: 1, name: 'Admin', isAdmin: true, imageUrl: null, companyName: null };
const OWNER: SessionUser = {
  id: 2,
  name: 'Noura',
  isAdmin: false,
  imageUrl: 'http://localhost/api/v1/files/abc',
  companyName: 'Doha Works',
};

/** Where the router is now: the probe writes the current location on every render. */
interface Where {
  pathname: string;
}

function LocationProbe({ where }: { where: Where }) {
  where.pathname = useLocation().pathname;
  return null;
}

/** As the host routes a remote's segment: its routes matched, by a nested useRoutes, below `/account/*`. */
function AccountRoutes() {
  return useRoutes([{ path: '/account/*', element: <AccountSegment /> }, { path: '*' }]);
}

function AccountSegment() {
  return useRoutes(accountRoutes);
}

function renderAt(path: string, user: SessionUser): Where {
  useSessionStore.getState().signIn('token', user);
  const where: Where = { pathname: path };
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AccountRoutes />
        <LocationProbe where={where} />
      </MemoryRouter>
    </AppProviders>,
  );
  return where;
}

const menuLabels = () =>
  within(screen.getByTestId('account-menu'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('account menu per role (docs/product-spec.md §2 table, §6)', () => {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it('an admin sees Companies list, Received Requests, Change Password, Manage Ads, Site settings, Users, Audit log, Catalogue, Dashboard, Credentials, Logout', async () => {
    renderAt('/account/company-list', ADMIN);
    expect(menuLabels()).toEqual([
      'Companies list',
      'Received Requests',
      'Change Password',
      'Manage Ads',
      'Site settings',
      'Users',
      'Audit log',
      'Catalogue',
      'Dashboard',
      'Credentials',
      'Logout',
    ]);
    expect(await screen.findByTestId('account-page-company-list', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a non-admin sees My Profile, Tender management, Sent Requests, Received Requests, Change Password, Proposals, My interests, Contracts, Company members, Logout', async () => {
    renderAt('/account', OWNER);
    expect(menuLabels()).toEqual([
      'My Profile',
      'Tender management',
      'Sent Requests',
      'Received Requests',
      'Change Password',
      'Proposals',
      'My interests',
      'Contracts',
      'Company members',
      'Logout',
    ]);
    expect(await screen.findByTestId('account-page-profile', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('offers the Dashboard to a buyer or administrator of the active company, not to its other members', () => {
    const member = (roles: string[]): SessionUser => ({
      ...OWNER,
      companies: [{ id: 7, name: 'Doha Works', roles }],
      activeCompanyId: 7,
    });
    renderAt('/account/security', member(['buyer']));
    expect(menuLabels().at(-2)).toBe('Dashboard');
    cleanup();
    renderAt('/account/security', member(['viewer', 'bidder']));
    expect(menuLabels()).not.toContain('Dashboard');
  });

  it('shows the company name and the photo of a user who has them, the default avatar otherwise', () => {
    renderAt('/account', OWNER);
    expect(screen.getByTestId('account-display-name').textContent).toBe('Doha Works');
    expect(screen.getByTestId('account-avatar-image').getAttribute('src')).toBe(OWNER.imageUrl);
    cleanup();
    renderAt('/account/company-list', ADMIN);
    expect(screen.getByTestId('account-display-name').textContent).toBe('Admin');
    expect(screen.queryByTestId('account-avatar-image')).toBeNull();
    expect(screen.getByTestId('account-avatar-default')).toBeTruthy();
  });

  it('sends an admin from a non-admin page (and unknown sub-paths) to the companies list', async () => {
    for (const path of [
      '/account',
      '/account/tender-management',
      '/account/sent-requests',
      '/account/my-interests',
      '/account/x',
    ]) {
      const where = renderAt(path, ADMIN);
      await screen.findByTestId('account-page-company-list', {}, { timeout: 5000 });
      expect(where.pathname).toBe('/account/company-list');
      cleanup();
    }
  });

  it('sends a non-admin from an admin page (and unknown sub-paths) to My Profile', async () => {
    for (const path of ['/account/company-list', '/account/manage-ads', '/account/nothing']) {
      const where = renderAt(path, OWNER);
      await screen.findByTestId('account-page-profile', {}, { timeout: 5000 });
      expect(where.pathname).toBe('/account');
      cleanup();
    }
  });

  it('collapses into one select on small screens: same items, Logout last, and it navigates', async () => {
    const where = renderAt('/account', OWNER);
    const select = screen.getByTestId('account-mobile-menu') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([
      '/account',
      '/account/tender-management',
      '/account/sent-requests',
      '/account/requests',
      '/account/security',
      '/account/submitted-proposals',
      '/account/my-interests',
      '/account/contracts',
      '/account/members',
      'logout',
    ]);
    fireEvent.change(select, { target: { value: '/account/security' } });
    await screen.findByTestId('account-page-security', {}, { timeout: 5000 });
    expect(where.pathname).toBe('/account/security');
  });

  it('shows the menu in Arabic', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: arabic });
    renderAt('/account/company-list', ADMIN);
    expect(menuLabels()).toEqual([
      'قائمة الشركات',
      'الطلبات الواردة',
      'تغيير كلمة المرور',
      'إدارة الإعلانات',
      'إعدادات الموقع',
      'المستخدمون',
      'سجل التدقيق',
      'الدليل',
      'لوحة المعلومات',
      'الوثائق',
      'تسجيل الخروج',
    ]);
  });

  it('leaves the tender workspace to the host: a host without mounts shows the newer-site panel in the layout', async () => {
    renderAt('/account/tender-management', OWNER);
    const panel = await screen.findByTestId('section-needs-newer-site');
    expect(panel.textContent).toContain('This section needs a newer site version');
    expect(panel.getAttribute('data-remote')).toBe('tenders');
    expect(within(screen.getByTestId('account-layout')).getByTestId('section-needs-newer-site')).toBe(panel);
    expect(screen.getByTestId('account-menu-tender-management').getAttribute('aria-current')).toBe('page');
  });

  it('names the fragment its slot shows, for the host to mount below every path of the page', () => {
    const layout = accountRoutes[0]!.children!;
    const slot = layout.find((route) => route.path === 'tender-management');
    expect(slot?.handle).toEqual({ fragment: { remote: 'tenders', name: 'tenderWorkspace' } });
    expect(slot?.children?.map((child) => child.index ?? child.path)).toEqual([true, '*']);
  });
});

describe('the profile of a visit of /account', () => {
  const profile = (emailPrefs: Partial<AuthUser['emailPrefs']> = {}): AuthUser => ({
    id: 2,
    name: 'Noura Al-Thani',
    email: 'noura@example.qa',
    isAdmin: false,
    imageUrl: null,
    companyName: 'Doha Works',
    companyNameLang: 'en',
    hasCompany: true,
    language: 'en',
    emailPrefs: { requests: false, followed: true, my_tenders: true, my_proposals: true, ...emailPrefs },
  });
  const requestsBox = () =>
    screen.findByRole<HTMLInputElement>('checkbox', { name: /Service requests and my company/ });

  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    vi.mocked(api.me).mockClear();
  });

  it('is asked for once: the stored user and the email preferences of the profile page both take that answer', async () => {
    vi.mocked(api.me).mockResolvedValueOnce(profile());
    renderAt('/account', OWNER);
    expect((await requestsBox()).checked).toBe(false);
    expect(useSessionStore.getState().user?.name).toBe('Noura Al-Thani');
    expect(api.me).toHaveBeenCalledTimes(1);
  });

  it('takes what an update answered: the profile page opened again in the same visit shows what was saved', async () => {
    vi.mocked(api.me).mockResolvedValueOnce(profile());
    vi.mocked(api.updateMe).mockResolvedValueOnce(profile({ requests: true }));
    renderAt('/account', OWNER);
    fireEvent.click(await requestsBox());
    await waitFor(() => expect(api.updateMe).toHaveBeenCalledWith({ emailPrefs: { requests: true } }));
    await waitFor(async () => expect((await requestsBox()).checked).toBe(true));

    fireEvent.click(
      within(screen.getByTestId('account-menu')).getByRole('link', { name: 'Change Password' }),
    );
    await waitFor(() => expect(screen.queryByTestId('email-preferences')).toBeNull());
    fireEvent.click(within(screen.getByTestId('account-menu')).getByRole('link', { name: 'My Profile' }));
    expect((await requestsBox()).checked).toBe(true);
    expect(api.me).toHaveBeenCalledTimes(1);
  });
});
