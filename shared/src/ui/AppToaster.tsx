import { lazy, Suspense, useEffect, useState } from 'react';
import { toaster } from './toaster.ts';

const ToastRegion = lazy(() => import('./ToastRegion.tsx').then((m) => ({ default: m.ToastRegion })));

/** How long after the page has loaded the region mounts on its own, at an idle moment. */
export const TOAST_REGION_DELAY_MS = 8000;

/**
 * The toast region mounts a while after the page has loaded (at an idle moment), or at the first toast if one
 * comes sooner, and its code (Zag's toast machines) is fetched then. Mounting it is a task of its own
 * of ≈ 20 ms on a fast machine (Zag's toast group subscribes to the store with a `flushSync`); with the first
 * render it made the first commit the longest task of the page load, and right after load it was still one of
 * the page's long tasks. Mounted ahead of most toasts, the live region is in the page before it announces.
 */
function useToastRegionMounted(): boolean {
  const [mounted, setMounted] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const unsubscribe = toaster.subscribe(mount);
    const whenIdle = () => {
      let idle: number | undefined;
      const delay = window.setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function')
          idle = window.requestIdleCallback(mount, { timeout: 2000 });
        else mount();
      }, TOAST_REGION_DELAY_MS);
      return () => {
        window.clearTimeout(delay);
        if (idle !== undefined) window.cancelIdleCallback(idle);
      };
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
 * The one toast region (docs/product-spec.md §9: top-end, 5000 ms, at most 5, no duplicates, plain text, not dismissed
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
