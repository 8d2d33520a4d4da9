import type { LoadedRemote, RemoteModule, RemoteName, UnavailableRemote } from '@bawaba/shared';
import { registerCatalogs } from '@bawaba/shared';
import { getInstance } from '@module-federation/enhanced/runtime';
import { checkRemote } from './compatibility.ts';

/**
 * A remote that neither loads nor fails (a server that accepts the connection and never answers) would
 * leave its section spinning for ever; after this long the section shows the unavailable panel with Retry.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 20_000;

let manifestUrls: Partial<Record<RemoteName, string>> = {};
const loading = new Map<RemoteName, Promise<LoadedRemote>>();

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime is not initialised');
  return instance;
}

/** Register the remotes of this tab's remote map with the federation runtime (once, at start). */
export function registerRemoteMap(remotes: Record<RemoteName, string>): void {
  manifestUrls = remotes;
  federation().registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

function isUnavailable(value: unknown): value is UnavailableRemote {
  return typeof value === 'object' && value !== null && (value as UnavailableRemote).unavailable === true;
}

async function load(name: RemoteName): Promise<LoadedRemote> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<UnavailableRemote>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({ unavailable: true, remote: name, reason: `no answer within ${REMOTE_LOAD_TIMEOUT_MS} ms` }),
      REMOTE_LOAD_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([loadOnce(name), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function loadOnce(name: RemoteName): Promise<LoadedRemote> {
  try {
    // The compatibility contract first: an incompatible remote's code is never evaluated or rendered.
    const manifestUrl = manifestUrls[name];
    const missing = manifestUrl ? await checkRemote(name, manifestUrl) : null;
    if (missing) {
      return {
        unavailable: true,
        remote: name,
        reason: `needs a newer site: ${missing.join('; ')}`,
        needsNewerSite: missing,
      };
    }
    const loaded = await federation().loadRemote<RemoteModule | UnavailableRemote>(`${name}/routes`);
    if (!loaded) return { unavailable: true, remote: name, reason: 'empty module' };
    if (isUnavailable(loaded)) return loaded;
    // The remote's own texts are in before its first render (no flash of untranslated text).
    await registerCatalogs(name, loaded.catalogs);
    return { remote: loaded };
  } catch (error) {
    // Anything the runtime plugin did not turn into a marker (e.g. the catalog chunk failing).
    return { unavailable: true, remote: name, reason: String(error) };
  }
}

/** Load a remote's routes module once; a failure is not cached so that Retry really retries. */
export function loadRemoteRoutes(name: RemoteName): Promise<LoadedRemote> {
  const pending = loading.get(name);
  if (pending) return pending;
  const promise = load(name).then((result) => {
    if ('unavailable' in result) loading.delete(name);
    return result;
  });
  loading.set(name, promise);
  return promise;
}

/** Forget a failed remote (its cached manifest and container) so the next load starts from scratch. */
export function resetRemote(name: RemoteName): void {
  loading.delete(name);
  const entry = manifestUrls[name];
  if (entry) federation().registerRemotes([{ name, entry }], { force: true });
}
