import {
  AppProviders,
  BrowserRouter,
  type LoadedRemote,
  type RemoteName,
  type ServerAnswers,
  ServerAnswersContext,
  useRoutes,
} from '@bawaba/shared';
import { SHELL_READY } from '@bawaba/shared/render';
import { useEffect } from 'react';
import { PreloadedRemotes } from './federation/use-remote.ts';
import { routes } from './routes.tsx';

/**
 * The declarative router (`BrowserRouter` + `useRoutes`), not `createBrowserRouter` + `RouterProvider`:
 * the site uses no data-router API (loaders, actions, errorElement, useNavigation, useBlocker…), and the
 * data router's code would otherwise ship in the @bawaba/shared singleton every page loads first.
 */
function SiteRoutes() {
  return useRoutes(routes);
}

/** A page the server rendered: the answers it used and the remotes in its markup, for hydration to start from. */
export interface Hydration {
  answers: ServerAnswers;
  remotes: Partial<Record<RemoteName, LoadedRemote>>;
}

const NO_REMOTES = {};

export function App({ hydration }: { hydration?: Hydration }) {
  // The server's page was hidden if it was rendered for another language or person (host/index.html): React's own
  // render is on screen now, and the page answers to input (`data-bw-ready`: what tests wait for before using a page
  // the server rendered, whose buttons do nothing until then).
  useEffect(() => {
    const root = document.documentElement;
    delete root.dataset.bwStale;
    root.setAttribute(SHELL_READY, '');
  }, []);
  return (
    <ServerAnswersContext value={hydration?.answers ?? null}>
      <PreloadedRemotes value={hydration?.remotes ?? NO_REMOTES}>
        <AppProviders>
          <BrowserRouter>
            <SiteRoutes />
          </BrowserRouter>
        </AppProviders>
      </PreloadedRemotes>
    </ServerAnswersContext>
  );
}
