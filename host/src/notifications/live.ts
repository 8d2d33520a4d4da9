import { notify, useSessionStore } from '@bawaba/shared';
import { NOTIFICATION_ARRIVED } from '@bawaba/shared/contracts';
import { useEffect } from 'react';
import { SSE } from 'sse.js';
import { reportHttpRefusal } from '../shell/http-shell.ts';
import { useNotificationStore } from './store.ts';
import { NotificationStream, type SourceFactory } from './stream.ts';

const SUBSCRIBE_URL = '/api/v1/notification/subscribe';

const createSource: SourceFactory = (url, options) => new SSE(url, options);

/**
 * Spec §4: notifications are loaded and the stream connected only while a token exists. Each live event
 * reloads the navbar list and raises a success toast titled with the event's `data.title`. The list comes in the
 * page's language and live events in the language stored on the account (the language switch stores it), so a
 * switch reloads the list and reconnects. Each live event is also sent to the page as a window event
 * (NOTIFICATION_ARRIVED), so a page showing the record it concerns reloads it.
 */
export function useLiveNotifications(): void {
  const token = useSessionStore((s) => s.token);
  const language = useSessionStore((s) => s.language);
  useEffect(() => {
    const store = useNotificationStore.getState();
    if (!token) {
      store.clear();
      return;
    }
    void store.load();
    const stream = new NotificationStream({
      url: SUBSCRIBE_URL,
      getToken: () => useSessionStore.getState().token,
      getHeaders: () => ({ 'Accept-Language': language }),
      createSource,
      getKnownLastId: () => {
        const { items, loaded } = useNotificationStore.getState();
        return loaded && items.length > 0 ? Math.max(...items.map((n) => n.id)) : null;
      },
      onRefused: (status) => reportHttpRefusal(status, SUBSCRIBE_URL),
      onNotification: (notification) => {
        notify.success(notification.title);
        void useNotificationStore.getState().load();
        window.dispatchEvent(new CustomEvent(NOTIFICATION_ARRIVED, { detail: notification }));
      },
    });
    stream.start();
    return () => stream.stop();
  }, [token, language]);
}
