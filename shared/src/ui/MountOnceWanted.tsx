import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders `children` (typically a lazy component) from the first time `wanted` is true, and keeps them mounted
 * afterwards (a closing dialog still animates out, a reopened one needs no second fetch). Until then nothing is
 * fetched nor rendered: the overlays and popups no first page shows stay out of its JavaScript.
 */
export function MountOnceWanted({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
