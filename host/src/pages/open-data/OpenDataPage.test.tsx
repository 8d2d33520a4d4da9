import {
  AppProviders,
  activateLanguage,
  MemoryRouter,
  registerCatalogs,
  sharedCatalogs,
  useSessionStore,
} from '@bawaba/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hostCatalogs } from '../../catalogs.ts';
import { openDataCatalogs } from './load.ts';
import { OpenDataPage } from './OpenDataPage.tsx';

beforeAll(async () => {
  await Promise.all([
    registerCatalogs('shared', sharedCatalogs),
    registerCatalogs('host', hostCatalogs),
    registerCatalogs('host-open-data', openDataCatalogs),
  ]);
  await activateLanguage('en');
});
afterEach(async () => {
  cleanup();
  act(() => useSessionStore.getState().setLanguage('en'));
  await activateLanguage('en');
});

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <OpenDataPage />
      </MemoryRouter>
    </AppProviders>,
  );

const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('open data publication policy', () => {
  it('says who publishes what, what never is, the licence, and links every endpoint', () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Open data publication policy' })).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'Who publishes',
      'What we publish',
      'Languages',
      'When we publish',
      'What is never published',
      'Identifiers',
      'Licence',
      'How to access the data',
      'Notifications for organisations',
    ]);
    // Each section is a region named by its heading.
    expect(screen.getByRole('region', { name: 'What is never published' }).textContent).toContain(
      'personal data, such as email addresses and telephone numbers.',
    );
    expect(href('/api/v1/ocds/releases')).toBe('/api/v1/ocds/releases');
    expect(href('/api/v1/ocds/bulk')).toBe('/api/v1/ocds/bulk');
    expect(href('/api/v1/openapi.json')).toBe('/api/v1/openapi.json');
    expect(href(/CC BY 4\.0/)).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(href('contact page')).toBe('/contact-us');
    expect(href('account area, under Integrations')).toBe('/account/webhooks');
    expect(screen.getByText('ocds-bwb000').getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('open-data-reviewed').textContent).toBe('Last reviewed: November 27, 2026');
  });

  it('in Arabic: the same policy in Arabic, paths left to right, the review date in Arabic', async () => {
    await activateLanguage('ar');
    act(() => useSessionStore.getState().setLanguage('ar'));
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'سياسة نشر البيانات المفتوحة' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'ما لا يُنشر مطلقًا' })).toBeTruthy();
    expect(screen.queryByText(/Who publishes|What we publish/)).toBeNull();
    const feed = screen.getByRole('link', { name: '/api/v1/ocds/releases' });
    expect(feed.querySelector('code')?.getAttribute('dir')).toBe('ltr');
    expect(href('صفحة الاتصال')).toBe('/contact-us');
    const reviewed = screen.getByTestId('open-data-reviewed').textContent ?? '';
    expect(reviewed.startsWith('تاريخ آخر مراجعة: ')).toBe(true);
    expect(reviewed).toContain('نوفمبر');
  });
});
