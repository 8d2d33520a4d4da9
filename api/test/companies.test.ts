import { MASKED_NAME } from '@bawaba/shared/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, notifications } from '../src/db/schema.ts';
import { refreshStaleSearch } from '../src/db/search-documents.ts';
import {
  ADMIN,
  BIDDER,
  call,
  login,
  makeApp,
  OWNER,
  outbox,
  type TestApp,
  tokenFromLink,
} from './helpers.ts';

let app: TestApp;
let bidder: string;
let admin: string;
beforeAll(async () => {
  app = await makeApp();
  bidder = await login(app, BIDDER);
  admin = await login(app, ADMIN);
});
afterAll(async () => {
  await app.cleanup();
});

/** Signs up a new user (with the sign-up form's optional company name) and returns their token. */
async function signUp(name: string, email: string, companyName?: string): Promise<string> {
  const r = await call(app, 'POST', '/auth/register', {
    payload: { name, email, ...(companyName ? { companyName } : {}) },
  });
  expect(r.status).toBe(200);
  const link = outbox(app).find((m) => m.to === email)?.link;
  const verificationToken = tokenFromLink(link!);
  const set = await call(app, 'POST', '/auth/set-password', {
    payload: { verificationToken, newPassword: 'secret1', confirmPassword: 'secret1' },
  });
  expect(set.status).toBe(200);
  return set.body.data.accessToken;
}

type Notice = { title: string; content: string };
const noticesOf = async (token: string, language: 'en' | 'ar') =>
  (await call(app, 'GET', '/notification', { token, headers: { 'accept-language': language } })).body
    .data as Notice[];

describe('catalog', () => {
  it('lists ≥ 12 categories with ≥ 60 services and ≥ 10 locations, in both languages', async () => {
    const cats = await call(app, 'GET', '/categories');
    expect(cats.body.data.length).toBeGreaterThanOrEqual(12);
    const nServices = cats.body.data.reduce(
      (n: number, c: { services: unknown[] }) => n + c.services.length,
      0,
    );
    expect(nServices).toBeGreaterThanOrEqual(60);
    expect(cats.body.data[0]).toMatchObject({
      name: 'IT Services',
      nameEn: 'IT Services',
      nameAr: 'خدمات تقنية المعلومات',
    });
    const ar = await call(app, 'GET', '/categories', { headers: { 'accept-language': 'ar' } });
    expect(ar.body.data[0].name).toBe('خدمات تقنية المعلومات');
    const locs = await call(app, 'GET', '/locations');
    expect(locs.body.data.length).toBeGreaterThanOrEqual(10);
    expect(locs.body.data[0]).toMatchObject({ nameEn: 'Doha', nameAr: 'الدوحة' });
  });

  it('autocompletes service names in English and Arabic', async () => {
    const en = await call(app, 'GET', '/services/autocomplete', { query: { q: 'develop' } });
    expect(en.body.data.map((s: { nameEn: string }) => s.nameEn)).toEqual(
      expect.arrayContaining(['Web Development', 'Mobile App Development']),
    );
    const ar = await call(app, 'GET', '/services/autocomplete', { query: { q: 'الأمن' } });
    expect(ar.body.data[0].nameEn).toBe('Cybersecurity');
    const wild = await call(app, 'GET', '/services/autocomplete', { query: { q: '%' } });
    expect(wild.body.data).toEqual([]);
  });
});

