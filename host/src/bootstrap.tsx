import type { RemoteName } from '@bawaba/shared';
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
  const [
    { createRoot, hydrateRoot },
    { App },
    { registerRemoteMap, loadRemoteRoutes },
    { registerServiceWorkerWhenStable },
    { readServerRendered, canHydrate, whenPageHydrated },
  ] = await Promise.all([
    import('react-dom/client'),
    import('./App.tsx'),
    import('./federation/load-remote.ts'),
    import('./sw/register.ts'),
    import('./hydration.ts'),
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

  // A page the server rendered is hydrated when the browser's first render would be the same (language, person):
  // the remotes in its markup are loaded first, and the page starts from the answers the server used.
  const rendered = readServerRendered();
  const session = shared.useSessionStore.getState();
  shared.writeLanguageCookie(session.language);
  const display = shared.displayPrefs();
  const hydrating = canHydrate(
    rendered,
    session,
    display.digits === shared.DEFAULT_DISPLAY_PREFS.digits &&
      display.dateOrder === shared.DEFAULT_DISPLAY_PREFS.dateOrder,
    remotes,
  );
  // A browser signed in before it had a navigation cookie: the server rendered the page signed out. The cookie for
  // this session, so that the next page is rendered for this person.
  if (session.token && rendered && rendered.user === null)
    void import('@bawaba/shared/call')
      .then(({ call, startNavigation }) =>
        call(startNavigation, { context: { silent: true, background: true } }),
      )
      .catch(() => undefined);
  // Every remote in the server's markup (the route's section, each fragment in its slots), loaded before hydrating.
  const preloaded = hydrating
    ? await Promise.all(
        (Object.keys(rendered.remotes) as RemoteName[]).map(
          async (name) => [name, await loadRemoteRoutes(name)] as const,
        ),
      )
    : [];

  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  if (hydrating && preloaded.every(([, loaded]) => !('unavailable' in loaded))) {
    if (rendered.user) session.updateUser(rendered.user);
    const hydration = {
      answers: new shared.ServerAnswers(rendered.answers),
      remotes: Object.fromEntries(preloaded),
    };
    // Until the page has hydrated, the browser reads what it hydrates with as the server did (useHydrating): a
    // component that read otherwise would be rendered again at once, the whole page in one long task.
    shared.openHydrationWindow();
    whenPageHydrated(shared.closeHydrationWindow);
    hydrateRoot(root, <App hydration={hydration} />, {
      // A difference between the server's markup and the browser's first render: named in the console (the e2e
      // fails on it); React renders the browser's version.
      onRecoverableError: (error) => console.error('[bawaba] hydration mismatch:', error),
    });
  } else {
    // The static shell (or a render for another language or person, or with a remote this browser cannot load) stays
    // on screen until the commit.
    startTransition(() => createRoot(root).render(<App />));
  }
  registerServiceWorkerWhenStable({ production: process.env.NODE_ENV === 'production' });
}

void start();
