import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, mailOutbox, users } from '../src/db/schema.ts';
import {
  ADMIN,
  call,
  login,
  makeApp,
  OWNER,
  outbox,
  PASSWORD,
  rowCount,
  type TestApp,
  tokenFromLink,
} from './helpers.ts';

/**
 * Follows (GET/POST/DELETE /follows) and what they bring: the suggestions of one's own companies' services, the
 * alert when a tender in a followed service or category is approved (notification + mail in the follower's
 * language, once per user, never to the owner), and GET /tenders/followed. The live delivery of the alert across
 * API processes is in follows-live.test.ts.
 */

const DAY = 86_400_000;
type Ref = { id: number; slug: string; name: string; nameEn: string; nameAr: string };
type Category = Ref & { services: Ref[] };

let app: TestApp;
let admin: string;
let owner: string;
/** Two categories with at least two services each (from the seeded catalog). */
let catA: Category;
let catB: Category;
let seq = 0;

beforeAll(async () => {
  app = await makeApp({
    env: {
      rateLimits: {
        login: 1000,
        loginPerAccount: 100,
        register: 1000,
        forgot: 5,
        upload: 30,
        windowMs: 60_000,
      },
    },
  });
  [admin, owner] = await Promise.all([login(app, ADMIN), login(app, OWNER)]);
  const cats: Category[] = (await call(app, 'GET', '/categories')).body.data;
  [catA, catB] = cats.filter((c) => c.services.length >= 2) as [Category, Category];
});
afterAll(async () => {
  await app.cleanup();
});

