/**
 * The render server's render function (host/src/server/index.ts, built for Node by the host's server build): a
 * page of the site rendered with its data, composed the way the browser composes it — the host's routes and shell,
 * the route's remote and the remote of every fragment the route mounts in a slot, each loaded at run time through
 * Module Federation from that remote's server entry (the `server/remoteEntry.js` beside the manifest the environment's
 * remote map names), after the same compatibility check the browser makes. A remote that cannot be loaded, is not
 * compatible, throws while rendering or is too slow is left out: its section (or slot) is rendered as loading and the
 * browser renders it, as without server rendering.
 */

import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  AppProviders,
  activateLanguage,
  type HandedOverAnswer,
  type Language,
  type LoadedRemote,
  MemoryRouter,
  type ReleaseStamp,
  type RemoteModule,
  type RemoteName,
  registerCatalogs,
  ServerAnswers,
  ServerAnswersContext,
  type SessionUser,
  sanitizeOnServerWith,
  segmentOwners,
  serverStyles,
  serverStyleTag,
  setServerRender,
  sharedCatalogs,
  useRoutes,
  useSessionStore,
} from '@bawaba/shared';
import { call, myProfile } from '@bawaba/shared/call';
import { RICH_TEXT_SANITIZE_OPTIONS } from '@bawaba/shared/rules';
import createEmotionServer from '@emotion/server/create-instance';
import { getInstance } from '@module-federation/enhanced/runtime';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import sanitizeHtml from 'sanitize-html';
import { hostCatalogs } from '../catalogs.ts';
import { missingPieces } from '../federation/compatibility.ts';
import { fragmentsAt } from '../federation/mount-fragments.ts';
import { fetchReleaseStamp } from '../federation/release-stamp.ts';
import { PreloadedRemotes } from '../federation/use-remote.ts';
import { routes } from '../routes.tsx';
import { hasServerEntry } from './server-entry.ts';

export interface RenderRequest {
  /** The page's path and query. */
  url: string;
  language: Language;
  /** Where the render server reaches the API (no trailing slash), e.g. http://127.0.0.1:4100. */
  apiOrigin: string;
  /** The page request's Cookie header, if any: its navigation cookie is the API's credential for this render. */
  cookie?: string;
  /** The browser's address: the API's rate limits count per client (X-Forwarded-For from the loopback). */
  clientIp: string;
  /** The environment's remote map: each remote's (browser) manifest. */
  remotes: Record<RemoteName, string>;
  /** This host build's release stamp (dist/release.json): what it provides to remotes. */
  hostStamp: ReleaseStamp;
  /**
   * Within this long the page's remotes are loaded (the route's and its fragments', one budget), or the ones still
   * loading are left out; the render itself gets as long again, or the page is rendered with fewer of them.
   */
  timeoutMs: number;
}

export type RenderResult =
  | {
      rendered: true;
      html: string;
      /** The page's Emotion rules as <style> elements for the head (the markup carries none of its own). */
      styles: string;
      /** The answers the page used, handed to the browser so hydration asks nothing again. */
      answers: Record<string, HandedOverAnswer>;
      /** The signed-in user the page was rendered for (null: signed out). */
      user: SessionUser | null;
      /**
       * The remotes whose sections and fragments are in the markup (none: a host page, or all were left to the
       * browser), each with its manifest in the remote map the page was rendered with.
       */
      remotes: Partial<Record<RemoteName, string>>;
      /** Why each remote the page needs was left to the browser, if any was. */
      leftOut: Partial<Record<RemoteName, string>>;
    }
  | { rendered: false; reason: string };

/**
 * The server entry of the remote whose browser manifest is at `manifestUrl` (same release, same origin), named by
 * the release it serves now (its stamp): a release redeployed at the same address is another URL.
 */
function serverEntryUrl(manifestUrl: string, stamp: ReleaseStamp | null): string {
  const release = createHash('sha256').update(JSON.stringify(stamp)).digest('hex').slice(0, 16);
  return `${new URL('server/remoteEntry.js', manifestUrl).href}?release=${release}`;
}

/** The server entry registered for each remote: the one of the release its manifest's origin serves now. */
const registered = new Map<RemoteName, string>();
/**
 * Remotes whose last load failed or took too long: the runtime keeps a failed entry, so the next render registers
 * the remote afresh and fetches its entry again (a remote that recovers is rendered again, without a restart).
 */
const failed = new Set<RemoteName>();

/**
 * Registers the server entry of the release the remote map names, as it is now: a remote redeployed at the same
 * address (another `release.json`) is registered afresh under another URL, so this process never keeps rendering
 * the release before.
 */
