import { startTransition } from 'react';

/** Ends the current task: what follows runs in a new one, so the browser can paint and handle input between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Start-up as a chain of short tasks instead of a few long ones (Total Blocking Time). Each stage
 * evaluates one large piece of code, and the fetches (remote map, catalogs) start as early as they can:
 *   1. Chakra (`@bawaba/shared/chakra`), then the rest of the @bawaba/shared singleton, then the remote map and
 *      catalog fetches;
 *   2. the Chakra system, one step per task (shared/src/ui/system.ts);
 *   3. react-dom and the shell's own modules;
 *   4. the first render, as a transition (React renders it in slices of a few milliseconds).
 */
async function start(): Promise<void> {
  // Chakra's modules first, the rest of the shared singleton (which re-exports them) a task later.
  await import('@bawaba/shared/chakra');
  await nextTask();
  const shared = await import('@bawaba/shared');
  const [{ fetchRemoteMap, resolveRemoteMap }, { hostCatalogs }] = await Promise.all([
    import('./federation/remote-map.ts'),
    import('./catalogs.ts'),
  ]);
  const remoteMap = fetchRemoteMap();
  const translations = Promise.all([
    shared.registerCatalogs('shared', shared.sharedCatalogs),
    shared.registerCatalogs('host', hostCatalogs),
  ]).then(() => shared.activateLanguage(shared.useSessionStore.getState().language));

  await nextTask();
  await shared.prepareSystem(nextTask);

  await nextTask();
  const [{ createRoot }, { App }, { registerRemoteMap }, { registerServiceWorkerWhenStable }] =
    await Promise.all([
      import('react-dom/client'),
      import('./App.tsx'),
      import('./federation/load-remote.ts'),
      import('./sw/register.ts'),
    ]);

  const { remotes, override } = resolveRemoteMap(
    await remoteMap,
    window.location.search,
    window.sessionStorage,
  );
  if (override.kind === 'refused') console.warn(`[bawaba] remote override refused: ${override.reason}`);
  if (override.kind === 'accepted') console.info(`[bawaba] ${override.remote} from ${override.manifestUrl}`);
  registerRemoteMap(remotes);
  await translations;

  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  // The static shell stays on screen until the commit.
  startTransition(() => createRoot(root).render(<App />));
  registerServiceWorkerWhenStable({ production: process.env.NODE_ENV === 'production' });
}

void start();
