/**
 * Directory search served from the per-filter id lists and the page cache (src/modules/companies/directory.ts): every page
 * is what the plain query gives (same rows, same order, same masking), and a company write shows on the next read.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCompanies } from '../src/db/seed/large-data.ts';
import { ADMIN, BIDDER, call, DELIVERY, login, makeApp, OWNER, secondApp, type TestApp } from './helpers.ts';

let app: TestApp;
let bidder: string;
let admin: string;
beforeAll(async () => {
  app = await makeApp();
  await seedLargeCompanies(app.ctx.database.db, 300);
  bidder = await login(app, BIDDER);
  admin = await login(app, ADMIN);
});
afterAll(async () => {
  await app.cleanup();
});

type Item = { id: number; name: string; masked: boolean; status: string };
type Query = Record<string, string>;

/** Ids straight from the database, in id order. */
async function idsWhere(where: string): Promise<number[]> {
  const r = await app.ctx.database.db.execute(
    sql.raw(`select c.id from companies c where c.status = 'approved' and ${where} order by c.id`),
  );
  return (r.rows as { id: number }[]).map((x) => Number(x.id));
}

/** Every page of a query, in order: the items and the totals each page reported. */
async function walk(query: Query, token?: string, on: TestApp = app) {
  const items: Item[] = [];
  const totals = new Set<number>();
  const limit = Number(query.limit ?? 5);
  for (let page = 1; ; page++) {
    const r = await call(on, 'GET', '/companies', { token, query: { ...query, page: String(page) } });
    expect(r.status).toBe(200);
    totals.add(r.body.data.totalItems);
    expect(r.body.data.pageCount).toBe(Math.max(1, Math.ceil(r.body.data.totalItems / limit)));
    items.push(...r.body.data.items);
    if (r.body.data.items.length < limit) break;
  }
  return { items, totals: [...totals] };
}

const page = async (query: Query, token?: string, on: TestApp = app) =>
  (await call(on, 'GET', '/companies', { token, query })).body.data as {
    items: Item[];
    totalItems: number;
    pageCount: number;
  };

describe('directory pages from the id lists', () => {
  it('deep pages hold exactly the approved companies matching the filter, in id order, for every filter', async () => {
    const cases: [Query, string, boolean][] = [
      [{ limit: '7' }, 'true', false],
      [{ limit: '7' }, 'true', true],
      [
        { limit: '9', services: '1,2,3' },
        'exists (select 1 from company_services s where s.company_id = c.id and s.service_id in (1,2,3))',
        false,
      ],
      [{ limit: '4', location: '2' }, 'c.location_id = 2', true],
    ];
    for (const [query, where, signedIn] of cases) {
      const expected = await idsWhere(where);
      expect(expected.length).toBeGreaterThan(Number(query.limit)); // more than one page
      const { items, totals } = await walk(query, signedIn ? bidder : undefined);
      expect(items.map((c) => c.id)).toEqual(expected);
      expect(totals).toEqual([expected.length]);
      expect(items.every((c) => c.masked === !signedIn && c.status === 'approved')).toBe(true);
    }
  });

  it('pages of a keyword are its ranked list cut in pages: every match once, in the order of one long page', async () => {
    const cases: [Query, string, boolean][] = [
      // Signed in: at least every company named so (the ranked search also finds other matches).
      [{ limit: '3', name: 'solutions' }, `c.name_en ilike '%solutions%'`, true],
      // Anonymous: the companies offering a service named so, and no other (names are masked).
      [
        { limit: '3', name: 'cloud' },
        `c.id in (select s.company_id from company_services s join services v on v.id = s.service_id where v.name_en ilike '%cloud%')`,
        false,
      ],
    ];
    for (const [query, where, signedIn] of cases) {
      const token = signedIn ? bidder : undefined;
      const named = await idsWhere(where);
      const whole = await page({ name: query.name!, limit: '100' }, token);
      expect(whole.totalItems).toBeGreaterThan(Number(query.limit)); // more than one page
      expect(whole.items.length).toBe(whole.totalItems);
      const { items, totals } = await walk(query, token);
      expect(items.map((c) => c.id)).toEqual(whole.items.map((c) => c.id));
      expect(totals).toEqual([whole.totalItems]);
      const found = new Set(items.map((c) => c.id));
      for (const id of named) expect(found.has(id)).toBe(true);
      if (!signedIn) expect(found.size).toBe(named.length);
      expect(items.every((c) => c.masked === !signedIn && c.status === 'approved')).toBe(true);
    }
  });

  it('a listed company is serialized as the company page serializes it (services, location, masking, language)', async () => {
    for (const [token, lang] of [
      [undefined, 'en'],
      [bidder, 'ar'],
    ] as const) {
      const headers = { 'accept-language': lang };
      for (const p of ['1', '37']) {
        const r = await call(app, 'GET', '/companies', { token, headers, query: { page: p, limit: '8' } });
        expect(r.body.data.items).toHaveLength(8);
        for (const c of r.body.data.items) {
          const one = await call(app, 'GET', `/companies/${c.id}`, { token, headers });
          expect(c).toEqual(one.body.data);
        }
      }
    }
  });

  it('a page past the end is empty and keeps the total', async () => {
    const total = (await idsWhere('true')).length;
    const far = await page({ page: '999', limit: '5' });
    expect(far.items).toEqual([]);
    expect(far.totalItems).toBe(total);
  });
});

