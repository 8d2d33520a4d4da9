import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { LAZY_PART, LAZY_PART_READY } from './marks.ts';

/**
 * A lazily loaded part inside a page (its own chunk, its own Suspense boundary). When the server rendered it, the
 * browser hydrates it only once its code has arrived — after the page around it is hydrated and marked ready — and
 * until then its buttons show but do not work: React drops a click on a part it cannot hydrate yet. So the part
 * carries a mark of its own, a hidden `[data-lazy-part]` element that gets `data-lazy-part-ready` once the part is on screen in
 * the browser; the host keeps its hydration window open for it, and tests and benchmarks wait for it as they wait
 * for the page (`PageReady`). A part the browser renders by itself shows its fallback until its code has arrived.
 */
export function LazyPart({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      {children}
      <PartReady />
    </Suspense>
  );
}

/** After the part in its boundary: its effect runs once that boundary is on screen (hydrated, or rendered). */
function PartReady() {
  const mark = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // Set on the element directly: the server's markup has no such attribute, and React does not own it.
    mark.current?.setAttribute(LAZY_PART_READY, '');
  }, []);
  return <span hidden {...{ [LAZY_PART]: '' }} ref={mark} />;
}