function registerRelease(name: RemoteName, manifest: string, stamp: ReleaseStamp | null): void {
  const entry = serverEntryUrl(manifest, stamp);
  if (registered.get(name) === entry && !failed.has(name)) return;
  const federation = getInstance();
  if (!federation) throw new Error('Module Federation runtime is not initialised');
  federation.registerRemotes([{ name, entry }], { force: registered.has(name) });
  registered.set(name, entry);
  failed.delete(name);
}

async function loadRemote(request: RenderRequest, name: RemoteName): Promise<LoadedRemote> {
  const manifest = request.remotes[name];
  const stamp = await fetchReleaseStamp(new URL('release.json', manifest).href);
  const missing = stamp ? missingPieces(request.hostStamp, stamp) : [];
  if (missing.length > 0)
    return { unavailable: true, remote: name, reason: `needs a newer site: ${missing.join('; ')}` };
  if (!(await hasServerEntry(serverEntryUrl(manifest, stamp))))
    return { unavailable: true, remote: name, reason: 'its release has no server entry' };
  registerRelease(name, manifest, stamp);
  const loaded = await getInstance()?.loadRemote<RemoteModule>(`${name}/routes`);
  if (!loaded) return { unavailable: true, remote: name, reason: 'empty module' };
  await registerCatalogs(name, loaded.catalogs);
  return { remote: loaded };
}

/** `promise`, or a failure once `ms` have passed (a remote whose server answers nothing must not hold the page). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A remote, loaded by `deadline` (epoch ms), or why its section is left to the browser. */
async function sectionOf(
  request: RenderRequest,
  remote: RemoteName,
  deadline: number,
): Promise<{ loaded: LoadedRemote } | { leftOut: string }> {
  try {
    const left = deadline - Date.now();
    if (left <= 0) return { leftOut: 'no time left' };
    const loaded = await withTimeout(loadRemote(request, remote), left);
    return 'unavailable' in loaded ? { leftOut: loaded.reason } : { loaded };
  } catch (error) {
    failed.add(remote);
    return { leftOut: messageOf(error) };
  }
}

type Sections = Partial<Record<RemoteName, LoadedRemote>>;

/**
 * The remotes of the page at `pathname`: the route's, then — from its routes, the handles the host mounts fragments by
 * (mount-fragments.ts) — the remote of each fragment the route mounts, all within one time limit. A fragment's remote
 * that fails is left out on its own: its slot renders as loading, the rest of the page as usual.
 */
async function sectionsOf(
  request: RenderRequest,
  remote: RemoteName,
  segment: string,
  pathname: string,
): Promise<{ loaded: Sections; leftOut: Partial<Record<RemoteName, string>> }> {
  const deadline = Date.now() + request.timeoutMs;
  const route = await sectionOf(request, remote, deadline);
  if ('leftOut' in route) return { loaded: {}, leftOut: { [remote]: route.leftOut } };
  const loaded: Sections = { [remote]: route.loaded };
  const leftOut: Partial<Record<RemoteName, string>> = {};
  if ('unavailable' in route.loaded) return { loaded, leftOut };
  const fragmentRemotes = new Set(
    fragmentsAt(route.loaded.remote.segments[segment] ?? [], segment, pathname).map((f) => f.remote),
  );
  fragmentRemotes.delete(remote);
  await Promise.all(
    [...fragmentRemotes].map(async (name) => {
      const section = await sectionOf(request, name, deadline);
      if ('loaded' in section) loaded[name] = section.loaded;
      else leftOut[name] = section.leftOut;
    }),
  );
  return { loaded, leftOut };
}

function SiteRoutes() {
  return useRoutes(routes);
}

/** The tree's HTML once every Suspense boundary is resolved (data and lazy code), within `timeoutMs`. */
function renderTree(tree: ReactNode, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const timer = setTimeout(() => {
      stream.abort(new Error(`no render within ${timeoutMs} ms`));
      reject(new Error(`no render within ${timeoutMs} ms`));
    }, timeoutMs);
    const stream = renderToPipeableStream(tree, {
      // The whole page inline: no boundary sent apart for progressive display (which needs inline scripts).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        if (failure) return reject(failure);
        const chunks: Buffer[] = [];
        stream.pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              resolve(Buffer.concat(chunks).toString('utf8'));
              done();
            },
          }),
        );
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      // A component that throws inside a boundary: React would send that boundary's fallback and let the browser
      // retry, which it reports as a recoverable error; the render is refused instead and made again without it.
      onError(error) {
        failure ??= error;
      },
    });
  });
}