describe('directory after company writes (this process)', () => {
  it('approve, reject and edit show on the next read of a page already read (cached)', async () => {
    const approved = await idsWhere('true');
    const victim = approved[101]!; // on page 21 of 5 (items 100–104)
    const q = { page: '21', limit: '5' };
    const before = await page(q);
    expect(before.items.map((c) => c.id)).toEqual(approved.slice(100, 105));
    expect((await page(q)).items.map((c) => c.id)).toEqual(approved.slice(100, 105)); // now cached

    // Rejected: gone at once, the next company moves up, the total drops.
    expect(
      (
        await call(app, 'POST', `/admin/companies/${victim}/reject`, {
          token: admin,
          payload: { reason: 'Incomplete details' },
        })
      ).status,
    ).toBe(200);
    const rejected = await page(q);
    const without = approved.filter((id) => id !== victim);
    expect(rejected.items.map((c) => c.id)).toEqual(without.slice(100, 105));
    expect(rejected.totalItems).toBe(approved.length - 1);
    const lastPage = await page({ page: String(Math.ceil(without.length / 5)), limit: '5' });
    expect(lastPage.items.at(-1)?.id).toBe(without.at(-1));

    // Approved again: back in its place.
    expect((await call(app, 'POST', `/admin/companies/${victim}/approve`, { token: admin })).status).toBe(
      200,
    );
    const back = await page(q);
    expect(back.items.map((c) => c.id)).toEqual(approved.slice(100, 105));
    expect(back.totalItems).toBe(approved.length);

    // A new company: listed (at the end, by id) only once approved, in its filters too.
    const put = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      payload: { name: 'Xylofon Cache Testers', serviceIds: [2], locationId: 3 },
    });
    expect(put.status).toBe(200);
    const id = put.body.data.id as number;
    const lastQ = { page: String(Math.ceil((approved.length + 1) / 5)), limit: '5' };
    const byService = { services: '2', limit: '100' };
    const inService = await page(byService, bidder);
    expect((await page(lastQ)).items.map((c) => c.id)).not.toContain(id);
    expect((await call(app, 'POST', `/admin/companies/${id}/approve`, { token: admin })).status).toBe(200);
    const listed = await page(lastQ);
    expect(listed.items.at(-1)?.id).toBe(id);
    expect(listed.totalItems).toBe(approved.length + 1);
    const inServiceAfter = await page(byService, bidder);
    expect(inServiceAfter.totalItems).toBe(inService.totalItems + 1);
    expect(inServiceAfter.items.find((c) => c.id === id)?.name).toBe('Xylofon Cache Testers');
    expect((await page({ name: 'Xylofon', limit: '5' }, bidder)).items.map((c) => c.id)).toEqual([id]);

    // Edited: back to pending, so out of every list at once.
    const edit = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      payload: { name: 'Xylofon Cache Testers LLC', serviceIds: [2], locationId: 3 },
    });
    expect(edit.body.data.status).toBe('pending');
    expect((await page(lastQ)).items.map((c) => c.id)).not.toContain(id);
    expect((await page(byService, bidder)).totalItems).toBe(inService.totalItems);
    expect((await page({ name: 'Xylofon', limit: '5' }, bidder)).totalItems).toBe(0);
  });
});

describe('directory with a second API process on the same database', () => {
  it('sees a company another process withdrew or listed on its next read, even of a page it holds', async () => {
    const otherApp = await secondApp(app);
    try {
      const approved = await idsWhere('true');
      const q11 = { page: '11', limit: '5' };
      // The second process reads pages 1 and 11 twice: its id list and both pages are cached now.
      for (let i = 0; i < 2; i++) {
        expect((await page({ page: '1', limit: '5' }, undefined, otherApp)).items.map((c) => c.id)).toEqual(
          approved.slice(0, 5),
        );
        expect((await page(q11, undefined, otherApp)).items.map((c) => c.id)).toEqual(approved.slice(50, 55));
      }
      const victim = approved[52]!; // page 11
      expect(
        (
          await call(app, 'POST', `/admin/companies/${victim}/reject`, {
            token: admin,
            payload: { reason: 'Incomplete details' },
          })
        ).status,
      ).toBe(200);
      // Its reads, of the cached page and of one it had not read, show the change as soon as the database's
      // notification has reached it (milliseconds; 2 s allowed for a loaded machine), not a list kept for seconds.
      const without = approved.filter((id) => id !== victim);
      await expect
        .poll(async () => (await page(q11, undefined, otherApp)).items.map((c) => c.id), DELIVERY)
        .toEqual(without.slice(50, 55));
      const p11 = await page(q11, undefined, otherApp);
      expect(p11.totalItems).toBe(without.length);
      expect((await page({ page: '12', limit: '5' }, undefined, otherApp)).items.map((c) => c.id)).toEqual(
        without.slice(55, 60),
      );
      expect((await call(app, 'POST', `/admin/companies/${victim}/approve`, { token: admin })).status).toBe(
        200,
      );
      await expect
        .poll(async () => (await page(q11, undefined, otherApp)).items.map((c) => c.id), DELIVERY)
        .toEqual(approved.slice(50, 55));
      const back = await page(q11, undefined, otherApp);
      expect(back.totalItems).toBe(approved.length);
    } finally {
      await otherApp.cleanup();
    }
  });
});

