import { AppProviders, i18n, MemoryRouter, useSessionStore } from '@bawaba/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api.ts';
import { AdEditor } from '../features/ads/AdEditor.tsx';
import { ProfileEditor } from './ProfilePage.tsx';
import { ChangePasswordForm } from './SecurityPage.tsx';

vi.mock('../api.ts', () => ({
  api: {
    changePassword: vi.fn(),
    updateMe: vi.fn(),
    createAd: vi.fn(),
    updateAd: vi.fn(),
  },
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});
beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  useSessionStore.getState().signIn('old-token', {
    id: 7,
    name: 'Sara',
    email: 'sara@example.qa',
    isAdmin: false,
    imageUrl: null,
    companyName: null,
    companyNameLang: null,
  });
});

const wrap = (ui: ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
const input = (container: HTMLElement, selector: string) => {
  const el = container.querySelector<HTMLInputElement>(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
};
const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });

describe('Change Password form (docs/product-spec.md §5 password rules)', () => {
  const fields = (c: HTMLElement) => [...c.querySelectorAll<HTMLInputElement>('input[type=password]')];

  it('requires all three fields', async () => {
    wrap(<ChangePasswordForm />);
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Current Password is required.')).toBeTruthy();
    expect(screen.getByText('New Password is required.')).toBeTruthy();
    expect(screen.getByText('Confirm Password is required.')).toBeTruthy();
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('needs at least 6 characters and a matching confirmation', async () => {
    const { container } = wrap(<ChangePasswordForm />);
    const [current, next, confirm] = fields(container);
    type(current!, 'old-pass');
    type(next!, '12345');
    type(confirm!, '12345');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeTruthy();
    type(next!, '123456');
    type(confirm!, '123457');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('sends the change and keeps the new token (other sessions end on the server)', async () => {
    vi.mocked(api.changePassword).mockResolvedValue({
      accessToken: 'new-token',
      user: {
        id: 7,
        name: 'Sara',
        email: 'sara@example.qa',
        isAdmin: false,
        imageUrl: null,
        companyName: null,
        companyNameLang: null,
        hasCompany: false,
        language: 'en',
        emailPrefs: { requests: true, followed: true, my_tenders: true, my_proposals: true },
      },
    });
    const { container } = wrap(<ChangePasswordForm />);
    const [current, next, confirm] = fields(container);
    type(current!, 'old-pass');
    type(next!, 'new-pass');
    type(confirm!, 'new-pass');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(useSessionStore.getState().token).toBe('new-token'));
    expect(api.changePassword).toHaveBeenCalledWith({
      currentPassword: 'old-pass',
      newPassword: 'new-pass',
      confirmPassword: 'new-pass',
    });
    expect(localStorage.getItem('token')).toBe('new-token');
  });
});

describe('My Profile form', () => {
  it('requires a name', async () => {
    wrap(<ProfileEditor />);
    const name = screen.getByTestId('profile-name');
    expect((name as HTMLInputElement).value).toBe('Sara');
    type(name, '   ');
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(api.updateMe).not.toHaveBeenCalled();
  });

  it('saves the name and updates the session user (the shell avatar and name follow)', async () => {
    vi.mocked(api.updateMe).mockResolvedValue({
      id: 7,
      name: 'Sara Haddad',
      email: 'sara@example.qa',
      isAdmin: false,
      imageUrl: 'http://localhost/api/v1/files/x',
      companyName: null,
      companyNameLang: null,
      hasCompany: false,
      language: 'en',
      emailPrefs: { requests: true, followed: true, my_tenders: true, my_proposals: true },
    });
    wrap(<ProfileEditor />);
    type(screen.getByTestId('profile-name'), 'Sara Haddad');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(useSessionStore.getState().user?.name).toBe('Sara Haddad'));
    expect(api.updateMe).toHaveBeenCalledWith({ name: 'Sara Haddad' });
    expect(useSessionStore.getState().user?.imageUrl).toBe('http://localhost/api/v1/files/x');
  });
});

describe('Ad form (AdBody contract)', () => {
  const AD = {
    id: 4,
    title: 'Summer offer',
    titleLang: 'en' as const,
    titleEn: 'Summer offer',
    titleAr: null,
    imageUrl: 'http://localhost/a.png',
    linkUrl: null,
    active: true,
    startsAt: null,
    endsAt: null,
    createdAt: '2026-11-01T00:00:00Z',
  };

  it('requires a title in at least one language and an image for a new ad', async () => {
    wrap(<AdEditor ad={null} onDone={vi.fn()} />);
    fireEvent.click(screen.getByTestId('ad-save'));
    expect(await screen.findByText('Write the title in English, in Arabic or in both.')).toBeTruthy();
    expect(screen.getByText('Image is required.')).toBeTruthy();
    expect(api.createAd).not.toHaveBeenCalled();
  });

  it('needs a valid link (or a path on this site) and an end after the start', async () => {
    const { container } = wrap(<AdEditor ad={AD} onDone={vi.fn()} />);
    type(screen.getByTestId('ad-link'), 'not a url');
    fireEvent.click(screen.getByTestId('ad-save'));
    expect(await screen.findByText('Please enter a valid URL (https://…)')).toBeTruthy();
    type(screen.getByTestId('ad-link'), '/company-register');
    type(input(container, '[data-testid=ad-starts]'), '2027-05-10');
    type(input(container, '[data-testid=ad-ends]'), '2027-05-01');
    fireEvent.click(screen.getByTestId('ad-save'));
    expect(await screen.findByText('The end must be after the start.')).toBeTruthy();
    expect(api.updateAd).not.toHaveBeenCalled();
  });

  it('edits an ad without a new image (the ad keeps its image)', async () => {
    const onDone = vi.fn();
    vi.mocked(api.updateAd).mockResolvedValue({} as never);
    wrap(<AdEditor ad={AD} onDone={onDone} />);
    type(screen.getByTestId('ad-title'), 'Winter offer');
    fireEvent.click(screen.getByTestId('ad-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // Only what changed is sent.
    expect(api.updateAd).toHaveBeenCalledWith(4, { titleEn: 'Winter offer' });
  });

  it('adds an Arabic title beside the English one, its field right to left', async () => {
    const onDone = vi.fn();
    vi.mocked(api.updateAd).mockResolvedValue({} as never);
    wrap(<AdEditor ad={AD} onDone={onDone} />);
    const arabic = screen.getByTestId('ad-title-ar');
    expect(arabic.getAttribute('lang')).toBe('ar');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    type(arabic, 'عرض الصيف');
    fireEvent.click(screen.getByTestId('ad-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.updateAd).toHaveBeenCalledWith(4, { titleAr: 'عرض الصيف' });
  });
});
