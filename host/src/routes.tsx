import {
  Box,
  Navigate,
  REMOTE_APPS,
  type RemoteName,
  type RouteObject,
  SIGNED_IN_SEGMENTS,
  Spinner,
} from '@bawaba/shared';
import { PageReady } from '@bawaba/shared/render';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { RemoteOutlet } from './federation/RemoteOutlet.tsx';
import { HOST_PAGES } from './page-table.ts';
import { HomePage } from './pages/Home.tsx';
import { loadOpenDataTexts } from './pages/open-data/load.ts';
import { RequireSignIn } from './shell/RequireSignIn.tsx';
import { ShellLayout } from './shell/ShellLayout.tsx';

/**
 * The site's top-level route table. The host owns it: its own pages (src/page-table.ts), and each remote's segments
 * (shared/src/federation/apps.ts; the remote owns what is below them).
 */
const SIGNED_IN_REMOTE_SEGMENTS: ReadonlySet<string> = new Set(SIGNED_IN_SEGMENTS);

const signedInOnly = (element: ReactNode) => <RequireSignIn>{element}</RequireSignIn>;

const remoteRoutes: RouteObject[] = Object.values(REMOTE_APPS).flatMap((app) =>
  app.segments.map((segment) => {
    // A boundary of its own, like the top bar's: what a remote puts around its lazy page (the account's menu and
    // profile card) hydrates in slices, not with the shell in one task. Not around the host's pages: the home page
    // reads the site info as it is when it renders, which must be what the server rendered with (the shell's
    // effects load it right after the shell has hydrated).
    const outlet = (
      <Suspense>
        <RemoteOutlet remote={app.name as RemoteName} segment={segment} />
      </Suspense>
    );
    return {
      path: `${segment}/*`,
      element: SIGNED_IN_REMOTE_SEGMENTS.has(segment) ? signedInOnly(outlet) : outlet,
    };
  }),
);

/** Host pages other than home are split into their own chunks, fetched on first visit. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactNode {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense
      fallback={
        <Box py="16" textAlign="center">
          <Spinner size="lg" />
        </Box>
      }
    >
      <Page />
      <PageReady />
    </Suspense>
  );
}

/** What each page of src/page-table.ts renders. */
const PAGE_ELEMENTS: Record<keyof typeof HOST_PAGES, ReactNode> = {
  home: (
    <>
      <HomePage />
      <PageReady />
    </>
  ),
  about: page(
    () => import('./pages/About.tsx'),
    (m) => m.AboutPage,
  ),
  terms: page(
    () => import('./pages/Terms.tsx'),
    (m) => m.TermsPage,
  ),
  // The page and its own catalog, together (the first render waits for both).
  openData: page(
    async () => (await Promise.all([import('./pages/open-data/OpenDataPage.tsx'), loadOpenDataTexts()]))[0],
    (m) => m.OpenDataPage,
  ),
  contactUs: page(
    () => import('./pages/ContactUs.tsx'),
    (m) => m.ContactUsPage,
  ),
  setPassword: page(
    () => import('./pages/SetPassword.tsx'),
    (m) => m.SetPasswordPage,
  ),
  acceptInvitation: page(
    () => import('./pages/AcceptInvitation.tsx'),
    (m) => m.AcceptInvitationPage,
  ),
  paymentCallback: page(
    () => import('./pages/PaymentCallback.tsx'),
    (m) => m.PaymentCallbackPage,
  ),
  notifications: page(
    () => import('./pages/Notifications.tsx'),
    (m) => m.NotificationsPage,
  ),
};

export const routes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      ...Object.entries(HOST_PAGES).map(([name, page]) => {
        const element = PAGE_ELEMENTS[name as keyof typeof HOST_PAGES];
        return { path: page.segment, element: page.access === 'public' ? element : signedInOnly(element) };
      }),
      ...remoteRoutes,
      // Unknown paths fall back to home (docs/product-spec.md §2).
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];
