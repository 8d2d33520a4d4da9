/**
 * The production-like topology (scripts/site/topology.ts) with two API instances behind nginx, on PostgreSQL and the
 * S3 stand-in (node --test; a step of `./bawaba test`, on the throwaway PostgreSQL server it started: DATABASE_URL;
 * without it scripts/site/pg.sh is started on PG_PORT). nginx is installed from Debian when absent.
 * Both instances serve; a live stream through nginx gets, unbuffered, the notifications written through the OTHER
 * instance; one instance SIGKILLed: reads (and a new write) go to the survivor, and the stream reconnects there with
 * Last-Event-ID and gets the notification it missed. The navigation cookie passes nginx both ways (Set-Cookie out,
 * Cookie in) and a sign-out ends it on both instances.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SSE_PATH } from './nginx.ts';
import { type Instance, startTopology, type Topology } from './topology.ts';

const INSTANCE = 'x-bawaba-instance';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntil<T>(what: string, check: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A live stream read as it arrives: what came (text, events) and whether the response has ended. */
async function openStream(url: string, token: string, lastEventId?: number) {
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
  });
  const stream = {
    res,
    instance: res.headers.get(INSTANCE),
    text: '',
    events: [] as { id: number; at: number; title: string }[],
    ended: false,
    abort: () => void reader.cancel().catch(() => {}),
  };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        stream.text += decoder.decode(value, { stream: true });
        const frames = stream.text.split('\n\n').filter((f) => f.includes('data: '));
        for (const frame of frames.slice(stream.events.length)) {
          const id = Number(/^id: (\d+)$/m.exec(frame)?.[1]);
          const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? '{}') as { data?: { title?: string } };
          stream.events.push({ id, at: Date.now(), title: data.data?.title ?? '' });
        }
      }
    } catch {
      // cut (the instance died, or abort())
    }
    stream.ended = true;
  })();
  return stream;
}

let topology: Topology;
before(async () => {
  const [balancer, a, b, s3] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  topology = await startTopology({
    ports: { balancer, instances: [a, b], s3 },
    publicUrl: 'http://localhost:4000',
    ...(process.env.DATABASE_URL ? { postgresServer: process.env.DATABASE_URL } : {}),
    env: { LOG_LEVEL: 'warn' },
  });
});
after(() => topology?.stop());

const json = async (path: string, init: RequestInit & { token?: string; base?: string } = {}) => {
  const { token, base, ...rest } = init;
  const res = await fetch(`${base ?? topology.url}${path}`, {
    ...rest,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(rest.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  return {
    status: res.status,
    instance: res.headers.get(INSTANCE),
    body: (await res.json()) as { data: { accessToken?: string; database?: string } },
  };
};
const login = async (email: string) =>
  (
    await json('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Bawaba2026!' }),
    })
  ).body.data.accessToken!;
/** A service request by the bidder: it notifies the bidder ("request sent") — a notification on demand. */
const sendRequest = (token: string, base: string, title: string) =>
  json('/requests', {
    base,
    token,
    method: 'POST',
    body: JSON.stringify({
      name: 'Sara',
      email: 'sara@example.qa',
      phone: '97455001122',
      services: [1],
      project_title: title,
      description: 'Through the balancer',
      company: 1,
    }),
  });

test('nginx spreads requests over both instances', async () => {
  const served: string[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await json('/companies?limit=5');
    assert.equal(r.status, 200);
    served.push(String(r.instance));
  }
  assert.deepEqual([...new Set(served)].sort(), ['api-1', 'api-2']);
  assert.equal((await json('/health')).body.data.database, 'postgres');
});

test('a file uploaded through one instance is served by the other (the bucket, not a local folder)', async () => {
  const token = await login('bidder@bawaba.qa');
  const [a, b] = topology.instances as [Instance, Instance];
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  const form = new FormData();
  form.append('purpose', 'proposal-attachment');
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'offer.pdf');
  const up = await fetch(`${a.url}/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.equal(up.status, 201);
  const { data } = (await up.json()) as { data: { id: string } };
  const down = await fetch(`${b.url}/files/${data.id}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(down.status, 200);
  assert.deepEqual(Buffer.from(await down.arrayBuffer()), pdf);
  assert.equal(existsSync(path.join(topology.dataDir, 'files')), false);
});

