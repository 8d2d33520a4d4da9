import {
  AppProviders,
  activateLanguage,
  MemoryRouter,
  registerCatalogs,
  sharedCatalogs,
  useSessionStore,
} from '@bawaba/shared';
import type { Tender } from '@bawaba/shared/contracts';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { HomePage } from './Home.tsx';

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
  await activateLanguage('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => useSessionStore.getState().signOut());
  await activateLanguage('en');
});

const tender = (id: number, title: string, titleLang: 'en' | 'ar', deadline: string) =>
  ({ id, number: `BWB-2026-00${id}`, title, titleLang, deadline }) as Tender;

/** The API answers GET /tenders/followed with `tenders`; returns the URLs it was called with. */
function api(tenders: Tender[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      urls.push(input.url);
      const data = input.url.includes('/tenders/followed') ? tenders : null;
      return new Response(JSON.stringify({ data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return urls;
}

const signIn = (isAdmin = false) =>
  act(() => useSessionStore.getState().signIn('token', { id: 5, name: 'Noura', isAdmin }));

const show = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('home: new tenders in your services', () => {
  it('lists the tenders in the services the user follows, each leading to its page', async () => {
    const urls = api([
      tender(7, 'توريد أثاث مكتبي', 'ar', '2026-12-01T12:00:00.000Z'),
      tender(8, 'Cleaning of offices', 'en', '2026-12-15T12:00:00.000Z'),
    ]);
    signIn();
    show();
    const items = await screen.findAllByTestId('followed-tender');
    expect(screen.getByRole('heading', { name: 'New tenders in your services' })).toBeTruthy();
    expect(items).toHaveLength(2);
    const link = within(items[0]!).getByRole('link', { name: 'توريد أثاث مكتبي' });
    expect(link.getAttribute('href')).toBe('/tender-profile/7');
    // Each title marked with the language the API says it is in (Arabic inside the English page).
    const arabic = within(link).getByText('توريد أثاث مكتبي');
    expect([arabic.getAttribute('lang'), arabic.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    const english = within(items[1]!).getByText('Cleaning of offices');
    expect([english.getAttribute('lang'), english.getAttribute('dir')]).toEqual(['en', 'ltr']);
    expect(items[0]!.textContent).toContain('BWB-2026-007');
    expect(items[0]!.textContent).toContain('Deadline: 01/12/2026');
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/tender-profile/8');
    expect(urls.filter((u) => u.includes('/tenders/followed'))).toHaveLength(1);
    expect(urls.find((u) => u.includes('/tenders/followed'))).toMatch(/\/api\/v1\/tenders\/followed$/);
  });

  it('without any, says to follow services and leads to the profile where follows are managed', async () => {
    api([]);
    signIn();
    show();
    const empty = await screen.findByTestId('followed-tenders-empty');
    expect(empty.textContent).toContain('Follow services to hear of new tenders in them.');
    expect(
      within(empty).getByRole('link', { name: 'Manage the services you follow' }).getAttribute('href'),
    ).toBe('/account');
  });

  it('in Arabic', async () => {
    api([tender(7, 'Office furniture', 'en', '2026-12-01T12:00:00.000Z')]);
    await activateLanguage('ar');
    act(() => useSessionStore.getState().setLanguage('ar'));
    signIn();
    show();
    const [item] = await screen.findAllByTestId('followed-tender');
    expect(screen.getByRole('heading', { name: 'مناقصات جديدة في خدماتك' })).toBeTruthy();
    expect(item!.textContent).toContain('الموعد النهائي:');
    act(() => useSessionStore.getState().setLanguage('en'));
  });

  it('is not shown to admins nor to visitors, and asks the API nothing', async () => {
    const urls = api([tender(7, 'Office furniture', 'en', '2026-12-01T12:00:00.000Z')]);
    signIn(true);
    show();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByTestId('followed-tenders')).toBeNull();
    cleanup();
    act(() => useSessionStore.getState().signOut());
    show();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByTestId('followed-tenders')).toBeNull();
    expect(urls.filter((u) => u.includes('/tenders/followed'))).toEqual([]);
    expect(screen.getByTestId('host-page-home')).toBeTruthy();
  });
});
