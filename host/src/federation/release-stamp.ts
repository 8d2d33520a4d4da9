import type { ReleaseStamp } from '@bawaba/shared';

/**
 * The host's view of releases: the one this page runs (compiled in by the build as `__BAWABA_RELEASE__`; absent
 * in unit tests, which run the source without a build) and the `release.json` stamps builds serve next to their
 * page or manifest (shared/build/release.ts).
 */
export const RUNNING_RELEASE: { version: string; commit: string } =
  typeof __BAWABA_RELEASE__ === 'undefined' ? { version: '', commit: 'unknown' } : __BAWABA_RELEASE__;

/** A build's `release.json`, revalidated on every read (a deploy replaces it); null when there is none. */
export async function fetchReleaseStamp(url: string): Promise<ReleaseStamp | null> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) return null;
    return (await response.json()) as ReleaseStamp;
  } catch {
    return null;
  }
}

let runningHost: Promise<ReleaseStamp | null> | null = null;

/**
 * The stamp of the host this page RUNS, fetched once. The origin serves the deployed host's stamp: when a newer
 * host was deployed after this page loaded, that stamp describes code the page does not have, so it is not used
 * (null: nothing to compare against, as for a build without a stamp).
 */
export function runningHostStamp(
  running: { commit: string } = RUNNING_RELEASE,
): Promise<ReleaseStamp | null> {
  runningHost ??= fetchReleaseStamp('/release.json').then((stamp) => {
    if (stamp && running.commit !== 'unknown' && stamp.commit !== running.commit) {
      console.warn(
        `[bawaba] the site was updated since this page loaded (${stamp.version}): reload to check remotes`,
      );
      return null;
    }
    return stamp;
  });
  return runningHost;
}

/** Forgets the fetched host stamp (tests). */
export function forgetRunningHostStamp(): void {
  runningHost = null;
}