test('the SSE location: no buffering, long timeouts (nginx config)', () => {
  const config = readFileSync(topology.nginx.config, 'utf8');
  const sse = config.slice(config.indexOf(`location = ${SSE_PATH}`));
  const block = sse.slice(0, sse.indexOf('}'));
  assert.match(block, /proxy_buffering off;/);
  assert.match(block, /proxy_read_timeout 1h;/);
  assert.match(config, /proxy_http_version 1\.1;/);
  assert.match(config, /proxy_set_header Connection "";/);
  // Writes are not passed to another instance by nginx (no non_idempotent).
  assert.match(config, /proxy_next_upstream error timeout;/);
  assert.doesNotMatch(config, /non_idempotent;/);
});

test('the navigation cookie through nginx: Set-Cookie reaches the client, the Cookie header both instances, and sign-out ends it on both', async () => {
  const signedIn = await fetch(`${topology.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@bawaba.qa', password: 'Bawaba2026!' }),
  });
  assert.equal(signedIn.status, 200);
  const token = ((await signedIn.json()) as { data: { accessToken: string } }).data.accessToken;
  const set = signedIn.headers.getSetCookie().find((c) => c.startsWith('__Host-bawaba-nav='));
  assert.ok(set, 'the Set-Cookie of the navigation cookie passes nginx');
  const cookie = set.split(';')[0]!;
  const render = (base: string) =>
    fetch(`${base}/users/me`, { headers: { cookie, 'x-bawaba-render': '1' } }).then((r) => r.status);
  const bases = [topology.url, ...topology.instances.map((i) => i.url)];
  for (const base of bases) assert.equal(await render(base), 200);
  const out = await fetch(`${topology.url}/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(out.status, 200);
  assert.match(out.headers.getSetCookie().join('\n'), /^__Host-bawaba-nav=; Max-Age=0;/m);
  for (const base of bases) {
    const deadline = Date.now() + 2000;
    while ((await render(base)) !== 401) {
      assert.ok(Date.now() < deadline, `${base} still reads the cookie of an ended session`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
});

test('a live stream through nginx: events written through the other instance arrive unbuffered; after SIGKILL of its instance it resumes on the survivor with Last-Event-ID', async () => {
  const token = await login('bidder@bawaba.qa');
  const stream = await openStream(`${topology.url.replace('/api/v1', '')}${SSE_PATH}`, token);
  assert.equal(stream.res.status, 200);
  assert.match(String(stream.res.headers.get('content-type')), /^text\/event-stream/);
  const holder = topology.instances.find((i) => i.id === stream.instance);
  const other = topology.instances.find((i) => i.id !== stream.instance);
  assert.ok(holder && other, `the stream's instance header: ${stream.instance}`);
  // The stream's first frame arrives while the response is open: nothing holds it back.
  await waitUntil('the first frame', () => (stream.text.includes('retry: 1000') ? true : undefined));
  assert.equal(stream.ended, false);

  // Two notifications written through the other instance, a few seconds apart: each arrives at once.
  const ids: number[] = [];
  for (const title of ['first', 'second']) {
    const sent = await sendRequest(token, other.url, `Topology ${title}`);
    assert.equal(sent.status, 201);
    assert.equal(sent.instance, other.id);
    const before = Date.now();
    const event = await waitUntil(`event "${title}"`, () => stream.events.at(ids.length), 3000);
    assert.ok(event.at - before < 3000);
    ids.push(event.id);
    if (title === 'first') await new Promise((r) => setTimeout(r, 3000));
  }
  assert.equal(stream.events.length, 2);
  assert.equal(stream.ended, false);

  // SIGKILL the instance holding the stream: the stream ends; what is written meanwhile is not lost.
  await holder.stop('SIGKILL');
  await waitUntil('the cut stream', () => (stream.ended ? true : undefined));
  const missed = await sendRequest(token, topology.url, 'Topology missed');
  assert.equal(missed.status, 201);
  assert.equal(missed.instance, other.id);

  // Reads through nginx keep working, all answered by the survivor.
  for (let i = 0; i < 10; i++) {
    const r = await json('/companies?limit=5');
    assert.equal(r.status, 200);
    assert.equal(r.instance, other.id);
  }

  // The client reconnects through nginx with the last id it saw, lands on the survivor and gets the missed one.
  const again = await openStream(`${topology.url.replace('/api/v1', '')}${SSE_PATH}`, token, ids.at(-1));
  assert.equal(again.res.status, 200);
  assert.equal(again.instance, other.id);
  const caughtUp = await waitUntil('the missed notification', () => again.events[0], 3000);
  assert.ok(caughtUp.id > ids.at(-1)!);
  assert.equal(again.events.length, 1);
  again.abort();
});
