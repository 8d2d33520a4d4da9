import { lazy, Suspense, useEffect, useState } from 'react';
import { toaster } from './toaster.ts';

const ToastRegion = lazy(() => import('./ToastRegion.tsx').then((m) => ({ default: m.ToastRegion })));

/**
 * The toast region mounts when the page is idle after loading, or at the first toast if one comes sooner,
 * and its code (Zag's toast machines) is fetched then (issue 8: Total Blocking Time, first-page JavaScript). Mounted with the first render, Zag's toast group subscribes to the store with
 * a `flushSync`, which forced a synchronous re-render inside the first commit, the longest task of the page
 * load. Mounting it ahead of any toast keeps the live region in the page before it announces anything.
 */
function useToastRegionMounted(): boolean {
  const [mounted, setMounted] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const unsubscribe = toaster.subscribe(mount);
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(mount, { timeout: 4000 });
        return () => window.cancelIdleCallback(id);
      }
      const id = window.setTimeout(mount, 1000);
      return () => window.clearTimeout(id);
    };
    let cancelIdle: () => void = () => {};
    const onLoad = () => {
      cancelIdle = whenIdle();
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      unsubscribe();
      window.removeEventListener('load', onLoad);
      cancelIdle();
    };
  }, [mounted]);
  return mounted;
}

/**
 * The one toast region (spec §9: top-end, 5000 ms, at most 5, no duplicates, plain text, not dismissed
 * on click). Rendered once by the host and once by a remote's standalone harness.
 */
export function AppToaster() {
  if (!useToastRegionMounted()) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
