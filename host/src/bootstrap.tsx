import { activateLanguage, registerCatalogs, sharedCatalogs, useSessionStore } from '@bawaba/shared';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { hostCatalogs } from './catalogs.ts';
import { registerRemoteMap } from './federation/load-remote.ts';
import { fetchRemoteMap, resolveRemoteMap } from './federation/remote-map.ts';
import { registerServiceWorkerWhenStable } from './sw/register.ts';

async function start(): Promise<void> {
  const config = await fetchRemoteMap();
  const { remotes, override } = resolveRemoteMap(config, window.location.search, window.sessionStorage);
  if (override.kind === 'refused') console.warn(`[bawaba] remote override refused: ${override.reason}`);
  if (override.kind === 'accepted') console.info(`[bawaba] ${override.remote} from ${override.manifestUrl}`);
  registerRemoteMap(remotes);

  await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
  await activateLanguage(useSessionStore.getState().language);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // A transition: React renders the first page in slices of a few milliseconds and keeps the main thread free
  // in between (the static shell stays on screen until the commit), instead of one long task (issue 8: TBT).
  startTransition(() => createRoot(root).render(<App />));
  registerServiceWorkerWhenStable({ production: process.env.NODE_ENV === 'production' });
}

void start();
