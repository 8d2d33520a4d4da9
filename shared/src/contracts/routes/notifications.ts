import * as v from 'valibot';
import { IdParams, Ok } from '../common.ts';
import {
  Notification,
  NotificationListQuery,
  NotificationPage,
  NotificationPageQuery,
} from '../notifications.ts';
import { route } from './route.ts';

/** My notifications: the newest, pages of them, marking read, and the live stream. */

export const notifications = route({
  method: 'GET',
  path: '/notification',
  tag: 'notifications',
  summary: 'My notifications, newest first',
  access: 'signedIn',
  query: NotificationListQuery,
  response: v.array(Notification),
});

export const notificationPage = route({
  method: 'GET',
  path: '/notification/page',
  tag: 'notifications',
  summary: 'A page of my notifications, newest first (cursor: before = last id seen)',
  access: 'signedIn',
  query: NotificationPageQuery,
  response: NotificationPage,
});

export const readAllNotifications = route({
  method: 'POST',
  path: '/notification/read-all',
  tag: 'notifications',
  summary: 'Mark all my notifications read',
  access: 'signedIn',
  response: Ok,
});

export const readNotification = route({
  method: 'POST',
  path: '/notification/:id/read',
  tag: 'notifications',
  summary: 'Mark one notification read',
  access: 'signedIn',
  params: IdParams,
  response: Notification,
});

/**
 * An event stream, read by the host's notification client rather than `call`: the API takes the socket over once
 * the caller is admitted. `Last-Event-ID` comes as the header or as `?lastEventId=`; a value that is no id means
 * "from now".
 */
export const notificationStream = route({
  method: 'GET',
  path: '/notification/subscribe',
  tag: 'notifications',
  summary: 'Live notifications (server-sent events, Bearer auth, Last-Event-ID replay)',
  description:
    'text/event-stream. `retry: 1000`; each event: `id: <notification id>` and `data: {"data": Notification}`; `: ping` comments every 15 s. With Last-Event-ID (header or ?lastEventId=) every later notification is replayed first.',
  access: 'signedIn',
  produces: 'text/event-stream',
});
