import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../src/context.ts';
import { mailOutbox, users } from '../src/db/schema.ts';
import type { Mail } from '../src/lib/mail.ts';
import { backoffMs, enqueueNoticeMails, MAX_ATTEMPTS, startMailWorker } from '../src/lib/mail-outbox.ts';
import { inTx } from '../src/lib/tx.ts';
import {
  ADMIN,
  BIDDER,
  call,
  login,
  makeApp,
  OWNER,
  outbox,
  PASSWORD,
  rowCount,
  type TestApp,
} from './helpers.ts';

/**
 * Email for marketplace events: every in-app notification is also mailed (in the recipient's language, to the
 * page it is about) unless the recipient turned email off for its group; the mails are written in the event's
 * transaction and sent by the outbox worker, with retries, back-off and leases (several workers never send one
 * mail twice). The SIGKILL case is in mail-durability.test.ts.
 */

let app: TestApp;
let bidder: string;
let owner: string;
let admin: string;
const request = {
  name: 'Sara',
  email: 'sara@example.qa',
  phone: '97455001122',
  services: [1],
  project_title: 'Website',
  description: 'A bilingual site',
  company: 1,
};

beforeAll(async () => {
  // The app's own worker waits for a kick (a committed event) or an hour: the tests below drive workers themselves.
  app = await makeApp({ env: { mailWorker: { intervalMs: 3_600_000, perSecond: 1000 } } });
  [bidder, owner, admin] = await Promise.all([login(app, BIDDER), login(app, OWNER), login(app, ADMIN)]);
});
afterAll(async () => {
  await app.cleanup();
});

