/**
 * The overlay components (Dialog, Drawer, Popover), as a LAZY part of the shared singleton:
 *
 *   import { Dialog } from '@bawaba/shared/chakra-overlays';
 *
 * No first page shows an overlay: the host's sign-in modal, sidebar and notification dropdown and a remote's
 * dialogs are lazy chunks that import them from here. So their Zag machines, focus trap and positioning code
 * (≈ 90 KB before compression) are neither fetched nor evaluated before the first page is usable, by the host
 * or by a remote's first page (which is why this is not ./chakra-extra.ts, which remotes' first pages load).
 *
 * Like ./chakra-extra.ts, a federation singleton of its own (`SINGLETONS` in shared/build/federation.ts) that
 * the host provides, built in the same compilation as the @bawaba/shared singleton: the same Chakra (context,
 * system, recipes), never a second one. The shared popups and toasts (./PopupDialog.tsx, ./ToastRegion.tsx)
 * import the same components from Chakra directly, inside shared/, in lazy chunks of their own.
 */
export { Dialog, Drawer, Popover } from '@chakra-ui/react';
