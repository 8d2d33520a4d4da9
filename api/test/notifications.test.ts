import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { notifications } from '../src/db/schema.ts';
import { ADMIN, BIDDER, call, DATABASE_URL, login, makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
let base: string;
let bidder: string;
let admin: string;
beforeAll(async () => {
  app = await makeApp({ env: { sseHeartbeatMs: 200 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/v1`;
  [bidder, admin] = await Promise.all([login(app, BIDDER), login(app, ADMIN)]);
});
afterAll(async () => {
  await app.cleanup();
});

type Event = { id?: string; data?: string; comment?: string; retry?: string };

/** Reads an SSE stream until `until` returns true for the events so far (or the timeout). */
async function readEvents(
  url: string,
  headers: Record<string, string>,
  until: (e: Event[]) => boolean,
  ms = 5000,
) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), ms);
  const res = await fetch(url, { headers, signal: ctl.signal });
  const events: Event[] = [];
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  const started = { res, events };
  const done = (async () => {
    try {
      while (!until(events)) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const e: Event = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) e.comment = line.slice(1).trim();
            else {
              const [k, ...rest] = line.split(':');
              (e as Record<string, string>)[k!] = rest.join(':').trimStart();
            }
          }
          events.push(e);
          i = buf.indexOf('\n\n');
        }
      }
    } catch {
      /* aborted */
    } finally {
      clearTimeout(timer);
      ctl.abort();
    }
    return events;
  })();
  return { ...started, done };
}

const newRequest = (token: string, title: string) =>
  call(app, 'POST', '/requests', {
    token,
    payload: {
      name: 'S',
      email: 's@x.qa',
      phone: '5555',
      services: [1],
      project_title: title,
      description: 'd',
      company: 2,
    },
  });

describe('notification list', () => {
  it('lists mine newest first with the notification shape, in Arabic when asked, and marks read', async () => {
    const r = await call(app, 'GET', '/notification', { token: bidder });
    expect(r.status).toBe(200);
    const first = r.body.data[0];
    expect(Object.keys(first).sort()).toEqual([
      'content',
      'createdAt',
      'id',
      'link',
      'read',
      'tender',
      'title',
    ]);
    const ids = r.body.data.map((n: { id: number }) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const withTender = r.body.data.find((n: { tender: unknown }) => n.tender);
    expect(withTender.tender).toMatchObject({ id: expect.any(Number), title: expect.any(String) });
    const ar = await call(app, 'GET', '/notification', {
      token: bidder,
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.body.data[0].title).toMatch(/[\u0600-\u06FF]/);

    const one = await call(app, 'POST', `/notification/${first.id}/read`, { token: bidder });
    expect(one.body.data.read).toBe(true);
    expect((await call(app, 'POST', `/notification/${first.id}/read`, { token: admin })).status).toBe(404);
    await call(app, 'POST', '/notification/read-all', { token: bidder });
    const after = await call(app, 'GET', '/notification', { token: bidder });
    expect(after.body.data.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await call(app, 'GET', '/notification')).status).toBe(401);
  });
});

describe('live stream', () => {
  it('refuses without a Bearer token', async () => {
    const res = await fetch(`${base}/notification/subscribe`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED');
  });

  it('sends retry, heartbeats, and each new notification with its id and {data} JSON', async () => {
    const s = await readEvents(
      `${base}/notification/subscribe`,
      { authorization: `Bearer ${bidder}` },
      (e) => e.some((x) => x.data) && e.some((x) => x.comment === 'ping'),
    );
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toContain('text/event-stream');
    await new Promise((r) => setTimeout(r, 100));
    const sent = await newRequest(bidder, 'Live one');
    expect(sent.status).toBe(201);
    const events = await s.done;
    expect(events[0]!.retry).toBe('1000');
    const ev = events.find((e) => e.data)!;
    const payload = JSON.parse(ev.data!);
    expect(payload.data.title).toBe('Request successfully sent');
    expect(payload.data.content).toContain('Live one');
    expect(Number(ev.id)).toBe(payload.data.id);
    expect(events.some((e) => e.comment === 'ping')).toBe(true);
  });

  it('replays everything after Last-Event-ID', async () => {
    const list = (await call(app, 'GET', '/notification', { token: bidder })).body.data;
    const third = list[2].id;
    const expected = list
      .filter((n: { id: number }) => n.id > third)
      .map((n: { id: number }) => String(n.id))
      .reverse();
    const s = await readEvents(
      `${base}/notification/subscribe`,
      { authorization: `Bearer ${bidder}`, 'last-event-id': String(third) },
      (e) => e.filter((x) => x.data).length >= expected.length,
    );
    const events = await s.done;
    expect(events.filter((e) => e.data).map((e) => e.id)).toEqual(expected);
  });

  it('delivers to another API instance on the same database (LISTEN/NOTIFY on PostgreSQL)', async () => {
    // On PostgreSQL a second app on the same database writes; on PGlite (one process) the same app does.
    const second = DATABASE_URL
      ? await buildApp({
          ...app.ctx.config,
          database: undefined,
          seed: false,
          logger: false,
          databaseUrl: app.ctx.config.databaseUrl,
        })
      : null;
    try {
      const writer = second ?? app;
      const token = await login(writer as TestApp, BIDDER);
      const s = await readEvents(
        `${base}/notification/subscribe`,
        { authorization: `Bearer ${bidder}` },
        (e) => e.some((x) => x.data?.includes('Cross instance')),
      );
      await new Promise((r) => setTimeout(r, 100));
      const r = await (writer as TestApp).inject({
        method: 'POST',
        url: '/api/v1/requests',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          name: 'S',
          email: 's@x.qa',
          phone: '5555',
          services: [1],
          project_title: 'Cross instance',
          description: 'd',
          company: 2,
        },
      });
      expect(r.statusCode).toBe(201);
      const events = await s.done;
      expect(events.some((e) => e.data?.includes('Cross instance'))).toBe(true);
    } finally {
      await second?.close();
    }
  });

  it('writes live events in the user’s stored language, whatever the connection asks, and follows a change of it', async () => {
    const token = await login(app, BIDDER);
    const me = (await call(app, 'GET', '/users/me', { token })).body.data;
    expect(me.language).toBe('en');
    const titles = (events: Event[]) =>
      events
        .filter((e) => e.data)
        .map((e) => (JSON.parse(e.data!) as { data: { title: string } }).data.title);
    const open = (language: string) =>
      readEvents(
        `${base}/notification/subscribe`,
        { authorization: `Bearer ${token}`, 'accept-language': language },
        (e) => titles(e).length >= 2,
        8000,
      );
    const streams = [await open('ar'), await open('en')];
    await new Promise((r) => setTimeout(r, 100));
    expect((await newRequest(token, 'Live language one')).status).toBe(201);
    for (let i = 0; i < 100 && streams.some((s) => titles(s.events).length < 1); i++)
      await new Promise((r) => setTimeout(r, 20));
    // The user chooses Arabic (the language switch, sent here in English): the open streams follow.
    const chosen = await call(app, 'PATCH', '/users/me', {
      token,
      payload: { language: 'ar' },
      headers: { 'accept-language': 'en' },
    });
    expect(chosen.body.data.language).toBe('ar');
    try {
      expect((await newRequest(token, 'Live language two')).status).toBe(201);
      for (const s of streams) {
        const [first, second] = titles(await s.done);
        expect(first).toBe('Request successfully sent');
        expect(second).toMatch(/[\u0600-\u06FF]/);
      }
    } finally {
      await call(app, 'PATCH', '/users/me', { token, payload: { language: 'en' } });
    }
  });

  it('ends the stream when the session is revoked', async () => {
    const token = await login(app, BIDDER);
    const s = await readEvents(
      `${base}/notification/subscribe`,
      { authorization: `Bearer ${token}` },
      () => false,
      4000,
    );
    await new Promise((r) => setTimeout(r, 100));
    await call(app, 'POST', '/auth/logout', { token });
    const t0 = Date.now();
    await s.done;
    expect(Date.now() - t0).toBeLessThan(3000);
  });
});

describe('notifications page (cursor)', () => {
  it('reaches every notification, 4 a page, newest first, without repeats — also past the 50 newest', async () => {
    const me = (await call(app, 'GET', '/users/me', { token: bidder })).body.data as { id: number };
    await app.ctx.database.db
      .insert(notifications)
      .values(Array.from({ length: 57 }, (_, i) => ({ userId: me.id, title: `Paged ${i}`, content: 'x' })));
    const seen: number[] = [];
    let before: number | null | undefined;
    let pages = 0;
    let total = 0;
    do {
      const res = await call(app, 'GET', '/notification/page', {
        token: bidder,
        query: { limit: '4', ...(before ? { before: String(before) } : {}) },
      });
      expect(res.status).toBe(200);
      const page = res.body.data as {
        items: { id: number }[];
        totalItems: number;
        nextCursor: number | null;
      };
      total = page.totalItems;
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((n) => n.id));
      before = page.nextCursor;
      pages++;
      // A notification arriving meanwhile goes to page 1 and never shifts the pages being read.
      if (pages === 2)
        await app.ctx.database.db
          .insert(notifications)
          .values({ userId: me.id, title: 'Late', content: 'x' });
    } while (before !== null && pages < 100);
    expect(total).toBeGreaterThanOrEqual(57);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const all = await app.ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, me.id));
    // Everything but the late one (newer than the first page) was reached.
    expect(seen.length).toBe(all.length - 1);
    expect(pages).toBe(Math.ceil(seen.length / 4));
  });

  it('refuses a bad cursor or page size with a translated 422, and anonymous callers', async () => {
    const queries: Record<string, string>[] = [
      { before: '0' },
      { before: 'x' },
      { limit: '101' },
      { limit: '0' },
    ];
    for (const query of queries) {
      const res = await call(app, 'GET', '/notification/page', { token: bidder, query });
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
    expect((await call(app, 'GET', '/notification/page')).status).toBe(401);
  });

  it("words the list's refused size itself, in the caller's language", async () => {
    const ask = (limit: string, lang: string) =>
      call(app, 'GET', '/notification', {
        token: bidder,
        query: { limit },
        headers: { 'accept-language': lang },
      });
    const en = await ask('201', 'en');
    expect(en.status).toBe(422);
    expect(en.body.issues).toEqual([{ field: 'limit', message: 'At most 200 at once' }]);
    const ar = await ask('0', 'ar');
    expect(ar.status).toBe(422);
    expect(ar.body.issues).toEqual([{ field: 'limit', message: 'يجب ألا يقل عن 1' }]);
    expect((await ask('200', 'en')).status).toBe(200);
  });
});
