import { AppProviders, i18n, MemoryRouter } from '@bawaba/shared';
import { type BoSetting, SITE_SETTINGS_CHANGED } from '@bawaba/shared/contracts';
import { VALIDATION_MESSAGES_AR } from '@bawaba/shared/contracts/messages';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api.ts';
import SiteSettingsPage from './SiteSettingsPage.tsx';

const stored: BoSetting = {
  email: 'info@bawaba.qa',
  phone: '+974 4000 0000',
  addressEn: 'West Bay, Doha',
  addressAr: 'الخليج الغربي، الدوحة',
  workingHoursEn: 'Sun–Thu 8:00–17:00',
  workingHoursAr: 'الأحد–الخميس 8:00–17:00',
  facebook: 'https://www.facebook.com/bawaba.qa',
  twitter: '',
  linkedin: '',
  instagram: '',
  youtube: '',
  footerServiceIds: [],
};

vi.mock('../api.ts', () => ({
  api: {
    siteSettings: vi.fn(async () => stored),
    saveSiteSettings: vi.fn(async (patch: object) => ({ ...stored, ...patch })),
    services: vi.fn(async () =>
      [
        [11, 'Fit-out', 'التشطيب'],
        [12, 'Roads', 'الطرق'],
        [13, 'MEP', ''],
      ].map(([id, nameEn, nameAr]) => ({
        id,
        slug: String(id),
        name: nameEn,
        nameEn,
        nameAr,
        category: {
          id: 1,
          slug: 'construction',
          name: 'Construction',
          nameEn: 'Construction',
          nameAr: 'البناء',
        },
      })),
    ),
    categories: vi.fn(async () => [
      {
        id: 1,
        slug: 'construction',
        name: 'Construction',
        nameEn: 'Construction',
        nameAr: 'البناء',
        services: [
          { id: 11, slug: 'fit-out', name: 'Fit-out', nameEn: 'Fit-out', nameAr: 'التشطيب' },
          { id: 12, slug: 'roads', name: 'Roads', nameEn: 'Roads', nameAr: 'الطرق' },
          { id: 13, slug: 'mep', name: 'MEP', nameEn: 'MEP', nameAr: 'الأعمال الكهروميكانيكية' },
        ],
      },
    ]),
  },
}));

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <SiteSettingsPage />
      </MemoryRouter>
    </AppProviders>,
  );
const control = (testId: string) => {
  const el = screen.getByTestId(testId).querySelector<HTMLInputElement>('input, textarea');
  if (!el) throw new Error(`no control in ${testId}`);
  return el;
};

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('site settings (admin)', () => {
  it('shows the stored values in both languages and saves only what changed, then tells the shell', async () => {
    const heard: unknown[] = [];
    const listen = (e: Event) => heard.push((e as CustomEvent).detail);
    window.addEventListener(SITE_SETTINGS_CHANGED, listen);
    show();
    await screen.findByTestId('site-settings-form', {}, { timeout: 5000 });
    expect(control('settings-addressAr').value).toBe('الخليج الغربي، الدوحة');
    expect(control('settings-addressAr').getAttribute('dir')).toBe('rtl');
    expect(control('settings-addressEn').getAttribute('dir')).toBe('ltr');
    expect((screen.getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.input(control('settings-phone'), { target: { value: '+974 4411 2233' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(api.saveSiteSettings).toHaveBeenCalledTimes(1));
    expect(api.saveSiteSettings).toHaveBeenCalledWith({ phone: '+974 4411 2233' });
    await waitFor(() => expect(heard).toEqual([{ ...stored, phone: '+974 4411 2233' }]));
    window.removeEventListener(SITE_SETTINGS_CHANGED, listen);
  });

  it('chooses the footer services in the order clicked, and saves only them', async () => {
    show();
    await screen.findByTestId('footer-service-13', {}, { timeout: 5000 });
    expect(screen.getByTestId('footer-services-chosen').textContent).toContain('None chosen');
    fireEvent.click(screen.getByTestId('footer-service-13').querySelector('input')!);
    await waitFor(() =>
      expect(screen.getByTestId('footer-services-chosen').textContent).toBe(
        '1 of 8 chosen, listed in this order:',
      ),
    );
    fireEvent.click(screen.getByTestId('footer-service-11').querySelector('input')!);
    await waitFor(() =>
      expect(screen.getByTestId('footer-services-chosen').textContent).toBe(
        '2 of 8 chosen, listed in this order:',
      ),
    );
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(api.saveSiteSettings).toHaveBeenCalledWith({ footerServiceIds: [13, 11] }));
  });

  it('refuses a link that is not a web address, in the reader’s language, and sends nothing', async () => {
    i18n.loadAndActivate({
      locale: 'ar',
      messages: Object.fromEntries(Object.entries(VALIDATION_MESSAGES_AR).map(([en, ar]) => [en, [ar]])),
    });
    show();
    await screen.findByTestId('site-settings-form', {}, { timeout: 5000 });
    fireEvent.input(control('settings-youtube'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    const field = screen.getByTestId('settings-youtube');
    expect((await within(field).findByTestId('field-error')).textContent).toBe(
      'يرجى إدخال رابط صحيح (https://…)',
    );
    expect(api.saveSiteSettings).not.toHaveBeenCalled();
  });

  it('previews the unsaved values as the English and the Arabic footer will show them', async () => {
    show();
    await screen.findByTestId('site-settings-form', {}, { timeout: 5000 });
    const english = screen.getByTestId('settings-preview-en');
    const arabic = screen.getByTestId('settings-preview-ar');
    expect(english.getAttribute('lang')).toBe('en');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(english.textContent).toContain('West Bay, Doha');
    expect(arabic.textContent).toContain('الخليج الغربي، الدوحة');

    fireEvent.input(control('settings-addressAr'), { target: { value: 'لوسيل' } });
    fireEvent.input(control('settings-workingHoursAr'), { target: { value: '' } });
    await waitFor(() => expect(arabic.textContent).toContain('لوسيل'));
    // No Arabic hours: the Arabic footer shows the English ones, as the site does.
    expect(arabic.textContent).toContain('Sun–Thu 8:00–17:00');
    expect(english.textContent).not.toContain('لوسيل');

    // None chosen: the catalogue's first services, each in the footer's language (English when no Arabic name).
    await waitFor(() =>
      expect(
        within(screen.getByTestId('settings-preview-services-ar'))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['التشطيب', 'الطرق', 'MEP']),
    );
    fireEvent.click(screen.getByTestId('footer-service-12').querySelector('input')!);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('settings-preview-services-en'))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Roads']),
    );
    expect(api.saveSiteSettings).not.toHaveBeenCalled();
  });

  it('makes only web addresses into links in the preview', async () => {
    show();
    await screen.findByTestId('site-settings-form', {}, { timeout: 5000 });
    const english = screen.getByTestId('settings-preview-en');
    expect(within(english).getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      'https://www.facebook.com/bawaba.qa',
    );
    fireEvent.input(control('settings-youtube'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.input(control('settings-linkedin'), {
      target: { value: 'https://www.linkedin.com/company/bawaba' },
    });
    await waitFor(() => expect(within(english).getByRole('link', { name: 'LinkedIn' })).toBeTruthy());
    expect(within(english).queryByRole('link', { name: 'YouTube' })).toBeNull();
  });
});
