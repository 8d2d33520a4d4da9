import { lazy } from 'react';
import { MountOnceWanted } from './MountOnceWanted.tsx';
import { usePopupStore } from './popups.ts';

const PopupDialog = lazy(() => import('./PopupDialog.tsx').then((m) => ({ default: m.PopupDialog })));

/**
 * Renders the popup queue's first popup as a centred dialog (docs/product-spec.md §8: centred popups; the error catalogue's
 * OK button is labelled 'Retry' by its caller). One at a time, in order. Rendered once by the host and once by
 * a remote's standalone harness; any package opens popups with `showPopup` / `confirmPopup`. The dialog itself
 * is fetched when the first popup is raised (the first page's JavaScript).
 */
export function PopupHost() {
  const anyPopup = usePopupStore((s) => s.queue.length > 0);
  return (
    <MountOnceWanted wanted={anyPopup}>
      <PopupDialog />
    </MountOnceWanted>
  );
}
