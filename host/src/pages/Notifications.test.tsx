import {
  AppProviders,
  activateLanguage,
  MemoryRouter,
  registerCatalogs,
  sharedCatalogs,
  useSessionStore,
} from '@bawaba/shared';
import { NOTIFICATION_ARRIVED, type Notification } from '@bawaba/shared/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { NotificationsPage } from './Notifications.tsx';

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
  await activateLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => useSessionStore.getState().signOut());
});

const notice = (id: number): Notification => ({
  id,
  title: `Notice ${id}`,
  content: `Content ${id}`,
  createdAt: new Date().toISOString(),
  read: true,
  tender: null,
  link: null,
});

/** The API with `total` notifications (ids total…1, newest first); returns the paths and queries it was asked. */
function api(total: number) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      const before = Number(url.searchParams.get('before') ?? total + 1);
      const items = Array.from({ length: total }, (_, i) => notice(total - i)).filter((n) => n.id < before);
      const page = items.slice(0, 4);
      const data = url.pathname.endsWith('/notification/page')
        ? { items: page, totalItems: total, nextCursor: items.length > 4 ? page.at(-1)!.id : null }
        : items;
      return Response.json({ data });
    }),
  );
  return asked;
}

const arrives = (id: number) =>
  act(() => {
    window.dispatchEvent(new CustomEvent(NOTIFICATION_ARRIVED, { detail: notice(id) }));
  });

function show() {
  act(() => useSessionStore.getState().signIn('token', { id: 5, name: 'Noura', isAdmin: false }));
  render(
    <AppProviders>
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the notifications page', () => {
  it("asks for its page once and never for the bell's list (the shell loads that)", async () => {
    const asked = api(3);
    show();
    expect(await screen.findByText('Notice 3')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(asked).toEqual(['/api/v1/notification/page?limit=4']);
  });

  it('reloads page 1 for each live notification, and leaves later pages where they are', async () => {
    const asked = api(6);
    show();
    expect(await screen.findByText('Notice 6')).toBeTruthy();
    arrives(6);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toBe('/api/v1/notification/page?limit=4');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Notice 2')).toBeTruthy();
    expect(asked).toHaveLength(3);
    arrives(7);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(asked).toHaveLength(3);
  });
});