describe('directory', () => {
  it('masks names, descriptions, website and socials for anonymous callers — the real values never leave', async () => {
    const r = await call(app, 'GET', '/companies', { query: { limit: '100' } });
    expect(r.status).toBe(200);
    expect(r.body.data.totalItems).toBeGreaterThanOrEqual(60);
    for (const c of r.body.data.items) {
      expect(c.name).toBe(MASKED_NAME);
      expect(c.website_url).toBeNull();
      expect(c.facebook).toBeNull();
      expect(c.masked).toBe(true);
    }
    expect(r.res.body).not.toContain('Doha Digital Solutions');
    const one = await call(app, 'GET', '/companies/1');
    expect(one.body.data.name).toBe(MASKED_NAME);
    expect(one.res.body).not.toContain('Doha Digital Solutions');
  });

  it('shows full details to signed-in users', async () => {
    const r = await call(app, 'GET', '/companies/1', { token: bidder });
    expect(r.body.data).toMatchObject({
      id: 1,
      name: 'Doha Digital Solutions',
      masked: false,
      status: 'approved',
    });
    expect(r.body.data.website_url).toMatch(/^https:/);
    expect(r.body.data.categories.length).toBeGreaterThan(0);
    // Logos end with an allowed extension (the front end shows only png/jpg/jpeg/gif/webp).
    expect(r.body.data.logo_url).toMatch(/^http:\/\/localhost:4000\/api\/v1\/files\/[0-9a-f-]{36}\.png$/);
  });

  it('pages by 5 by default and filters by services, location and keyword', async () => {
    const all = await call(app, 'GET', '/companies', { token: bidder });
    expect(all.body.data.items).toHaveLength(5);
    expect(all.body.data.pageCount).toBe(Math.ceil(all.body.data.totalItems / 5));
    const page2 = await call(app, 'GET', '/companies', { token: bidder, query: { page: '2' } });
    expect(page2.body.data.items[0].id).not.toBe(all.body.data.items[0].id);

    const byService = await call(app, 'GET', '/companies', {
      token: bidder,
      query: { services: '1,2', limit: '100' },
    });
    expect(byService.body.data.totalItems).toBeGreaterThan(0);
    expect(byService.body.data.totalItems).toBeLessThan(all.body.data.totalItems);
    for (const c of byService.body.data.items) {
      expect(c.services.some((s: { id: number }) => s.id === 1 || s.id === 2)).toBe(true);
    }
    const byLoc = await call(app, 'GET', '/companies', {
      token: bidder,
      query: { location: '2', limit: '100' },
    });
    for (const c of byLoc.body.data.items) expect(c.location.id).toBe(2);

    const byName = await call(app, 'GET', '/companies', { token: bidder, query: { name: 'Doha Digital' } });
    expect(byName.body.data.items.map((c: { name: string }) => c.name)).toContain('Doha Digital Solutions');
    // Anonymous keyword search does not match the hidden names (each word must match the catalog: `Doha` is a
    // location and `Digital` a service's word, `Solutions` only a name).
    const anonName = await call(app, 'GET', '/companies', { query: { name: 'Doha Digital Solutions' } });
    expect(anonName.body.data.totalItems).toBe(0);
    const anonService = await call(app, 'GET', '/companies', { query: { name: 'Cloud Hosting' } });
    expect(anonService.body.data.totalItems).toBeGreaterThan(0);

    const bad = await call(app, 'GET', '/companies', { query: { page: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^page: /);
  });
});

describe('my company and approval', () => {
  it('registers a pending company with sanitized HTML; it is listed only after an admin approves it', async () => {
    const mine0 = await call(app, 'GET', '/companies/mine', { token: bidder });
    expect(mine0.body.data).toBeNull();
    const r = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      payload: {
        name: 'Sara Consulting',
        description:
          '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a><strong>ok</strong></p>',
        serviceIds: [1, 3],
        locationId: 1,
        website_url: 'https://sara.qa',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('pending');
    expect(r.body.data.description).toBe(
      '<p>Hello <a rel="noopener noreferrer nofollow" target="_blank">x</a><strong>ok</strong></p>',
    );
    const id = r.body.data.id;

    expect((await call(app, 'GET', `/companies/${id}`, { token: await login(app, OWNER) })).status).toBe(404);
    expect((await call(app, 'GET', `/companies/${id}`, { token: bidder })).status).toBe(200);
    const search = await call(app, 'GET', '/companies', {
      token: bidder,
      query: { name: 'Sara Consulting' },
    });
    expect(search.body.data.totalItems).toBe(0);

    expect((await call(app, 'POST', `/admin/companies/${id}/approve`, { token: bidder })).status).toBe(403);
    const pending = await call(app, 'GET', '/admin/companies', {
      token: admin,
      query: { status: 'pending' },
    });
    expect(pending.body.data.items.map((c: { id: number }) => c.id)).toContain(id);
    const ok = await call(app, 'POST', `/admin/companies/${id}/approve`, { token: admin });
    expect(ok.body.data.status).toBe('approved');
    const after = await call(app, 'GET', '/companies', { token: bidder, query: { name: 'Sara Consulting' } });
    expect(after.body.data.totalItems).toBe(1);
    const me = await call(app, 'GET', '/users/me', { token: bidder });
    expect(me.body.data).toMatchObject({ hasCompany: true, companyName: 'Sara Consulting' });

    // Editing sends it back to pending.
    const edit = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      payload: { name: 'Sara Consulting LLC', serviceIds: [1] },
    });
    expect(edit.body.data.status).toBe('pending');
    expect(edit.body.data.id).toBe(id);
    // …and leaves the directory at once (cached pages are dropped on every company write).
    const gone = await call(app, 'GET', '/companies', { token: bidder, query: { name: 'Sara Consulting' } });
    expect(gone.body.data.totalItems).toBe(0);
  });

  it('refuses unknown services (nothing written), admins, and anonymous callers', async () => {
    const t = await login(app, 'omar@gulfstar.qa');
    const before = await call(app, 'GET', '/companies/mine', { token: t });
    const bad = await call(app, 'PUT', '/companies/mine', {
      token: t,
      payload: { name: 'Renamed', serviceIds: [99999] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('UNKNOWN_SERVICE');
    const after = await call(app, 'GET', '/companies/mine', { token: t });
    expect(after.body.data).toEqual(before.body.data);
    expect(
      (await call(app, 'PUT', '/companies/mine', { token: admin, payload: { name: 'A', serviceIds: [1] } }))
        .status,
    ).toBe(403);
    expect(
      (await call(app, 'PUT', '/companies/mine', { payload: { name: 'A', serviceIds: [1] } })).status,
    ).toBe(401);
    const missing = await call(app, 'PUT', '/companies/mine', { token: t, payload: { serviceIds: [1] } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('name: Company name is required.');
  });

  it('admin list: searched and paged on the server by name, service (en/ar) or location', async () => {
    type C = {
      id: number;
      name: string;
      services: { nameEn: string; nameAr: string }[];
      location: { nameEn: string } | null;
    };
    const all = await call(app, 'GET', '/admin/companies', { token: admin, query: { limit: '100' } });
    const target = (all.body.data.items as C[]).find((c) => c.services.length > 0 && c.location)!;
    const ids = async (query: Record<string, string>) => {
      const res = await call(app, 'GET', '/admin/companies', {
        token: admin,
        query: { limit: '100', ...query },
      });
      expect(res.status).toBe(200);
      return (res.body.data.items as C[]).map((c) => c.id);
    };
    expect(await ids({ search: target.name })).toContain(target.id);
    expect(await ids({ search: target.services[0]!.nameAr })).toContain(target.id);
    expect(await ids({ search: target.location!.nameEn.toUpperCase() })).toContain(target.id);
    expect(await ids({ search: `${target.name} zzzz-no-such-word` })).toEqual([]);
    // The directory's Arabic-aware search: a spelling variant (ta marbuta written as ha, bare alef, diacritics) of
    // an Arabic name finds the company, pending or approved.
    const [arabic] = await app.ctx.database.db
      .insert(companies)
      .values({ nameEn: null, nameAr: 'مؤسسة القُرَيّات للإضاءة', status: 'pending' })
      .returning();
    await refreshStaleSearch(app.ctx.database.db);
    for (const variant of ['موسسه القريات', 'القُرَيّات', 'قريات'])
      expect([variant, await ids({ search: variant })]).toEqual([variant, [arabic!.id]]);
    // Paged: a page of 2 of the search, with the total.
    const page = await call(app, 'GET', '/admin/companies', {
      token: admin,
      query: { search: target.services[0]!.nameEn, limit: '2', page: '1' },
    });
    expect(page.body.data.items.length).toBeLessThanOrEqual(2);
    expect(page.body.data.totalItems).toBeGreaterThanOrEqual(1);
    expect(
      (await call(app, 'GET', '/admin/companies', { token: admin, query: { search: 'x'.repeat(101) } }))
        .status,
    ).toBe(422);
  });

  it('signing up with a company name creates no company: one exists only with its complete profile', async () => {
    const token = await signUp('Latifa Test', 'latifa@example.qa', 'Latifa Interiors');
    expect((await call(app, 'GET', '/companies/mine', { token })).body.data).toBeNull();
    const listed = await call(app, 'GET', '/admin/companies', {
      token: admin,
      query: { search: 'Latifa Interiors' },
    });
    expect(listed.body.data.totalItems).toBe(0);
    const me = await call(app, 'GET', '/users/me', { token });
    expect(me.body.data).toMatchObject({ hasCompany: false, companyName: null });
  });

  it('needs at least one service: registration refuses none, and an admin cannot approve a company without', async () => {
    const t = await login(app, BIDDER);
    const none = await call(app, 'PUT', '/companies/mine', {
      token: t,
      payload: { name: 'No Services Co', serviceIds: [] },
    });
    expect(none.status).toBe(422);
    expect(none.body.issues[0]).toMatchObject({
      field: 'serviceIds',
      message: 'Please select at least one service.',
    });
    // A pending company without services (rows written before the rule, or services removed since).
    const db = app.ctx.database.db;
    const [c] = await db
      .insert(companies)
      .values({ nameEn: 'Serviceless Trading', status: 'pending' })
      .returning();
    // Written behind the API: its search document is built as at a start.
    await refreshStaleSearch(db);
    // The admin list says it is incomplete and offers only what will not be refused.
    type Row = { id: number; status: string; complete: boolean; canApprove: boolean; canReject: boolean };
    const rowOf = async (id: number) =>
      (
        (
          await call(app, 'GET', '/admin/companies', {
            token: admin,
            query: { limit: '100', status: 'pending' },
          })
        ).body.data.items as Row[]
      ).find((x) => x.id === id);
    expect(await rowOf(c!.id)).toMatchObject({ complete: false, canApprove: false, canReject: true });
    const complete = await call(app, 'PUT', '/companies/mine', {
      token: await login(app, 'yousef@oryx-logistics.qa'),
      payload: { name: 'Oryx Logistics', serviceIds: [2] },
    });
    expect(await rowOf(complete.body.data.id)).toMatchObject({
      complete: true,
      canApprove: true,
      canReject: true,
    });
    const refused = await call(app, 'POST', `/admin/companies/${c!.id}/approve`, {
      token: admin,
      headers: { 'accept-language': 'ar' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('COMPANY_WITHOUT_SERVICES');
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    const [after] = await db
      .select({ status: companies.status })
      .from(companies)
      .where(eq(companies.id, c!.id));
    expect(after?.status).toBe('pending');
    // Rejecting it stays possible.
    expect(
      (
        await call(app, 'POST', `/admin/companies/${c!.id}/reject`, {
          token: admin,
          payload: { reason: 'Incomplete details' },
        })
      ).status,
    ).toBe(200);
    const rejected = (
      await call(app, 'GET', '/admin/companies', { token: admin, query: { search: 'Serviceless Trading' } })
    ).body.data.items as Row[];
    expect(rejected[0]).toMatchObject({
      status: 'rejected',
      complete: false,
      canApprove: false,
      canReject: false,
    });
  });

  it('isolates the company name in its notices (FSI … PDI), so an LTR name ending in parentheses stays whole in Arabic', async () => {
    const token = await signUp('Hamad Test', 'hamad@example.qa');
    const saved = await call(app, 'PUT', '/companies/mine', {
      token,
      payload: { name: 'Al Noor Trading (Lot 2)', serviceIds: [1] },
    });
    expect(saved.status).toBe(200);
    const approved = await call(app, 'POST', `/admin/companies/${saved.body.data.id}/approve`, {
      token: admin,
    });
    expect(approved.status).toBe(200);
    const ar = await noticesOf(token, 'ar');
    expect(ar.map((n) => n.content)).toEqual(
      expect.arrayContaining([
        'أصبحت \u2068Al Noor Trading (Lot 2)\u2069 مدرجة في الدليل.',
        'سيتم إدراج \u2068Al Noor Trading (Lot 2)\u2069 بعد موافقة المسؤول.',
      ]),
    );
    const en = await noticesOf(token, 'en');
    expect(en.find((n) => n.title === 'Company approved')?.content).toBe(
      '\u2068Al Noor Trading (Lot 2)\u2069 is now listed in the directory.',
    );
    // Links are built from ids and carry no isolate.
    const [row] = await app.ctx.database.db
      .select({ link: notifications.link })
      .from(notifications)
      .where(eq(notifications.contentAr, ar[0]!.content));
    expect(row?.link).toMatch(/^\/(companies\/\d+|account)$/);
  });
});
