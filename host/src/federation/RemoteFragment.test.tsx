import type { LoadedRemote } from '@bawaba/shared';
import { AppProviders, activateLanguage, registerCatalogs, sharedCatalogs } from '@bawaba/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { loadedRemote } from './loaded-remote.fixture.ts';

const loadRemoteRoutes = vi.fn<(name: string) => Promise<LoadedRemote>>();
vi.mock('./load-remote.ts', () => ({ loadRemoteRoutes, resetRemote: vi.fn() }));
const { RemoteFragment } = await import('./RemoteFragment.tsx');

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
  await activateLanguage('en');
});
afterEach(() => {
  cleanup();
  loadRemoteRoutes.mockReset();
  vi.restoreAllMocks();
});

const remoteWith = (fragments?: Record<string, ComponentType>): LoadedRemote =>
  loadedRemote(fragments ? { fragments } : {});
const show = () =>
  render(
    <AppProviders>
      <RemoteFragment remote="tenders" name="tenderWorkspace" />
    </AppProviders>,
  );

describe('a remote fragment mounted in a slot', () => {
  it('renders the named fragment of the loaded remote', async () => {
    loadRemoteRoutes.mockResolvedValue(remoteWith({ tenderWorkspace: () => <p>the workspace</p> }));
    show();
    expect(await screen.findByText('the workspace')).toBeTruthy();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('tenders');
  });

  it('waits for a lazy fragment (its own chunk) under the loading panel', async () => {
    let arrive: (module: { default: () => ReactNode }) => void = () => undefined;
    const chunk = new Promise<{ default: () => ReactNode }>((resolve) => {
      arrive = resolve;
    });
    loadRemoteRoutes.mockResolvedValue(remoteWith({ tenderWorkspace: lazy(() => chunk) }));
    show();
    // The remote is there: its slot shows the loading panel until the fragment's chunk arrives.
    await waitFor(() =>
      expect(
        screen.getByTestId('section-loading').closest('[data-fragment="tenderWorkspace"]'),
      ).not.toBeNull(),
    );
    const slot = screen.getByTestId('section-loading').closest('[data-fragment="tenderWorkspace"]');
    // Not ready while the fragment's code is on its way: its buttons would not work yet.
    expect(slot?.hasAttribute('data-fragment-ready')).toBe(false);
    arrive({ default: () => <p>the lazy workspace</p> });
    expect(await screen.findByText('the lazy workspace')).toBeTruthy();
    await waitFor(() => expect(slot?.hasAttribute('data-fragment-ready')).toBe(true));
  });

  it('asks for a newer site when the loaded release has no such fragment (an older remote)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemoteRoutes.mockResolvedValue(remoteWith());
    show();
    expect((await screen.findByTestId('section-needs-newer-site')).textContent).toContain(
      'This section needs a newer site version',
    );
  });

  it('shows the unavailable panel when the remote is down, and Retry loads it again', async () => {
    loadRemoteRoutes.mockResolvedValueOnce({ unavailable: true, remote: 'tenders', reason: 'down' });
    loadRemoteRoutes.mockResolvedValueOnce(remoteWith({ tenderWorkspace: () => <p>the workspace</p> }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('the workspace')).toBeTruthy();
    expect(loadRemoteRoutes).toHaveBeenCalledTimes(2);
  });

  it('keeps a fragment that throws while rendering inside its slot', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemoteRoutes.mockResolvedValue(
      remoteWith({
        tenderWorkspace: () => {
          throw new Error('broken');
        },
      }),
    );
    show();
    expect((await screen.findByTestId('section-unavailable')).getAttribute('data-remote')).toBe('tenders');
  });
});
