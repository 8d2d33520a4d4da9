/**
 * The mail outbox survives the API process killed with SIGKILL in the middle of sending a batch: after a restart on
 * the same data every mail of every committed event is delivered, and none twice (each mail keeps its identity,
 * `mail-<row id>`, and the dev outbox writes it under that name). The worker is slowed to a few mails a second
 * (MAIL_RATE_PER_SECOND, the production rate limit) so that the kill lands mid-batch.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema.ts';
import { type ApiSite, apiSite, loginAt, req, sleep, waitFor } from './process-helpers.ts';

const REQUESTS = 12;
let site: ApiSite;

beforeAll(async () => {
  site = await apiSite({ MAIL_RATE_PER_SECOND: '6', MAIL_WORKER_INTERVAL_MS: '200' });
  await site.start();
}, 240_000);
afterAll(async () => {
  await site?.cleanup();
}, 120_000);

/** The event mails of the dev outbox (sign-in mails have no id). */
const eventMails = () =>
  site.outbox().filter((m): m is { to: string; subject: string; id: string } => 'id' in m && Boolean(m.id));

it('delivers every mail exactly once after a SIGKILL mid-batch', { timeout: 300_000 }, async () => {
  const bidder = await loginAt(site.url, 'bidder@bawaba.qa');
  // Each service request mails the requester ("sent") and the admin ("to review"): 2 mails per request.
  for (let i = 0; i < REQUESTS; i++) {
    const r = await req(site.url, 'POST', '/requests', {
      token: bidder,
      body: {
        name: 'Sara',
        email: 'sara@example.qa',
        phone: '97455001122',
        services: [1],
        project_title: `Mail burst ${i}`,
        description: 'Durability of the mail outbox',
        company: 1,
      },
    });
    expect(r.status).toBe(201);
  }
  const expected = 2 * REQUESTS;
  await waitFor('the first mails', () => eventMails().length >= 3, 60_000);
  await site.stop('SIGKILL');
  const atKill = eventMails().length;
  expect(atKill).toBeLessThan(expected);

  await site.start();
  await waitFor(`all ${expected} mails`, () => eventMails().length >= expected, 120_000, 200);
  await sleep(1500);
  const mails = eventMails();
  expect(mails).toHaveLength(expected);
  expect(new Set(mails.map((m) => m.id)).size).toBe(expected);
  expect(mails.filter((m) => m.to === 'bidder@bawaba.qa')).toHaveLength(REQUESTS);
  expect(mails.filter((m) => m.to === 'admin@bawaba.qa')).toHaveLength(REQUESTS);

  // The queue agrees: every row sent; only mails in flight at the kill were tried again (with the same identity).
  await site.stop('SIGTERM');
  const database = await openDatabase({
    databaseUrl: site.databaseUrl,
    dataDir: site.databaseUrl ? null : `${site.dataDir}/pglite`,
  });
  try {
    const rows = await database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(expected);
    expect(rows.every((r) => r.sentAt !== null && r.failedAt === null)).toBe(true);
    expect(new Set(mails.map((m) => m.id))).toEqual(new Set(rows.map((r) => `mail-${r.id}`)));
    expect(rows.filter((r) => r.attempts > 1).length).toBeLessThanOrEqual(20);
  } finally {
    await database.close();
  }
});
