import { REMOTE_APPS, type RemoteName } from '@bawaba/shared';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RemoteOutlet } from './federation/RemoteOutlet.tsx';
import { HostPlaceholder } from './pages/HostPlaceholder.tsx';
import { RequireSignIn } from './shell/RequireSignIn.tsx';
import { ShellLayout } from './shell/ShellLayout.tsx';

/**
 * The site's top-level route table (spec §2). The host owns it; each remote owns what is below its
 * segments. `guarded` is the spec's "Guarded" column (account: not shown by the spec; guarded here since
 * every account page is personal).
 */
export const GUARDED_SEGMENTS = new Set([
  'companies',
  'company-profile',
  'company-register',
  'request-service',
  'submit-proposal',
  'resubmit-proposal',
  'notifications',
  'account',
]);

function guard(segment: string, element: ReactNode): ReactNode {
  return GUARDED_SEGMENTS.has(segment) ? <RequireSignIn>{element}</RequireSignIn> : element;
}

const remoteRoutes: RouteObject[] = Object.values(REMOTE_APPS).flatMap((app) =>
  app.segments.map((segment) => ({
    path: `${segment}/*`,
    element: guard(segment, <RemoteOutlet remote={app.name as RemoteName} segment={segment} />),
  })),
);

const hostPages = ['home', 'about', 'terms', 'contact-us', 'set-password', 'callback', 'notifications'];

export const routes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      ...hostPages.map((page) => ({ path: page, element: guard(page, <HostPlaceholder page={page} />) })),
      ...remoteRoutes,
      // Unknown paths fall back to home (spec §2).
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];