/** A new user (registered, password set through the mailed link); `language` is the one their mails use. */
async function newUser(language: 'en' | 'ar' = 'en') {
  const email = `follower${++seq}-${Date.now()}@example.qa`;
  const r = await call(app, 'POST', '/auth/register', { payload: { name: `Follower ${seq}`, email } });
  expect(r.status).toBe(200);
  const mail = outbox(app).find((m) => m.to === email && m.link?.includes('verificationToken'))!;
  const set = await call(app, 'POST', '/auth/set-password', {
    payload: {
      verificationToken: tokenFromLink(mail.link!),
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(set.status).toBe(200);
  const token = set.body.data.accessToken as string;
  expect((await call(app, 'PATCH', '/users/me', { token, payload: { language } })).status).toBe(200);
  const [u] = await app.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, id: u!.id, email };
}

const followService = (token: string, service: number) =>
  call(app, 'POST', '/follows', { token, payload: { service } });
const followCategory = (token: string, category: number) =>
  call(app, 'POST', '/follows', { token, payload: { category } });
const myFollows = async (token: string, lang = 'en') =>
  (await call(app, 'GET', '/follows', { token, headers: { 'accept-language': lang } })).body.data as {
    follows: { id: number; service: Ref | null; category: Ref | null }[];
    suggestions: Ref[];
  };

/** A new tender of owner@ in `serviceIds`, published and (unless `approve` is false) approved by the admin. */
async function tenderIn(serviceIds: number[], approve = true) {
  const created = await call(app, 'POST', '/tenders', {
    token: owner,
    payload: {
      title: `Followed tender ${++seq}`,
      description: 'For the followers',
      status: 'open',
      bond: 0,
      participationFee: 0,
      serviceIds,
      start_date: new Date(Date.now() + 20 * DAY).toISOString(),
      end_date: new Date(Date.now() + 60 * DAY).toISOString(),
      deadline: new Date(Date.now() + 10 * DAY).toISOString(),
    },
  });
  expect(created.status).toBe(201);
  const t = created.body.data as { id: number; number: string; title: string };
  expect((await call(app, 'POST', `/tenders/${t.id}/publish`, { token: owner })).status).toBe(200);
  if (approve)
    expect((await call(app, 'POST', `/admin/tenders/${t.id}/approve`, { token: admin })).status).toBe(200);
  return t;
}

/** The notifications `token`'s user got about tender `id`. */
async function noticesAbout(token: string, id: number) {
  const list = (await call(app, 'GET', '/notification', { token })).body.data as {
    title: string;
    link: string | null;
    tender: { id: number } | null;
  }[];
  return list.filter((n) => n.tender?.id === id);
}

describe('following services and categories', () => {
  it('follows a service and a category, lists them newest first (names in both languages), unfollows', async () => {
    const a = await newUser();
    expect(await myFollows(a.token)).toEqual({ follows: [], suggestions: [] });
    const s = catA.services[0]!;
    const one = await followService(a.token, s.id);
    expect(one.status).toBe(201);
    expect(one.body.data).toMatchObject({
      service: { id: s.id, slug: s.slug, name: s.nameEn, nameEn: s.nameEn, nameAr: s.nameAr },
      category: null,
    });
    const two = await followCategory(a.token, catB.id);
    expect(two.status).toBe(201);
    expect(two.body.data).toMatchObject({ service: null, category: { id: catB.id, slug: catB.slug } });

    const ar = await myFollows(a.token, 'ar');
    expect(ar.follows.map((f) => f.id)).toEqual([two.body.data.id, one.body.data.id]);
    expect(ar.follows[0]!.category!.name).toBe(catB.nameAr);
    expect(ar.follows[1]!.service!.name).toBe(s.nameAr);

    const del = await call(app, 'DELETE', `/follows/${one.body.data.id}`, { token: a.token });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ ok: true });
    expect((await myFollows(a.token)).follows.map((f) => f.id)).toEqual([two.body.data.id]);
    const again = await call(app, 'DELETE', `/follows/${one.body.data.id}`, { token: a.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('FOLLOW_NOT_FOUND');
  });

  it('refuses a second follow of the same service or category, also when the requests race', async () => {
    const a = await newUser();
    const s = catA.services[1]!;
    expect((await followService(a.token, s.id)).status).toBe(201);
    const dup = await followService(a.token, s.id);
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('ALREADY_FOLLOWING');
    const dupAr = await call(app, 'POST', '/follows', {
      token: a.token,
      payload: { service: s.id },
      headers: { 'accept-language': 'ar' },
    });
    expect(dupAr.body.message).toBe('أنت تتابع هذا بالفعل');

    const raced = await Promise.all(Array.from({ length: 6 }, () => followCategory(a.token, catA.id)));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await app.ctx.database.db
      .select()
      .from(follows)
      .where(and(eq(follows.userId, a.id), eq(follows.categoryId, catA.id)));
    expect(rows).toHaveLength(1);
    // Following the same service as someone else is fine.
    const b = await newUser();
    expect((await followService(b.token, s.id)).status).toBe(201);
  });

  it("cannot delete someone else's follow (404, like a missing one)", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const f = await followService(a.token, catB.services[0]!.id);
    const r = await call(app, 'DELETE', `/follows/${f.body.data.id}`, { token: b.token });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('FOLLOW_NOT_FOUND');
    expect((await myFollows(a.token)).follows.map((x) => x.id)).toEqual([f.body.data.id]);
  });

  it('refuses admins (403) and anonymous callers (401) on every follow route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/follows', undefined],
      ['POST', '/follows', { service: catA.services[0]!.id }],
      ['DELETE', '/follows/1', undefined],
      ['GET', '/tenders/followed', undefined],
    ] as const) {
      expect((await call(app, method, url, { token: admin, payload })).status, `${method} ${url}`).toBe(403);
      expect((await call(app, method, url, { payload })).status, `${method} ${url}`).toBe(401);
    }
    const [adminRow] = await app.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ADMIN));
    expect(await app.ctx.database.db.select().from(follows).where(eq(follows.userId, adminRow!.id))).toEqual(
      [],
    );
  });

  it('validates the body: exactly one of service and category, both existing (422), writing nothing', async () => {
    const a = await newUser();
    const before = await rowCount(app, 'follows');
    const cases: [unknown, string][] = [
      [{}, 'VALIDATION_FAILED'],
      [{ service: catA.services[0]!.id, category: catA.id }, 'VALIDATION_FAILED'],
      [{ service: 'x' }, 'VALIDATION_FAILED'],
      [{ service: 1.5 }, 'VALIDATION_FAILED'],
      [{ service: 999_999 }, 'UNKNOWN_SERVICE'],
      [{ category: 999_999 }, 'UNKNOWN_CATEGORY'],
    ];
    for (const [payload, code] of cases) {
      const r = await call(app, 'POST', '/follows', { token: a.token, payload });
      expect(r.status, JSON.stringify(payload)).toBe(422);
      expect(r.body.code, JSON.stringify(payload)).toBe(code);
    }
    const ar = await call(app, 'POST', '/follows', {
      token: a.token,
      payload: {},
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.body.message).toContain('يرجى التحقق من المدخلات');
    expect(ar.body.issues).toEqual([{ field: '(body)', message: 'اختر خدمة واحدة أو فئة واحدة للمتابعة.' }]);
    expect((await call(app, 'DELETE', '/follows/abc', { token: a.token })).status).toBe(422);
    expect(await rowCount(app, 'follows')).toBe(before);
  });

  it("suggests the services of the caller's approved companies that no follow covers yet", async () => {
    const o = await newUser();
    const [s1, s2] = catA.services as [Ref, Ref];
    const t = catB.services[0]!;
    const co = await call(app, 'PUT', '/companies/mine', {
      token: o.token,
      payload: { name: `Follow Co ${seq}`, serviceIds: [t.id, s2.id, s1.id] },
    });
    expect(co.status).toBe(200);
    // Not approved yet: nothing to suggest.
    expect((await myFollows(o.token)).suggestions).toEqual([]);
    expect(
      (await call(app, 'POST', `/admin/companies/${co.body.data.id}/approve`, { token: admin })).status,
    ).toBe(200);
    const ids = (refs: Ref[]) => refs.map((r) => r.id);
    const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
    const all = await myFollows(o.token, 'ar');
    expect(ids(all.suggestions)).toEqual(sorted([s1.id, s2.id, t.id]));
    expect(all.suggestions.find((r) => r.id === t.id)).toEqual({ ...t, name: t.nameAr });
    await followService(o.token, s1.id);
    expect(ids((await myFollows(o.token)).suggestions)).toEqual(sorted([s2.id, t.id]));
    // Following the whole category covers its other service too.
    await followCategory(o.token, catA.id);
    expect(ids((await myFollows(o.token)).suggestions)).toEqual([t.id]);
  });

  it('suggests no retired service, nor a service of a retired category', async () => {
    const o = await newUser();
    const asAdmin = (method: string, path: string, payload: object) =>
      call(app, method, path, { token: admin, payload });
    const category = (
      await asAdmin('POST', '/admin/catalog/categories', {
        nameEn: `Suggested ${seq}`,
        nameAr: `مقترحة ${seq}`,
      })
    ).body.data.id as number;
    const made: number[] = [];
    for (const n of [1, 2])
      made.push(
        (
          await asAdmin('POST', '/admin/catalog/services', {
            nameEn: `Suggested service ${seq}.${n}`,
            nameAr: `خدمة مقترحة ${seq}.${n}`,
            categoryId: category,
          })
        ).body.data.id,
      );
    const co = await call(app, 'PUT', '/companies/mine', {
      token: o.token,
      payload: { name: `Suggested Co ${seq}`, serviceIds: made },
    });
    await asAdmin('POST', `/admin/companies/${co.body.data.id}/approve`, {});
    expect((await myFollows(o.token)).suggestions.map((r) => r.id)).toEqual(made);

    expect(
      (await asAdmin('PATCH', `/admin/catalog/services/${made[1]}`, { version: 1, retired: true })).status,
    ).toBe(200);
    expect((await myFollows(o.token)).suggestions.map((r) => r.id)).toEqual([made[0]]);
    expect(
      (await asAdmin('PATCH', `/admin/catalog/categories/${category}`, { version: 1, retired: true })).status,
    ).toBe(200);
    expect((await myFollows(o.token)).suggestions).toEqual([]);
  });
});

