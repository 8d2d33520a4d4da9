/**
 * The ONLY door to react-router for the host and the remotes: `import { RouterLink, useNavigate } from
 * '@bawaba/shared'`. Like Chakra (./chakra.ts), react-router is not a federation singleton of its own (a
 * shared library is never tree-shaken, and all of react-router 8 is ~63 KB gzip): it is bundled inside the
 * @bawaba/shared singleton, tree-shaken to what this file re-exports, so there is still one router (one
 * context) on the page. react-router's `Link` is `RouterLink` here, since `Link` is Chakra's.
 *
 * Declarative routing only (`BrowserRouter`/`MemoryRouter` + `Routes`/`useRoutes`): the data router
 * (createBrowserRouter, RouterProvider, loaders…) is deliberately not re-exported, so its code is
 * tree-shaken out of the singleton the first page loads. Tests use `MemoryRouter`. `matchRoutes` (the matching
 * `useRoutes` does) lets the host's render server find which routes a page's path renders before rendering it.
 */
export {
  BrowserRouter,
  Link as RouterLink,
  type LinkProps as RouterLinkProps,
  MemoryRouter,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  type RouteObject,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
