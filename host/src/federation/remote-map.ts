import { REMOTE_NAMES, type RemoteName } from '@bawaba/shared';

/**
 * The runtime remote map (served by the host's origin at /config/remotes.json, written per environment,
 * never compiled in): where each remote's mf-manifest.json lives, and which origins a staging override
 * may point at.
 */
export interface RemoteMapConfig {
  remotes: Record<RemoteName, string>;
  /** Origins a `?mf-override=` may load code from. Empty in production: overrides are then refused. */
  overrideOrigins: string[];
}

const OVERRIDE_PARAM = 'mf-override';
export const OVERRIDE_STORAGE_KEY = 'bawaba.mf-override';

export type OverrideResult =
  | { kind: 'none' }
  | { kind: 'clear' }
  | { kind: 'accepted'; remote: RemoteName; manifestUrl: string }
  | { kind: 'refused'; reason: string };

/**
 * Parse `remote@https://origin/mf-manifest.json` (or `clear`). An override makes the page run code from
 * another origin, so only allow-listed origins pass — anything else would be a script-injection vector.
 */
export function parseOverride(value: string | null, config: RemoteMapConfig): OverrideResult {
  if (value === null || value === '') return { kind: 'none' };
  if (value === 'clear') return { kind: 'clear' };
  const at = value.indexOf('@');
  if (at < 1) return { kind: 'refused', reason: 'expected remote@manifestUrl' };
  const remote = value.slice(0, at);
  const rawUrl = value.slice(at + 1);
  if (!(REMOTE_NAMES as string[]).includes(remote))
    return { kind: 'refused', reason: `unknown remote ${remote}` };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'refused', reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { kind: 'refused', reason: 'not http(s)' };
  if (!config.overrideOrigins.includes(url.origin)) {
    return { kind: 'refused', reason: `origin ${url.origin} is not allow-listed` };
  }
  return { kind: 'accepted', remote: remote as RemoteName, manifestUrl: url.href };
}

/**
 * The remote map this tab uses: the config, with at most one override from the query string (persisted in
 * sessionStorage for the tab so it survives navigation) or from an earlier page of this tab.
 */
export function resolveRemoteMap(
  config: RemoteMapConfig,
  search: string,
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
): { remotes: Record<RemoteName, string>; override: OverrideResult } {
  const fromQuery = new URLSearchParams(search).get(OVERRIDE_PARAM);
  let override = parseOverride(fromQuery, config);
  if (override.kind === 'clear') session?.removeItem(OVERRIDE_STORAGE_KEY);
  if (override.kind === 'accepted') session?.setItem(OVERRIDE_STORAGE_KEY, fromQuery ?? '');
  if (override.kind === 'none') {
    // Re-validate what the tab stored: the allow-list may have changed since.
    override = parseOverride(session?.getItem(OVERRIDE_STORAGE_KEY) ?? null, config);
    if (override.kind === 'refused') session?.removeItem(OVERRIDE_STORAGE_KEY);
  }
  const remotes = { ...config.remotes };
  if (override.kind === 'accepted') remotes[override.remote] = override.manifestUrl;
  return { remotes, override };
}

declare global {
  interface Window {
    /**
     * The remote map host/index.html's inline script asked for as the page started (for its hints to the remotes'
     * origins): start-up takes this answer rather than asking again.
     */
    __bawabaRemoteMap?: Promise<RemoteMapConfig>;
  }
}

async function askForRemoteMap(): Promise<RemoteMapConfig> {
  const response = await fetch('/config/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`remote map: HTTP ${response.status}`);
  return (await response.json()) as RemoteMapConfig;
}

/**
 * The remote map of this page load, asked for once: the answer to the inline script's request (`asked`, not revalidated
 * from any cache either) when the page has one, else a request of its own. Only a failed request (a network error, an
 * HTTP error) is asked again.
 */
export function fetchRemoteMap(
  asked: Promise<RemoteMapConfig> | undefined = window.__bawabaRemoteMap,
): Promise<RemoteMapConfig> {
  return asked ? asked.catch(askForRemoteMap) : askForRemoteMap();
}