describe('alerts on approval', () => {
  it('tells each follower of the service or its category once, in their language, and nobody else', async () => {
    const s = catA.services[0]!;
    const [bySvc, byCat, byBoth, offers, stranger] = [
      await newUser('ar'),
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser(),
    ];
    await followService(bySvc.token, s.id);
    await followCategory(byCat.token, catA.id);
    await followService(byBoth.token, s.id);
    await followCategory(byBoth.token, catA.id);
    await followCategory(stranger.token, catB.id);
    // A company owner offering the service who also follows it: the "you offer" notice only.
    const co = await call(app, 'PUT', '/companies/mine', {
      token: offers.token,
      payload: { name: `Offering Co ${seq}`, serviceIds: [s.id] },
    });
    await call(app, 'POST', `/admin/companies/${co.body.data.id}/approve`, { token: admin });
    await followService(offers.token, s.id);
    // The tender's owner follows the service too: only "Tender approved".
    await followService(owner, s.id);

    const pending = await tenderIn([s.id], false);
    for (const u of [bySvc, byCat, byBoth]) expect(await noticesAbout(u.token, pending.id)).toEqual([]);
    const mailsBefore = await rowCount(app, 'mail_outbox');
    const t = await tenderIn([s.id]);
    const approvedPending = await call(app, 'POST', `/admin/tenders/${pending.id}/approve`, { token: admin });
    expect(approvedPending.status).toBe(200);

    const followed = {
      title: 'New tender in a service you follow',
      link: `/tender-profile/${t.id}`,
      tender: { id: t.id },
    };
    for (const u of [bySvc, byCat, byBoth]) {
      const got = await noticesAbout(u.token, t.id);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject(followed);
    }
    const offered = await noticesAbout(offers.token, t.id);
    expect(offered).toHaveLength(1);
    expect(offered[0]!.title).toBe('New tender in a service you offer');
    expect(await noticesAbout(stranger.token, t.id)).toEqual([]);
    expect((await noticesAbout(owner, t.id)).map((n) => n.title)).toEqual(['Tender approved']);

    // One mail each, in the follower's language.
    expect(await rowCount(app, 'mail_outbox')).toBeGreaterThan(mailsBefore);
    const mailsTo = (userId: number) =>
      app.ctx.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.userId, userId))
        .then((rows) => rows.filter((m) => m.link?.endsWith(`/tender-profile/${t.id}`)));
    const ar = await mailsTo(bySvc.id);
    expect(ar.map((m) => m.subject)).toEqual(['Bawaba · مناقصة جديدة في خدمة تتابعها']);
    expect(ar[0]!.html).toContain('dir="rtl"');
    expect(ar[0]!.text).toContain(t.number);
    for (const u of [byCat, byBoth])
      expect((await mailsTo(u.id)).map((m) => m.subject)).toEqual([
        'Bawaba · New tender in a service you follow',
      ]);
    expect((await mailsTo(offers.id)).map((m) => m.subject)).toEqual([
      'Bawaba · New tender in a service you offer',
    ]);
    expect(await mailsTo(stranger.id)).toEqual([]);
  });

  it('a rejection tells no follower', async () => {
    const s = catB.services[1]!;
    const f = await newUser();
    await followService(f.token, s.id);
    const t = await tenderIn([s.id], false);
    expect(
      (
        await call(app, 'POST', `/admin/tenders/${t.id}/reject`, {
          token: admin,
          payload: { reason: 'Incomplete details' },
        })
      ).status,
    ).toBe(200);
    expect(await noticesAbout(f.token, t.id)).toEqual([]);
  });
});