/**
 * The page's markup and its Emotion rules apart (@emotion/server): one block of <style> elements for the head instead
 * of a <style> before each element that first uses a rule, so the browser parses the page's body with its styles
 * already known (one style recalculation, not one per element on a long list). Emotion's global rules (Chakra's reset,
 * tokens, layers) are left out: the built page already carries them in its head.
 */
async function renderPage(
  request: RenderRequest,
  answers: ServerAnswers,
  remotes: Sections,
): Promise<{ html: string; styles: string }> {
  const cache = serverStyles();
  // Before the render: it tells Emotion to keep each rule in the cache rather than write it into the markup.
  const emotion = createEmotionServer(cache);
  const html = await renderTree(
    <ServerAnswersContext value={answers}>
      <PreloadedRemotes value={remotes}>
        <AppProviders styles={cache}>
          <MemoryRouter initialEntries={[request.url]}>
            <SiteRoutes />
          </MemoryRouter>
        </AppProviders>
      </PreloadedRemotes>
    </ServerAnswersContext>,
    request.timeoutMs,
  );
  const { styles } = emotion.extractCriticalToChunks(html);
  return {
    html,
    styles: styles
      .filter((chunk) => chunk.key === cache.key)
      .map((chunk) => serverStyleTag(chunk.ids, chunk.css))
      .join(''),
  };
}

// Rich text is sanitized here by the policy the API stores it by (the browser sanitizes it again with DOMPurify).
sanitizeOnServerWith((html) => sanitizeHtml(html, RICH_TEXT_SANITIZE_OPTIONS));

/** Renders are one at a time: the session store, the language and the API credential are the process's. */
let queue: Promise<unknown> = Promise.resolve();

export function render(request: RenderRequest): Promise<RenderResult> {
  const result = queue.then(() => renderOne(request));
  queue = result.catch(() => undefined);
  return result;
}

async function renderOne(request: RenderRequest): Promise<RenderResult> {
  try {
    setServerRender({
      apiOrigin: request.apiOrigin,
      timeoutMs: request.timeoutMs,
      headers: {
        'x-bawaba-render': '1',
        'x-forwarded-for': request.clientIp,
        'accept-language': request.language,
        ...(request.cookie ? { cookie: request.cookie } : {}),
      },
    });
    const user = request.cookie
      ? await call(myProfile, { context: { silent: true, background: true } }).catch(() => null)
      : null;
    // The pages read "signed in" from the token; the server never holds one (the browser keeps it).
    useSessionStore.setState({
      language: request.language,
      user,
      token: user ? 'rendered-on-the-server' : null,
    });
    await Promise.all([registerCatalogs('shared', sharedCatalogs), registerCatalogs('host', hostCatalogs)]);
    const { pathname } = new URL(request.url, 'http://page.invalid');
    const segment = pathname.split('/')[1] ?? '';
    const remote = segmentOwners()[segment] ?? null;
    const sections = remote
      ? await sectionsOf(request, remote, segment, pathname)
      : { loaded: {}, leftOut: {} };
    await activateLanguage(request.language);
    // A render that fails (a section or a fragment that throws, or too slow) is made again with fewer remotes: the
    // route's alone (its fragments left to the browser), then none (the host's shell and pages).
    const attempts: Sections[] = [sections.loaded];
    const routeOnly: Sections =
      remote && sections.loaded[remote] ? { [remote]: sections.loaded[remote] } : {};
    if (Object.keys(routeOnly).length < Object.keys(sections.loaded).length) attempts.push(routeOnly);
    if (Object.keys(routeOnly).length > 0) attempts.push({});
    const leftOut = { ...sections.leftOut };
    for (const [index, remotes] of attempts.entries()) {
      const answers = new ServerAnswers({}, true);
      try {
        // Awaited here: the finally below ends the render's API credential.
        const { html, styles } = await renderPage(request, answers, remotes);
        return {
          rendered: true,
          html,
          styles,
          answers: answers.toJSON(),
          user,
          remotes: Object.fromEntries(
            Object.keys(remotes).map((name) => [name, request.remotes[name as RemoteName]]),
          ),
          leftOut,
        };
      } catch (error) {
        if (index === attempts.length - 1) throw error;
        const next = attempts[index + 1] ?? {};
        for (const name of Object.keys(remotes) as RemoteName[])
          if (!(name in next)) leftOut[name] ??= messageOf(error);
      }
    }
    return { rendered: false, reason: 'no render was attempted' };
  } catch (error) {
    return { rendered: false, reason: messageOf(error) };
  } finally {
    setServerRender(null);
  }
}
