import { fetchReleaseStamp } from './release-stamp.ts';

/**
 * Tells the shell when a newer host release has been deployed since this page loaded, so the user can reload
 * into it (and into what it provides to the remotes: a section that "needs a newer site version" then works).
 * Checked when the tab comes back into view and every `intervalMs` while it is visible — never during the page
 * load. The page's own release is compiled in (`__BAWABA_RELEASE__`); the deployed one is the origin's
 * `/release.json`, revalidated on every read.
 */
const NEW_RELEASE_CHECK_MS = 10 * 60_000;

export function watchForNewRelease(
  running: { commit: string },
  onNewRelease: (deployed: { version: string; commit: string }) => void,
  intervalMs = NEW_RELEASE_CHECK_MS,
): () => void {
  if (running.commit === 'unknown') return () => undefined;
  let told = false;
  const check = async () => {
    if (told || document.visibilityState !== 'visible') return;
    const deployed = await fetchReleaseStamp('/release.json');
    // No stamp (offline, mid-deploy): the next check will tell.
    if (deployed?.commit && deployed.commit !== running.commit && !told) {
      told = true;
      onNewRelease(deployed);
    }
  };
  const onVisibility = () => void check();
  document.addEventListener('visibilitychange', onVisibility);
  const timer = window.setInterval(() => void check(), intervalMs);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.clearInterval(timer);
  };
}