describe('GET /tenders/followed', () => {
  it('lists the newest public tenders in followed services and categories, not pending ones, not my own', async () => {
    const s = catB.services[0]!;
    const bySvc = await newUser();
    const byCat = await newUser();
    const nobody = await newUser();
    await followService(bySvc.token, s.id);
    await followCategory(byCat.token, catB.id);
    const older = await tenderIn([s.id]);
    const newer = await tenderIn([catB.services[1]!.id, s.id]);
    const pending = await tenderIn([s.id], false);

    type T = {
      id: number;
      isOwner: boolean;
      isPastDeadline: boolean;
      state: string;
      services: { id: number }[];
    };
    const list = async (token: string, query?: Record<string, string>) => {
      const r = await call(app, 'GET', '/tenders/followed', { token, ...(query ? { query } : {}) });
      expect(r.status).toBe(200);
      return r.body.data as T[];
    };
    const mine = await list(bySvc.token);
    expect(mine.slice(0, 2).map((t) => t.id)).toEqual([newer.id, older.id]);
    expect(mine.length).toBeLessThanOrEqual(6);
    for (const t of mine) {
      expect(t).toMatchObject({ state: 'published', isPastDeadline: false, isOwner: false });
      expect(t.services.map((x) => x.id)).toContain(s.id);
    }
    expect(mine.map((t) => t.id)).not.toContain(pending.id);

    const viaCategory = await list(byCat.token, { limit: '20' });
    expect(viaCategory.slice(0, 2).map((t) => t.id)).toEqual([newer.id, older.id]);
    for (const t of viaCategory)
      expect(t.services.some((x) => catB.services.some((c) => c.id === x.id))).toBe(true);

    expect(await list(nobody.token)).toEqual([]);
    expect((await list(bySvc.token, { limit: '1' })).map((t) => t.id)).toEqual([newer.id]);
    // The owner follows catA's first service (earlier test) and catB here: never their own tenders.
    await followCategory(owner, catB.id);
    const own = await list(owner, { limit: '20' });
    expect(own.map((t) => t.id)).not.toContain(newer.id);
    expect(own.every((t) => !t.isOwner)).toBe(true);

    for (const limit of ['0', '21', 'x']) {
      const r = await call(app, 'GET', '/tenders/followed', { token: bySvc.token, query: { limit } });
      expect(r.status, limit).toBe(422);
    }
  });
});
