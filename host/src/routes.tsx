import {
  Box,
  Navigate,
  REMOTE_APPS,
  type RemoteName,
  type RouteObject,
  SIGNED_IN_SEGMENTS,
  Spinner,
} from '@bawaba/shared';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { RemoteOutlet } from './federation/RemoteOutlet.tsx';
import { HomePage } from './pages/Home.tsx';
import { RequireSignIn } from './shell/RequireSignIn.tsx';
import { ShellLayout } from './shell/ShellLayout.tsx';

/** The site's top-level route table. The host owns it; each remote owns what is below its segments. */
const GUARDED_SEGMENTS: ReadonlySet<string> = new Set(SIGNED_IN_SEGMENTS);

function guard(segment: string, element: ReactNode): ReactNode {
  return GUARDED_SEGMENTS.has(segment) ? <RequireSignIn>{element}</RequireSignIn> : element;
}

const remoteRoutes: RouteObject[] = Object.values(REMOTE_APPS).flatMap((app) =>
  app.segments.map((segment) => ({
    path: `${segment}/*`,
    element: guard(segment, <RemoteOutlet remote={app.name as RemoteName} segment={segment} />),
  })),
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
    </Suspense>
  );
}

/** The host's own pages. */
const hostPages: Record<string, ReactNode> = {
  home: <HomePage />,
  about: page(
    () => import('./pages/About.tsx'),
    (m) => m.AboutPage,
  ),
  terms: page(
    () => import('./pages/Terms.tsx'),
    (m) => m.TermsPage,
  ),
  'contact-us': page(
    () => import('./pages/ContactUs.tsx'),
    (m) => m.ContactUsPage,
  ),
  'set-password': page(
    () => import('./pages/SetPassword.tsx'),
    (m) => m.SetPasswordPage,
  ),
  callback: page(
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
      ...Object.entries(hostPages).map(([segment, element]) => ({
        path: segment,
        element: guard(segment, element),
      })),
      ...remoteRoutes,
      // Unknown paths fall back to home (docs/product-spec.md §2).
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];
