import type { ReleaseStamp, RemoteName } from '@bawaba/shared';
import { fetchReleaseStamp, runningHostStamp } from './release-stamp.ts';

/**
 * The compatibility contract, checked before a remote renders. Every build carries `release.json`
 * (shared/build/release.ts): the host's says what it provides — the runtime names of each shared singleton entry
 * and the singleton versions —, a remote's says what it needs. A remote that needs a name this host does not
 * provide (it was built against a newer `@bawaba/shared`), or a singleton of another major line, is not rendered:
 * its section shows "needs a newer site version" and the console names the missing pieces. Every other section
 * keeps working. The rule the builds follow is in docs/releases.md.
 */
/** The release line of a version: its major, or for 0.x its minor (semver's caret). */
function line(version: string): string {
  const [major = '0', minor = '0'] = version.split('.');
  return major === '0' ? `0.${minor}` : major;
}

/**
 * What `remote` needs that `host` does not provide, one readable line per piece. `@bawaba/shared` is judged by
 * names (exact); the other singletons (React, Emotion, Lingui, zustand) by release line.
 */
export function missingPieces(host: ReleaseStamp, remote: ReleaseStamp): string[] {
  const missing: string[] = [];
  for (const [entry, names] of Object.entries(remote.needs ?? {})) {
    const provided = new Set(host.provides?.[entry] ?? []);
    const absent = names.filter((name) => !provided.has(name));
    if (absent.length > 0) missing.push(`${entry}: ${absent.join(', ')}`);
  }
  for (const [pkg, version] of Object.entries(remote.singletons)) {
    if (pkg === '@bawaba/shared') continue;
    const hostVersion = host.singletons[pkg];
    if (!hostVersion) missing.push(`${pkg} ${version} (not shared by this host)`);
    else if (line(hostVersion) !== line(version))
      missing.push(`${pkg} ${version} (this host has ${hostVersion})`);
  }
  return missing;
}

/**
 * Checks the remote whose manifest is at `manifestUrl` against the host this page runs: what it needs that the
 * host lacks (also written to the console, with both releases), or null when it is compatible — or when either side
 * has no stamp to compare (an unreachable remote is reported by the load itself).
 */
export async function checkRemote(remote: RemoteName, manifestUrl: string): Promise<string[] | null> {
  const [host, other] = await Promise.all([
    runningHostStamp(),
    fetchReleaseStamp(new URL('release.json', new URL(manifestUrl, location.href)).href),
  ]);
  if (!host || !other) return null;
  const missing = missingPieces(host, other);
  if (missing.length === 0) return null;
  console.error(
    `[bawaba] remote "${remote}" ${other.app} ${other.version} (${other.commit.slice(0, 8)}) needs a newer site than host ${host.version} (${host.commit.slice(0, 8)}); missing: ${missing.join('; ')}`,
  );
  return missing;
}
