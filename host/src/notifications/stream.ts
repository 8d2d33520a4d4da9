import type { Notification, NotificationEvent } from '@bawaba/shared/contracts';

/** The part of sse.js (`import { SSE } from 'sse.js'`) the stream uses; tests pass a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: never) => void): void;
  stream(): void;
  close(): void;
}
export type SourceFactory = (
  url: string,
  options: {
    headers: Record<string, string>;
    start: false;
    autoReconnect: false;
    useLastEventId: false;
  },
) => EventSourceLike;

export interface StreamOptions {
  url: string;
  /** The token at connect time (the stream is only ever opened with one). */
  getToken(): string | null;
  /** Extra headers at connect time (Accept-Language: the server writes titles in the page's language). */
  getHeaders?: () => Record<string, string>;
  onNotification(notification: Notification): void;
  /** The server refused the stream (401/403): the session is over; the stream stops and says so once. */
  onRefused?: (status: number) => void;
  /**
   * The newest notification id the page already has (its loaded list): the replay point while no event came
   * through the stream yet. Without it, a stream dropped before its first event (an API restart) would
   * reconnect without Last-Event-ID, and the server would skip what was created while it was away.
   */
  getKnownLastId?: () => number | null;
  createSource: SourceFactory;
  /** Spec §7: 1 second reconnect delay. */
  reconnectDelayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  log?: (...args: unknown[]) => void;
}

interface MessageEvent {
  id?: string | null;
  data?: string;
}
interface ErrorEvent {
  responseCode?: number;
}
interface StateEvent {
  readyState?: number;
}

const CLOSED = 2;

/**
 * The live notification stream (docs/product-spec.md §4, §7): GET /api/v1/notification/subscribe with the Bearer header
 * (sse.js, since EventSource cannot send headers), open only while signed in. After a drop it reconnects
 * after 1 s and sends `Last-Event-ID` with the id of the last event seen, so the server replays what was
 * missed; an event seen twice is delivered once. Other errors are only logged. A 401/403 stops it and is
 * reported (`onRefused`): the session was revoked on the server, and the shell signs out as for any call.
 */
export class NotificationStream {
  private source: EventSourceLike | null = null;
  private timer: unknown = null;
  private running = false;
  private lastEventId: string | null = null;
  private readonly seen = new Set<number>();
  private readonly delay: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly log: (...args: unknown[]) => void;

  private readonly options: StreamOptions;

  constructor(options: StreamOptions) {
    this.options = options;
    this.delay = options.reconnectDelayMs ?? 1000;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.log = options.log ?? ((...args) => console.warn(...args));
  }

  get connected(): boolean {
    return this.source !== null;
  }

  get lastId(): string | null {
    return this.lastEventId;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** Close for good (sign-out): the next start() is a new session, without the old replay point. */
  stop(): void {
    this.running = false;
    this.lastEventId = null;
    this.seen.clear();
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    const source = this.source;
    this.source = null;
    source?.close();
  }

  private connect(): void {
    this.timer = null;
    const token = this.options.getToken();
    if (!this.running || !token) {
      this.running = false;
      return;
    }
    const headers: Record<string, string> = {
      ...this.options.getHeaders?.(),
      Authorization: `Bearer ${token}`,
    };
    const known = this.options.getKnownLastId?.() ?? null;
    const replayFrom = this.lastEventId ?? (known !== null && known > 0 ? String(known) : null);
    if (replayFrom) headers['Last-Event-ID'] = replayFrom;
    const source = this.options.createSource(this.options.url, {
      headers,
      start: false,
      // Reconnection is ours: it must carry our Last-Event-ID and stop on 401.
      autoReconnect: false,
      useLastEventId: false,
    });
    this.source = source;
    let dropped = false;
    const drop = (reason: string, refusedWith: number | null) => {
      if (dropped || this.source !== source) return;
      dropped = true;
      this.source = null;
      this.log(`[bawaba] notification stream closed (${reason})`);
      if (refusedWith !== null) {
        this.running = false;
        this.options.onRefused?.(refusedWith);
        return;
      }
      if (this.running) this.timer = this.setTimer(() => this.connect(), this.delay);
    };

    source.addEventListener('message', (event: MessageEvent) => {
      if (this.source !== source) return;
      if (event.id) this.lastEventId = event.id;
      if (!event.data) return;
      try {
        const parsed = JSON.parse(event.data) as NotificationEvent;
        const notification = parsed.data;
        if (!notification || typeof notification.id !== 'number') return;
        if (this.seen.has(notification.id)) return;
        this.seen.add(notification.id);
        this.options.onNotification(notification);
      } catch (error) {
        this.log('[bawaba] notification stream: unreadable event', error);
      }
    });
    source.addEventListener('error', (event: ErrorEvent) => {
      const code = event.responseCode ?? 0;
      drop(`error ${code}`, code === 401 || code === 403 ? code : null);
    });
    source.addEventListener('readystatechange', (event: StateEvent) => {
      if (event.readyState === CLOSED) drop('ended', null);
    });
    source.stream();
  }
}
