/**
 * The API restarted (SIGTERM, then SIGKILL) while clients hold the live notification stream: they reconnect
 * within 2 s of the API being back and receive every notification created while it was down and right after,
 * through Last-Event-ID, each exactly once. Real API process on a persistent DATA_DIR (PGlite) or the same
 * PostgreSQL database; the clients behave like sse.js in the host (reconnect after the server's `retry`,
 * resend the last event id).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { notifications } from '../src/db/schema.ts';
import { type ApiSite, apiSite, loginAt, req, sleep, waitFor } from './process-helpers.ts';

/** A minimal SSE client (fetch streaming) that reconnects after `retry` ms with Last-Event-ID. */
class Client {
  readonly ids: number[] = [];
  readonly titles: string[] = [];
  /** Each successful (200) connection: when it was attempted and when the stream was open. */
  readonly connections: { attempted: number; open: number }[] = [];
  lastEventId: string | null = null;
  private retry = 1000;
  private stopped = false;
  private abort: AbortController | null = null;
  private readonly done: Promise<void>;
  private readonly url: string;
  private readonly token: string;

  constructor(url: string, token: string) {
    this.url = url;
    this.token = token;
    this.done = this.loop();
  }

  private async loop() {
    while (!this.stopped) {
      try {
        await this.once();
      } catch {
        /* connection refused or cut: retry */
      }
      if (!this.stopped) await sleep(this.retry);
    }
  }

  private async once() {
    const attempted = Date.now();
    this.abort = new AbortController();
    const res = await fetch(`${this.url}/notification/subscribe`, {
      headers: {
        authorization: `Bearer ${this.token}`,
        accept: 'text/event-stream',
        ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
      },
      signal: this.abort.signal,
    });
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      return;
    }
    this.connections.push({ attempted, open: Date.now() });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        this.frame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  }

  private frame(text: string) {
    let id: string | null = null;
    let data = '';
    for (const line of text.split('\n')) {
      if (line.startsWith(':')) continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'data') data += value;
      else if (field === 'retry' && Number(value) > 0) this.retry = Number(value);
    }
    if (id !== null) this.lastEventId = id;
    if (!data) return;
    const n = (JSON.parse(data) as { data: { id: number; title: string } }).data;
    this.ids.push(n.id);
    this.titles.push(n.title);
  }

  async close() {
    this.stopped = true;
    this.abort?.abort();
    await this.done;
  }
}

let site: ApiSite;
const clients: Client[] = [];
beforeAll(async () => {
  site = await apiSite({ SSE_HEARTBEAT_MS: '1000' });
  await site.start();
  // The first start seeds the demo data: slow on a loaded 2-core machine.
}, 240_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await site?.cleanup();
}, 120_000);

it('clients reconnect within 2 s of a restart and get every notification made meanwhile, once', {
  timeout: 300_000,
}, async () => {
  const token = await loginAt(site.url, 'bidder@bawaba.qa');
  const me = await req<{ id: number }>(site.url, 'GET', '/users/me', { token });
  const companies = await req<{ items: { id: number; services: { id: number }[] }[] }>(
    site.url,
    'GET',
    '/companies?limit=5',
    { token },
  );
  const company = companies.data.items[0]!;
  /** A service request notifies its sender ("Request successfully sent"): one notification via the API. */
  const sendRequest = async (title: string) => {
    const r = await req<{ id: number }>(site.url, 'POST', '/requests', {
      token,
      body: {
        company: company.id,
        name: 'Live',
        email: 'bidder@bawaba.qa',
        phone: '55555555',
        services: [company.services[0]!.id],
        project_title: title,
        description: 'Restart test',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  };
  /** Notifications written while the API is down (straight into its database). */
  const writeWhileDown = async (titles: string[]) => {
    const database = await openDatabase({
      databaseUrl: site.databaseUrl,
      dataDir: site.databaseUrl ? null : `${site.dataDir}/pglite`,
    });
    try {
      await database.db
        .insert(notifications)
        .values(titles.map((title) => ({ userId: me.data.id, title, content: 'while down' })));
    } finally {
      await database.close();
    }
  };
  const expected: string[] = [];
  const allReceived = (what: string) =>
    waitFor(
      what,
      () =>
        clients.every((c) => c.ids.length >= expected.length && expected.every((t) => c.titles.includes(t))),
      30_000,
    );

  for (let i = 0; i < 3; i++) clients.push(new Client(site.url, token));
  await waitFor('three streams', () => clients.every((c) => c.connections.length === 1), 30_000);
  await sendRequest('Before restart');
  expected.push('Request successfully sent');
  await allReceived('the live notification');

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    await site.stop(signal);
    const down = [`Down ${signal} 1`, `Down ${signal} 2`, `Down ${signal} 3`];
    await writeWhileDown(down);
    expected.push(...down);
    const before = clients.map((c) => c.connections.length);
    await site.start();
    const up = Date.now();
    // Right after the restart, possibly before a client is back: replay or live, never both.
    await sendRequest(`After ${signal}`);
    expected.push('Request successfully sent');
    await allReceived(`the notifications after a ${signal} restart`);
    const again = clients.map((c, k) => c.connections[before[k]!]);
    console.info(
      `sse-restart (${site.kind}, ${signal}): reconnection attempted ${again.map((x) => (x ? x.attempted - up : '–')).join(', ')} ms ` +
        `and open ${again.map((x) => (x ? x.open - up : '–')).join(', ')} ms after the API was up`,
    );
    for (const [k, x] of again.entries()) {
      expect(x, `client ${k} reconnected after ${signal}`).toBeDefined();
      // The client's part: it is back within 2 s (retry 1000 ms, Last-Event-ID). The stream opening also
      // waits for the freshly started server's first queries: bounded generously for a loaded CI machine.
      expect(x!.attempted - up, `client ${k} reconnect attempt after ${signal}`).toBeLessThanOrEqual(2000);
      expect(x!.open - up, `client ${k} stream open after ${signal}`).toBeLessThanOrEqual(5000);
    }
  }

  // Two "Request successfully sent" after restarts plus the first: each id once, in order, on every client.
  for (const c of clients) {
    expect(new Set(c.ids).size).toBe(c.ids.length);
    expect([...c.ids].sort((a, b) => a - b)).toEqual(c.ids);
    expect(c.ids).toHaveLength(3 + 6);
    expect(c.titles.filter((t) => t === 'Request successfully sent')).toHaveLength(3);
  }
  // Nothing else arrives late (a duplicate would show up here).
  await sleep(1500);
  for (const c of clients) expect(c.ids).toHaveLength(9);
});