const drain = () => (app.ctx.mail as ReturnType<typeof startMailWorker>).drain();
const userId = async (email: string) =>
  (await app.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('mail for marketplace events', () => {
  it('mails each recipient in their language with a link, unless they turned the group off', async () => {
    // The owner chose Arabic (the language switch: PATCH /users/me); the bidder wants no request mail.
    await call(app, 'PATCH', '/users/me', { token: owner, payload: { language: 'ar' } });
    const me = await call(app, 'GET', '/users/me', { token: owner, headers: { 'accept-language': 'en' } });
    expect(me.body.data).toMatchObject({
      language: 'ar',
      emailPrefs: { requests: true, followed: true, my_tenders: true, my_proposals: true },
    });
    const off = await call(app, 'PATCH', '/users/me', {
      token: bidder,
      payload: { emailPrefs: { requests: false } },
    });
    expect(off.body.data.emailPrefs).toEqual({
      requests: false,
      followed: true,
      my_tenders: true,
      my_proposals: true,
    });
    expect(
      (await call(app, 'PATCH', '/users/me', { token: bidder, payload: { language: 'fr' } })).status,
    ).toBe(422);

    const before = outbox(app).length;
    const sent = await call(app, 'POST', '/requests', { token: bidder, payload: request });
    expect(sent.status).toBe(201);
    await call(app, 'POST', `/requests/${sent.body.data.id}/approve`, { token: admin });
    await drain();
    const mails = outbox(app).slice(before);
    // In-app for everyone; by mail: the admin (to review) and the owner (received), not the bidder.
    expect(mails.map((m) => m.to).sort()).toEqual(['admin@bawaba.qa', 'owner@bawaba.qa']);
    const toOwner = mails.find((m) => m.to === 'owner@bawaba.qa')!;
    expect(toOwner.subject).toBe('Bawaba · تم استلام طلب خدمة جديد');
    expect(toOwner.link).toBe('http://localhost:4000/account/requests');
    expect(toOwner.html).toContain('dir="rtl"');
    const toAdmin = mails.find((m) => m.to === 'admin@bawaba.qa')!;
    expect(toAdmin.subject).toMatch(/^Bawaba · [A-Z]/);
    const inApp = await call(app, 'GET', '/notification', { token: bidder });
    expect(inApp.body.data.length).toBeGreaterThan(0);
    // Every queued mail was sent once: no row left, each file named by its row.
    const rows = await app.ctx.database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('writes no mail for a refused event', async () => {
    const before = await rowCount(app, 'mail_outbox');
    const refused = await call(app, 'POST', '/requests', { token: owner, payload: request });
    expect(refused.status).toBe(409);
    expect(await rowCount(app, 'mail_outbox')).toBe(before);
  });
});

describe('the outbox worker', () => {
  /** Queues `n` mails to the bidder directly (the product path of notify, without its notification). */
  async function queue(n: number): Promise<number[]> {
    const id = await userId(BIDDER);
    await app.ctx.database.db.update(users).set({ emailPrefs: {} }).where(eq(users.id, id));
    const before = (await app.ctx.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).map(
      (r) => r.id,
    );
    await inTx(app.ctx, (tx) =>
      enqueueNoticeMails(
        app.ctx,
        tx,
        Array.from({ length: n }, (_, i) => ({
          userId: id,
          group: 'my_proposals' as const,
          title: `Event ${i}`,
          content: 'Something happened',
          titleAr: `حدث ${i}`,
          contentAr: 'حدث شيء',
          link: '/account/submitted-proposals',
        })),
      ),
    );
    const all = await app.ctx.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    return all.map((r) => r.id).filter((x) => !before.includes(x));
  }
  const rowsOf = (ids: number[]) =>
    app.ctx.database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(mailOutbox.id);
  const workerWith = (send: (m: Mail) => Promise<void>) =>
    startMailWorker({ ...app.ctx, mailer: { send } } as Ctx, { intervalMs: 3_600_000, perSecond: 1000 });

  it('retries a failed send with back-off and gives up after the last attempt', async () => {
    const [id] = await queue(1);
    let failures = 2;
    const worker = workerWith(async () => {
      if (failures-- > 0) throw new Error('SMTP 451 try later');
    });
    const started = Date.now();
    await worker.drain();
    let [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: 'SMTP 451 try later' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(started + backoffMs(1) - 50);
    // Not due yet: a round sends nothing.
    await worker.drain();
    expect((await rowsOf([id!]))[0]!.attempts).toBe(1);
    for (const attempts of [2, 3]) {
      await app.ctx.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1) })
        .where(eq(mailOutbox.id, id!));
      await worker.drain();
      [row] = await rowsOf([id!]);
      expect(row!.attempts).toBe(attempts);
    }
    expect(row!.sentAt).not.toBeNull();
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    await worker.stop();

    const [doomed] = await queue(1);
    const broken = workerWith(async () => {
      throw new Error('mailbox unavailable');
    });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await app.ctx.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1) })
        .where(eq(mailOutbox.id, doomed!));
      await broken.drain();
    }
    const [gaveUp] = await rowsOf([doomed!]);
    expect(gaveUp).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null, lastError: 'mailbox unavailable' });
    expect(gaveUp!.failedAt).not.toBeNull();
    await broken.stop();
  });

  it('two workers at once send every mail exactly once, each with its own identity', async () => {
    const ids = await queue(30);
    const sent: string[] = [];
    const slow = async (m: Mail) => {
      await new Promise((r) => setTimeout(r, 2));
      sent.push(m.id!);
    };
    const [a, b] = [workerWith(slow), workerWith(slow)];
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(sent.sort()).toEqual(ids.map((id) => `mail-${id}`).sort());
    expect((await rowsOf(ids)).every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });
});

describe('the profile', () => {
  it('keeps how I want numbers and dates shown: each choice on its own, checked, returned at sign-in', async () => {
    const token = bidder;
    const me = async (t = token) => (await call(app, 'GET', '/users/me', { token: t })).body.data;
    expect((await me()).displayPrefs).toEqual({ digits: 'auto', dateOrder: 'gregorian_first' });
    const digits = await call(app, 'PATCH', '/users/me', {
      token,
      payload: { displayPrefs: { digits: 'latn' } },
    });
    expect(digits.body.data.displayPrefs).toEqual({ digits: 'latn', dateOrder: 'gregorian_first' });
    await call(app, 'PATCH', '/users/me', { token, payload: { displayPrefs: { dateOrder: 'hijri_first' } } });
    expect((await me()).displayPrefs).toEqual({ digits: 'latn', dateOrder: 'hijri_first' });
    // A new sign-in (another browser) gets them with the user.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: BIDDER, password: PASSWORD },
    });
    expect(again.json().data.user.displayPrefs).toEqual({ digits: 'latn', dateOrder: 'hijri_first' });
    const bad = await call(app, 'PATCH', '/users/me', {
      token,
      payload: { displayPrefs: { digits: 'roman' } },
      headers: { 'accept-language': 'ar' },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('الأرقام إما auto أو arab أو latn.');
    expect((await me()).displayPrefs.digits).toBe('latn');
    await call(app, 'PATCH', '/users/me', {
      token,
      payload: { displayPrefs: { digits: 'auto', dateOrder: 'gregorian_first' } },
    });
  });
});
