import type { RemoteName } from '@bawaba/shared';
import { Box } from '@bawaba/shared';
import { FRAGMENT, FRAGMENT_READY } from '@bawaba/shared/render';
import { type RefObject, Suspense, useEffect, useRef } from 'react';
import {
  RemoteErrorBoundary,
  SectionLoading,
  SectionNeedsNewerSite,
  SectionUnavailable,
} from './section-panels.tsx';
import { useRemote } from './use-remote.ts';

/**
 * After the fragment inside its Suspense boundary: its effect runs once the fragment is on screen and working, and
 * marks the slot. On the element directly: state would render the whole fragment again right after it hydrated, in
 * one task (a default-priority render is not done in slices).
 */
function Shown({ slot }: { slot: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    slot.current?.setAttribute(FRAGMENT_READY, '');
  }, [slot]);
  return null;
}

/**
 * One remote's fragment inside another remote's page (a slot): loaded like a section — the compatibility contract,
 * then the remote's catalogs — and failing like one: a remote that is down or throws shows "section unavailable"
 * with Retry, a release without this fragment (older than the slot) "needs a newer site version". Only the slot is
 * affected; the page around it keeps working. The slot is marked `data-fragment-ready` once the fragment is on screen:
 * hydrated, when the server rendered it — which React does only once the fragment's code has arrived, after the page
 * around it (`html[data-bw-page-ready]`) — so that a test or a benchmark waits for the fragment's buttons to work, and
 * the browser's hydration window (host/src/hydration.ts) stays open until the fragment is hydrated.
 */
export function RemoteFragment({ remote, name }: { remote: RemoteName; name: string }) {
  const { loaded, attempt, retry } = useRemote(remote);
  const slot = useRef<HTMLDivElement>(null);
  if (!loaded) return <SectionLoading />;
  if ('unavailable' in loaded)
    return loaded.needsNewerSite ? (
      <SectionNeedsNewerSite remote={remote} />
    ) : (
      <SectionUnavailable remote={remote} onRetry={retry} />
    );
  const Fragment = loaded.remote.fragments?.[name];
  if (!Fragment) {
    console.error(`[bawaba] remote "${remote}" ${loaded.remote.buildLabel} has no fragment "${name}"`);
    return <SectionNeedsNewerSite remote={remote} />;
  }
  return (
    <Box ref={slot} data-remote-section={remote} {...{ [FRAGMENT]: name }}>
      <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
        {/* A fragment may be lazy (its own chunk): the slot shows the loading panel meanwhile. */}
        <Suspense fallback={<SectionLoading />}>
          <Fragment />
          <Shown slot={slot} />
        </Suspense>
      </RemoteErrorBoundary>
    </Box>
  );
}
