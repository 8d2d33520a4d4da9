import { Box, Heading } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useRoutes } from 'react-router';
import { sharedCatalogs } from '../catalogs.ts';
import { activateLanguage, registerCatalogs } from '../i18n/index.ts';
import { useSessionStore } from '../store/session.ts';
import { AppProviders } from '../ui/AppProviders.tsx';
import { AppToaster } from '../ui/AppToaster.tsx';
import { PopupHost } from '../ui/PopupHost.tsx';
import type { RemoteModule } from './contract.ts';

function Segment({ routes }: { routes: RemoteModule['segments'][string] }) {
  return useRoutes(routes);
}

/**
 * A remote's standalone dev page (`pnpm --filter <remote> dev`, then open its port): the remote's own
 * routes inside the same providers as the host, without the host's shell (but with the same toasts and
 * popups, so `notify` and `showPopup` work). Lets a remote team work alone.
 */
export async function mountRemoteHarness(name: string, remote: RemoteModule): Promise<void> {
  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs(name, remote.catalogs)]);
  await activateLanguage(useSessionStore.getState().language);
  const segments = Object.keys(remote.segments);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <AppProviders>
      <BrowserRouter>
        <Box p="6">
          <Heading size="md" mb="4">
            <Trans>Standalone harness</Trans>: {name}
          </Heading>
          <Box as="nav" mb="6" display="flex" gap="4">
            {segments.map((segment) => (
              <Link key={segment} to={`/${segment}`}>
                /{segment}
              </Link>
            ))}
          </Box>
          <Routes>
            {segments.map((segment) => (
              <Route
                key={segment}
                path={`${segment}/*`}
                element={<Segment routes={remote.segments[segment] ?? []} />}
              />
            ))}
          </Routes>
        </Box>
        <AppToaster />
        <PopupHost />
      </BrowserRouter>
    </AppProviders>,
  );
}
