import { call, notifications, readAllNotifications, readNotification } from '@bawaba/shared/call';
import type { Notification } from '@bawaba/shared/contracts';
import { create } from 'zustand';

/** How many notifications the bell's dropdown keeps (the notifications page pages through all of them). */
const NOTIFICATION_LIMIT = 50;

interface NotificationState {
  items: Notification[];
  loaded: boolean;
  /**
   * Load the list: the shell does, once at sign-in and on each live event (docs/product-spec.md §4: each live event
   * reloads the navbar list; ./live.ts). A call nobody asked for: no spinner.
   */
  load(): Promise<void>;
  markRead(id: number): Promise<void>;
  markAllRead(): Promise<void>;
  clear(): void;
}

let generation = 0;

export const useNotificationStore = create<NotificationState>((set, get) => ({
  items: [],
  loaded: false,
  async load() {
    const mine = ++generation;
    try {
      const data = await call(notifications, {
        query: { limit: NOTIFICATION_LIMIT },
        context: { background: true },
      });
      // A sign-out while this was in flight wins.
      if (mine === generation) set({ items: data, loaded: true });
    } catch {
      // The shell's error handling already told the user (401 ends the session, 500 popup); keep the list.
      if (mine === generation) set({ loaded: true });
    }
  },
  async markRead(id) {
    // Also for a notification older than the dropdown's list (opened from a later page of /notifications).
    const item = get().items.find((n) => n.id === id);
    if (item?.read) return;
    set({ items: get().items.map((n) => (n.id === id ? { ...n, read: true } : n)) });
    try {
      await call(readNotification, { params: { id }, context: { background: true, silent: true } });
    } catch {
      // Only a display hint: the next reload shows the server's state.
    }
  },
  async markAllRead() {
    set({ items: get().items.map((n) => ({ ...n, read: true })) });
    try {
      await call(readAllNotifications, { context: { background: true, silent: true } });
    } catch {
      // As above.
    }
  },
  clear() {
    generation++;
    set({ items: [], loaded: false });
  },
}));

export const unreadCount = (items: readonly Notification[]): number => items.filter((n) => !n.read).length;
