import {
  activateLanguage,
  getSystem,
  registerCatalogs,
  sharedCatalogs,
  useSessionStore,
} from '@bawaba/shared';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { hostCatalogs } from './catalogs.ts';
import { registerRemoteMap } from './federation/load-remote.ts';
import { fetchRemoteMap, resolveRemoteMap } from './federation/remote-map.ts';
import { registerServiceWorkerWhenStable } from './sw/register.ts';

/** Ends the current task: what follows runs in a new one, so the browser can paint and handle input between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // The remote map and the catalogs are fetched while the Chakra system is built, in a task of its own: startup
  // as several short tasks instead of one long one (issue 8: Total Blocking Time).
  const remoteMap = fetchRemoteMap();
  const translations = Promise.all([
    registerCatalogs('shared', sharedCatalogs),
    registerCatalogs('host', hostCatalogs),
  ]).then(() => activateLanguage(useSessionStore.getState().language));
  await nextTask();
  getSystem();

  const { remotes, override } = resolveRemoteMap(
    await remoteMap,
    window.location.search,
    window.sessionStorage,
  );
  if (override.kind === 'refused') console.warn(`[bawaba] remote override refused: ${override.reason}`);
  if (override.kind === 'accepted') console.info(`[bawaba] ${override.remote} from ${override.manifestUrl}`);
  registerRemoteMap(remotes);
  await translations;
  // The first render begins in a task of its own too.
  await nextTask();

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // A transition: React renders the first page in slices of a few milliseconds and keeps the main thread free
  // in between (the static shell stays on screen until the commit), instead of one long task (issue 8: TBT).
  startTransition(() => createRoot(root).render(<App />));
  registerServiceWorkerWhenStable({ production: process.env.NODE_ENV === 'production' });
}

void start();
