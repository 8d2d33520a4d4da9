import { createToaster } from '@chakra-ui/react';

/**
 * Toasts sit below the sticky top bar (≈ 4rem high), not over it: over it they covered the notification bell, the
 * account button and sign-out, and a pointer resting there pauses them, so the control under them stayed out of
 * reach for as long as the pointer did (the e2e API-restart test clicking the bell right after three live
 * notifications caught it).
 */
export const TOAST_OFFSETS = { top: '4.75rem', right: '1rem', bottom: '1rem', left: '1rem' } as const;

/**
 * The one toaster (docs/product-spec.md §9: top-end, 5000 ms, at most 5, no duplicates). Any package calls
 * `notify.success(title)`; the host renders the <Toaster> once (and so does a remote's dev harness).
 */
export const toaster = createToaster({
  placement: 'top-end',
  offsets: TOAST_OFFSETS,
  duration: 5000,
  max: 5,
  pauseOnPageIdle: true,
});

type ToastKind = 'success' | 'error' | 'info' | 'warning';

function show(type: ToastKind, title: string, description?: string): void {
  // No duplicates: the same title and text replace the toast already showing (same id).
  const id = `${type}:${title}:${description ?? ''}`;
  if (toaster.isVisible(id)) return;
  toaster.create({ id, type, title, ...(description ? { description } : {}) });
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
  warning: (title: string, description?: string) => show('warning', title, description),
};
