import { createToaster } from '@chakra-ui/react';

/**
 * The one toaster (spec §9: top-end, 5000 ms, at most 5, no duplicates). Any package calls
 * `notify.success(title)`; the host renders the <Toaster> once (and so does a remote's dev harness).
 */
export const toaster = createToaster({ placement: 'top-end', duration: 5000, max: 5, pauseOnPageIdle: true });

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
