import type { LoadedRemote, RouteObject } from '@bawaba/shared';
import {
  AppProviders,
  activateLanguage,
  MemoryRouter,
  registerCatalogs,
  sharedCatalogs,
  useNavigate,
  useRoutes,
} from '@bawaba/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostCatalogs } from '../catalogs.ts';
import { loadedRemote } from './loaded-remote.fixture.ts';

const loadRemoteRoutes = vi.fn<(name: string) => Promise<LoadedRemote>>();
vi.mock('./load-remote.ts', () => ({ loadRemoteRoutes, resetRemote: vi.fn() }));
const { RemoteOutlet } = await import('./RemoteOutlet.tsx');
const { PreloadedRemotes } = await import('./use-remote.ts');

beforeAll(async () => {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
  await activateLanguage('en');
});
afterEach(() => {
  cleanup();
  loadRemoteRoutes.mockReset();
});

/** A remote whose one segment's page says `text`. */
const remoteShowing = (segment: string, text: string): LoadedRemote =>
  loadedRemote({ segments: { [segment]: [{ index: true, element: <p>{text}</p> }] } });

/** Each remote's segment in the same place of the route table, as the host's routes put them (src/routes.tsx). */
const ROUTES: RouteObject[] = [
  { path: 'service/*', element: <RemoteOutlet remote="directory" segment="service" /> },
  { path: 'tender/*', element: <RemoteOutlet remote="tenders" segment="tender" /> },
];
let go: (to: string) => void = () => undefined;
function Site() {
  go = useNavigate();
  return useRoutes(ROUTES);
}

describe("a remote's outlet", () => {
  it("shows each remote's own page when the site goes from one remote's page to another's and back, the first hydrated", async () => {
    // The server rendered /service: the browser hydrated it with the directory remote it loaded first.
    loadRemoteRoutes.mockResolvedValue(remoteShowing('tender', 'the tender list'));
    render(
      <AppProviders>
        <PreloadedRemotes value={{ directory: remoteShowing('service', 'the company directory') }}>
          <MemoryRouter initialEntries={['/service']}>
            <Site />
          </MemoryRouter>
        </PreloadedRemotes>
      </AppProviders>,
    );
    expect(await screen.findByText('the company directory')).toBeTruthy();
    act(() => go('/tender'));
    expect(await screen.findByText('the tender list')).toBeTruthy();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('tenders');
    act(() => go('/service'));
    expect(await screen.findByText('the company directory')).toBeTruthy();
    expect(screen.queryByText('the tender list')).toBeNull();
  });
});
