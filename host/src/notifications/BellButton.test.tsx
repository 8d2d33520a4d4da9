import {
  AppProviders,
  activateLanguage,
  MemoryRouter,
  registerCatalogs,
  sharedCatalogs,
  useSessionStore,
} from '@bawaba/shared';
import type { Notification } from '@bawaba/shared/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { TopBar } from '../shell/TopBar.tsx';
import { useNotificationStore } from './store.ts';

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
  await activateLanguage('en');
});
afterEach(() => {
  cleanup();
  act(() => {
    useSessionStore.setState({ token: null, user: null });
    useNotificationStore.setState({ items: [], loaded: false });
  });
});

const unread = (id: number): Notification => ({
  id,
  title: `Notice ${id}`,
  content: 'Something happened.',
  createdAt: new Date().toISOString(),
  read: false,
  tender: null,
  link: null,
});

function signedInTopBar() {
  act(() => {
    useSessionStore.setState({ token: 't', user: { id: 1, name: 'Bidder', isAdmin: false } });
    useNotificationStore.setState({ items: [unread(1), unread(2)], loaded: true });
  });
  render(
    <AppProviders>
      <MemoryRouter>
        <TopBar />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the bell (the dropdown fetched when someone reaches for it)', () => {
  it('shows the unread count at once, without the dropdown', () => {
    signedInTopBar();
    const bell = screen.getByTestId('notification-bell');
    expect(bell.getAttribute('aria-label')).toBe('Notifications: 2 unread');
    expect(screen.getByTestId('notification-badge').textContent).toBe('2');
    expect(screen.queryByTestId('notification-dropdown')).toBeNull();
  });

  it('opens the dropdown on the first click, with the bell focused', async () => {
    signedInTopBar();
    const bell = screen.getByTestId('notification-bell');
    bell.focus();
    fireEvent.click(bell);
    const dropdown = await screen.findByTestId('notification-dropdown');
    expect(dropdown.textContent).toContain('Notice 1');
    expect(screen.getByTestId('notification-bell').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('notification-bell');
  });
});
