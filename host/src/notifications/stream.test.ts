import { describe, expect, it } from 'vitest';
import { type EventSourceLike, NotificationStream, type SourceFactory } from './stream.ts';

class FakeSource implements EventSourceLike {
  listeners = new Map<string, ((e: never) => void)[]>();
  closed = false;
  streamed = false;
  url: string;
  headers: Record<string, string>;
  constructor(url: string, headers: Record<string, string>) {
    this.url = url;
    this.headers = headers;
  }
  addEventListener(type: string, listener: (e: never) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: unknown) {
    for (const l of this.listeners.get(type) ?? []) l(event as never);
  }
  stream() {
    this.streamed = true;
  }
  close() {
    this.closed = true;
  }
  send(id: number, title: string) {
    this.emit('message', {
      id: String(id),
      data: JSON.stringify({
        data: { id, title, content: '', createdAt: '', read: false, tender: null, link: null },
      }),
    });
  }
}

function setup(token: string | null = 'tok', knownLastId: () => number | null = () => null) {
  const sources: FakeSource[] = [];
  const refusals: number[] = [];
  const timers: (() => void)[] = [];
  const received: string[] = [];
  let currentToken = token;
  const createSource: SourceFactory = (url, options) => {
    const s = new FakeSource(url, options.headers);
    sources.push(s);
    return s;
  };
  const stream = new NotificationStream({
    url: '/api/v1/notification/subscribe',
    getToken: () => currentToken,
    onNotification: (n) => received.push(n.title),
    onRefused: (status) => refusals.push(status),
    createSource,
    getKnownLastId: knownLastId,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => timers.splice(0),
    log: () => {},
  });
  return {
    stream,
    sources,
    timers,
    received,
    refusals,
    setToken: (t: string | null) => {
      currentToken = t;
    },
  };
}

describe('notification stream', () => {
  it('does not connect without a token', () => {
    const { stream, sources } = setup(null);
    stream.start();
    expect(sources).toHaveLength(0);
    expect(stream.connected).toBe(false);
  });

  it('connects with the Bearer header and no Last-Event-ID the first time', () => {
    const { stream, sources } = setup();
    stream.start();
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe('/api/v1/notification/subscribe');
    expect(sources[0]?.headers).toEqual({ Authorization: 'Bearer tok' });
    expect(sources[0]?.streamed).toBe(true);
  });

  it('delivers each event once and reconnects after a drop with the last event id', () => {
    const { stream, sources, timers, received } = setup();
    stream.start();
    sources[0]?.send(7, 'Request approved');
    sources[0]?.emit('message', { id: null, data: '' }); // a heartbeat-like empty event
    sources[0]?.emit('error', { responseCode: 0 });
    sources[0]?.emit('readystatechange', { readyState: 2 });
    expect(timers).toHaveLength(1);
    timers.shift()?.();
    expect(sources).toHaveLength(2);
    expect(sources[1]?.headers['Last-Event-ID']).toBe('7');
    // The server replays from there; a duplicate is ignored.
    sources[1]?.send(7, 'Request approved');
    sources[1]?.send(8, 'New proposal');
    expect(received).toEqual(['Request approved', 'New proposal']);
  });

  it('replays from the newest notification the page has when the stream dropped before its first event', () => {
    let known: number | null = null;
    const { stream, sources, timers } = setup('tok', () => known);
    stream.start();
    expect(sources[0]?.headers['Last-Event-ID']).toBeUndefined();
    // The list loaded (newest id 41), then the API restarted before any live event.
    known = 41;
    sources[0]?.emit('error', { responseCode: 502 });
    timers.shift()?.();
    expect(sources[1]?.headers['Last-Event-ID']).toBe('41');
    // Once an event came through the stream, its id is the replay point.
    sources[1]?.send(45, 'Created while the API was down');
    sources[1]?.emit('readystatechange', { readyState: 2 });
    timers.shift()?.();
    expect(sources[2]?.headers['Last-Event-ID']).toBe('45');
  });

  it('reconnects when the server ends the stream', () => {
    const { stream, sources, timers } = setup();
    stream.start();
    sources[0]?.emit('readystatechange', { readyState: 2 });
    timers.shift()?.();
    expect(sources).toHaveLength(2);
  });

  it('stops on 401 instead of hammering the server, and reports the refusal once (session revoked)', () => {
    const { stream, sources, timers, refusals } = setup();
    stream.start();
    sources[0]?.emit('error', { responseCode: 401 });
    sources[0]?.emit('readystatechange', { readyState: 2 });
    expect(timers).toHaveLength(0);
    expect(stream.connected).toBe(false);
    expect(refusals).toEqual([401]);
  });

  it('reports no refusal for a dropped connection or a server error, and reconnects', () => {
    const { stream, sources, timers, refusals } = setup();
    stream.start();
    sources[0]?.emit('error', { responseCode: 0 });
    timers.shift()?.();
    sources[1]?.emit('error', { responseCode: 502 });
    expect(refusals).toEqual([]);
    expect(timers).toHaveLength(1);
  });

  it('stop() closes the source, cancels a pending reconnect and forgets the replay point', () => {
    const { stream, sources, timers } = setup();
    stream.start();
    sources[0]?.send(3, 'x');
    sources[0]?.emit('error', { responseCode: 0 });
    stream.stop();
    expect(timers).toHaveLength(0);
    stream.start();
    expect(sources.at(-1)?.headers['Last-Event-ID']).toBeUndefined();
  });

  it('does not reconnect after sign-out even if a timer was pending', () => {
    const { stream, sources, timers, setToken } = setup();
    stream.start();
    sources[0]?.emit('error', { responseCode: 0 });
    setToken(null);
    timers.shift()?.();
    expect(sources).toHaveLength(1);
  });
});
