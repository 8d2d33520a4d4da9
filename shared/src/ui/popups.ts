import { create } from 'zustand';

/**
 * Centred modal popups (docs/product-spec.md §8: error popups with an OK button labelled 'Retry', success popups,
 * confirmations such as logout and interest). Any package calls `showPopup` / `confirmPopup`; the host
 * renders the queue's first popup with <PopupHost> (one at a time, in order).
 */
export type PopupKind = 'success' | 'error' | 'warning' | 'info' | 'confirm';

export interface PopupOptions {
  kind: PopupKind;
  title: string;
  text?: string;
  /** Label of the main button (spec: error popups say 'Retry'). Translated by the caller. */
  confirmLabel?: string;
  /** Confirm popups only. */
  cancelLabel?: string;
}

export interface Popup extends PopupOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

interface PopupState {
  queue: Popup[];
  close(id: number, confirmed: boolean): void;
}

let nextId = 1;

export const usePopupStore = create<PopupState>((set, get) => ({
  queue: [],
  close(id, confirmed) {
    const popup = get().queue.find((p) => p.id === id);
    set({ queue: get().queue.filter((p) => p.id !== id) });
    popup?.resolve(confirmed);
  },
}));

function enqueue(options: PopupOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const popup: Popup = { ...options, id: nextId++, resolve };
    usePopupStore.setState((s) => ({ queue: [...s.queue, popup] }));
  });
}

/** Show a popup; resolves when the user closes it. */
export async function showPopup(options: Omit<PopupOptions, 'cancelLabel'>): Promise<void> {
  await enqueue(options);
}

/** Ask for confirmation; resolves true on confirm, false on cancel or dismiss. */
export function confirmPopup(options: Omit<PopupOptions, 'kind'>): Promise<boolean> {
  return enqueue({ ...options, kind: 'confirm' });
}