describe('cached directory pages never cross callers', () => {
  type Body = { data: { items: Item[]; totalItems: number } };
  const get = async (query: Query, token?: string, lang = 'en') => {
    const r = await call(app, 'GET', '/companies', { token, query, headers: { 'accept-language': lang } });
    expect(r.status).toBe(200);
    return { text: r.res.body, body: r.body as Body };
  };
  /** The companies' names in `lang`'s version, else the other (as the API answers them). */
  const realNames = async (ids: number[], lang: 'en' | 'ar' = 'en') => {
    const [mine, other] = lang === 'ar' ? ['name_ar', 'name_en'] : ['name_en', 'name_ar'];
    const r = await app.ctx.database.db.execute(
      sql.raw(
        `select coalesce(${mine}, ${other}) as name from companies where id in (${ids.join(',')}) order by id`,
      ),
    );
    return (r.rows as { name: string }[]).map((x) => x.name);
  };

  it('visitors, signed-in users and each language get their own page, however often asked', async () => {
    const owner = await login(app, OWNER);
    const queries: Query[] = [
      { page: '2', limit: '5' },
      { name: 'solutions', limit: '5' },
    ];
    for (const q of queries) {
      const first = { anon: await get(q), signed: await get(q, bidder), ar: await get(q, undefined, 'ar') };
      const names = await realNames(first.signed.body.data.items.map((c) => c.id));
      const arabicNames = await realNames(
        first.signed.body.data.items.map((c) => c.id),
        'ar',
      );
      expect(names.length).toBe(5);
      // Three rounds, interleaved: every answer after the first of each kind is a cached page.
      for (let round = 0; round < 3; round++) {
        const anon = await get(q);
        const forged = await get(q, 'not.a.token'); // an invalid token counts as anonymous
        const signed = await get(q, bidder);
        const otherUser = await get(q, owner); // the same page for every signed-in user
        const ar = await get(q, undefined, 'ar');
        const arSigned = await get(q, bidder, 'ar');
        for (const visitor of [anon, forged, ar]) {
          expect(visitor.body.data.items.every((c) => c.masked && c.name !== undefined)).toBe(true);
          for (const name of [...names, ...arabicNames]) expect(visitor.text).not.toContain(name);
        }
        expect(anon.text).toBe(first.anon.text);
        expect(forged.text).toBe(first.anon.text);
        expect(ar.text).toBe(first.ar.text);
        expect(signed.text).toBe(first.signed.text);
        expect(otherUser.text).toBe(first.signed.text);
        expect(signed.body.data.items.map((c) => c.name)).toEqual(names);
        expect(signed.body.data.items.every((c) => !c.masked)).toBe(true);
        // Each language gets the companies' names in its version (else the other).
        expect(arSigned.body.data.items.map((c) => c.name)).toEqual(arabicNames);
        expect(arSigned.text).not.toBe(signed.text); // catalog names in Arabic
      }
      if (q.name) {
        // A visitor's keyword matches service names only: a different total than a signed-in user's.
        expect(first.anon.body.data.totalItems).toBeLessThan(first.signed.body.data.totalItems);
      }
    }
  });

  it('a session ended after its page was cached gets the visitor page at once', async () => {
    const token = await login(app, OWNER);
    const q = { page: '3', limit: '5' };
    expect((await get(q, token)).body.data.items.every((c) => !c.masked)).toBe(true);
    expect((await get(q, token)).body.data.items.every((c) => !c.masked)).toBe(true); // cached page, cached session
    expect((await call(app, 'POST', '/auth/logout', { token })).status).toBe(200);
    const after = await get(q, token);
    expect(after.body.data.items.every((c) => c.masked)).toBe(true);
    expect(after.text).toBe((await get(q)).text);
    // Guarded routes refuse the ended session too (the cache did not keep it).
    expect((await call(app, 'GET', '/users/me', { token })).status).toBe(401);
  });
});
