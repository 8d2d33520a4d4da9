import { AppProviders, BrowserRouter, useRoutes } from '@bawaba/shared';
import { routes } from './routes.tsx';

/**
 * The declarative router (`BrowserRouter` + `useRoutes`), not `createBrowserRouter` + `RouterProvider`:
 * the site uses no data-router API (loaders, actions, errorElement, useNavigation, useBlocker…), and the
 * data router's code would otherwise ship in the @bawaba/shared singleton every page loads first.
 */
function SiteRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
