/**
 * The follow alert is live across API processes: a follower's stream is open on one API process while the admin
 * approves the tender on ANOTHER process on the same PostgreSQL database; the notice reaches the stream within
 * seconds (the approval's transaction writes it, the bus — LISTEN/NOTIFY — carries it to the stream's process).
 * Real processes (node src/main.ts). With DATABASE_URL two processes share one database; on PGlite (one process
 * per data folder) the same process approves, as in notifications.test.ts and session-cache.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_URL } from './helpers.ts';
import { type ApiSite, apiSite, loginAt, registerAt, req, sleep, waitFor } from './process-helpers.ts';

const DAY = 86_400_000;
type Notice = { id: number; title: string; link: string | null; tender: { id: number } | null };

/** A live stream read with fetch: every notification it delivers, in order. */
function stream(base: string, token: string, language: string) {
  const abort = new AbortController();
  const got: Notice[] = [];
  let open = false;
  const done = (async () => {
    const res = await fetch(`${base}/notification/subscribe`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'accept-language': language },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    open = true;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('');
        buffer = buffer.slice(end + 2);
        if (data) got.push((JSON.parse(data) as { data: Notice }).data);
      }
    }
  })().catch((err: unknown) => {
    if (!abort.signal.aborted) throw err;
  });
  return {
    got,
    opened: () => waitFor('the stream to open', () => open),
    async close() {
      abort.abort();
      await done;
    },
  };
}

let site: ApiSite;
/** The second API process on the same database (PostgreSQL only). */
let second: ApiSite | null = null;

beforeAll(async () => {
  site = await apiSite({ SSE_HEARTBEAT_MS: '1000' });
  // The first start seeds the demo data: slow on a loaded machine.
  await site.start();
  if (DATABASE_URL) {
    second = await apiSite({ DATABASE_URL: site.databaseUrl! });
    await second.start();
  }
}, 300_000);
afterAll(async () => {
  await second?.cleanup();
  await site?.cleanup();
}, 120_000);

it('an approval on one API process alerts a follower streaming from another, within seconds', {
  timeout: 120_000,
}, async () => {
  const writer = (second ?? site).url;
  const follower = await registerAt(site, 'Live Follower', `live-follower-${Date.now()}@example.qa`);
  const categories = await req<{ id: number; services: { id: number }[] }[]>(site.url, 'GET', '/categories');
  const service = categories.data[0]!.services[0]!.id;
  expect((await req(site.url, 'POST', '/follows', { token: follower, body: { service } })).status).toBe(201);
  // The follower reads the site in Arabic (the language switch stores it): live events are written in it.
  expect(
    (await req(site.url, 'PATCH', '/users/me', { token: follower, body: { language: 'ar' } })).status,
  ).toBe(200);

  const [owner, admin] = await Promise.all([
    loginAt(writer, 'owner@bawaba.qa'),
    loginAt(writer, 'admin@bawaba.qa'),
  ]);
  const created = await req<{ id: number; number: string }>(writer, 'POST', '/tenders', {
    token: owner,
    body: {
      title: 'Live followed tender',
      description: 'Across processes',
      status: 'open',
      bond: 0,
      participationFee: 0,
      serviceIds: [service],
      start_date: new Date(Date.now() + 20 * DAY).toISOString(),
      end_date: new Date(Date.now() + 60 * DAY).toISOString(),
      deadline: new Date(Date.now() + 10 * DAY).toISOString(),
    },
  });
  expect(created.status).toBe(201);
  const t = created.data;
  expect((await req(writer, 'POST', `/tenders/${t.id}/publish`, { token: owner })).status).toBe(200);

  const live = stream(site.url, follower, 'ar');
  try {
    await live.opened();
    await sleep(200);
    const approvedAt = Date.now();
    expect((await req(writer, 'POST', `/admin/tenders/${t.id}/approve`, { token: admin })).status).toBe(200);
    const notice = await waitFor(
      'the follow alert on the stream',
      () => live.got.find((n) => n.tender?.id === t.id),
      10_000,
      20,
    );
    expect(Date.now() - approvedAt).toBeLessThan(5_000);
    expect(notice).toMatchObject({
      title: 'مناقصة جديدة في خدمة تتابعها',
      link: `/tender-profile/${t.id}`,
    });
    // Exactly once, also after a moment.
    await sleep(500);
    expect(live.got.filter((n) => n.tender?.id === t.id)).toHaveLength(1);
  } finally {
    await live.close();
  }
});
