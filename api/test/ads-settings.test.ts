import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BIDDER, call, login, logoPng, makeApp, type TestApp, upload } from './helpers.ts';

let app: TestApp;
let admin: string;
let bidder: string;
beforeAll(async () => {
  app = await makeApp();
  [admin, bidder] = await Promise.all([login(app, ADMIN), login(app, BIDDER)]);
});
afterAll(async () => {
  await app.cleanup();
});

describe('ads', () => {
  it('serves the active ad for the directory card, with a public image', async () => {
    const r = await call(app, 'GET', '/ads/active');
    expect(r.body.data).toMatchObject({ title: 'List your company on Bawaba', active: true });
    const img = await app.inject({ method: 'GET', url: new URL(r.body.data.imageUrl).pathname });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('admin creates, updates and deletes ads; the newest active one wins', async () => {
    const img = await upload(app, admin, 'ad', 'ad.png', logoPng(9));
    const created = await call(app, 'POST', '/admin/ads', {
      token: admin,
      payload: {
        title: 'Ramadan offers',
        imageFileId: img.body.data.id,
        linkUrl: 'https://bawaba.qa/ramadan',
      },
    });
    expect(created.status).toBe(201);
    expect((await call(app, 'GET', '/ads/active')).body.data.id).toBe(created.body.data.id);

    const future = await call(app, 'PATCH', `/admin/ads/${created.body.data.id}`, {
      token: admin,
      payload: { startsAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(future.status).toBe(200);
    expect((await call(app, 'GET', '/ads/active')).body.data.title).toBe('List your company on Bawaba');

    const list = await call(app, 'GET', '/admin/ads', { token: admin });
    expect(list.body.data.totalItems).toBe(3);
    // Searched and paged by the server.
    const found = await call(app, 'GET', '/admin/ads', { token: admin, query: { search: 'ramadan' } });
    expect(found.body.data.items.map((a: { title: string }) => a.title)).toEqual(['Ramadan offers']);
    const firstPage = await call(app, 'GET', '/admin/ads', { token: admin, query: { limit: '2' } });
    expect(firstPage.body.data).toMatchObject({ totalItems: 3, pageCount: 2 });
    expect(firstPage.body.data.items).toHaveLength(2);
    expect((await call(app, 'DELETE', `/admin/ads/${created.body.data.id}`, { token: admin })).status).toBe(
      200,
    );
    expect((await call(app, 'GET', '/admin/ads', { token: admin })).body.data.totalItems).toBe(2);

    const missing = await call(app, 'POST', '/admin/ads', { token: admin, payload: { title: 'No image' } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('imageFileId: Image is required.');
    const notAd = await upload(app, bidder, 'avatar', 'me.png', logoPng(2));
    const wrong = await call(app, 'POST', '/admin/ads', {
      token: admin,
      payload: { title: 'x', imageFileId: notAd.body.data.id },
    });
    expect(wrong.body.code).toBe('INVALID_FILE_REFERENCE');
    expect((await call(app, 'POST', '/admin/ads', { token: bidder, payload: { title: 'x' } })).status).toBe(
      403,
    );
  });
});

describe('settings', () => {
  it('serves the back-office setting, editable by admins only', async () => {
    const r = await call(app, 'GET', '/bo-setting');
    expect(r.body.data).toMatchObject({
      email: 'info@bawaba.qa',
      addressAr: expect.stringMatching(/الدوحة/),
    });
    const up = await call(app, 'PUT', '/admin/bo-setting', {
      token: admin,
      payload: { phone: '+974 4411 2233' },
    });
    expect(up.body.data.phone).toBe('+974 4411 2233');
    expect(up.body.data.email).toBe('info@bawaba.qa');
    expect((await call(app, 'GET', '/bo-setting')).body.data.phone).toBe('+974 4411 2233');
    expect(
      (await call(app, 'PUT', '/admin/bo-setting', { token: bidder, payload: { phone: '1' } })).status,
    ).toBe(403);
    const bad = await call(app, 'PUT', '/admin/bo-setting', {
      token: admin,
      payload: { facebook: 'not a url' },
    });
    expect(bad.status).toBe(422);
    expect((await call(app, 'GET', '/bo-setting')).body.data.facebook).toBe(
      'https://www.facebook.com/bawaba.qa',
    );
  });

  it('keeps the footer services an admin chose (catalogue services, at most 8, each once); other saves leave them', async () => {
    expect((await call(app, 'GET', '/bo-setting')).body.data.footerServiceIds).toEqual([]);
    const services = ((await call(app, 'GET', '/services')).body.data as { id: number }[]).map((s) => s.id);
    const [a, b, c] = services.slice(-3) as [number, number, number];
    const chosen = await call(app, 'PUT', '/admin/bo-setting', {
      token: admin,
      payload: { footerServiceIds: [c, a, c, b] },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.footerServiceIds).toEqual([c, a, b]);
    // A save of other fields keeps the choice.
    await call(app, 'PUT', '/admin/bo-setting', { token: admin, payload: { phone: '+974 4455 6677' } });
    expect((await call(app, 'GET', '/bo-setting')).body.data).toMatchObject({
      phone: '+974 4455 6677',
      footerServiceIds: [c, a, b],
    });

    const unknown = await call(app, 'PUT', '/admin/bo-setting', {
      token: admin,
      payload: { footerServiceIds: [a, 999_999] },
      headers: { 'accept-language': 'ar' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('UNKNOWN_SERVICE');
    expect(unknown.body.message).toContain('إحدى الخدمات المختارة غير موجودة');
    for (const [language, message] of [
      ['en', 'footerServiceIds: At most 8 services in the footer.'],
      ['ar', 'footerServiceIds: 8 خدمات على الأكثر في تذييل الموقع.'],
    ] as const) {
      const tooMany = await call(app, 'PUT', '/admin/bo-setting', {
        token: admin,
        payload: { footerServiceIds: services.slice(0, 9) },
        headers: { 'accept-language': language },
      });
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.message).toContain(message);
    }
    expect((await call(app, 'GET', '/bo-setting')).body.data.footerServiceIds).toEqual([c, a, b]);
    // None chosen: the footer lists the catalogue's first services again.
    const cleared = await call(app, 'PUT', '/admin/bo-setting', {
      token: admin,
      payload: { footerServiceIds: [] },
    });
    expect(cleared.body.data.footerServiceIds).toEqual([]);
  });

  it('takes no retired service into the footer, and keeps one already there once it is retired', async () => {
    const admin_ = (method: string, path: string, payload: object) =>
      call(app, method, path, { token: admin, payload });
    const category = (
      await admin_('POST', '/admin/catalog/categories', { nameEn: 'Footer trades', nameAr: 'مهن التذييل' })
    ).body.data.id as number;
    const [chosen, later] = await Promise.all(
      [
        { nameEn: 'Footer joinery', nameAr: 'نجارة التذييل' },
        { nameEn: 'Footer glazing', nameAr: 'زجاج التذييل' },
      ].map(
        async (names) =>
          (await admin_('POST', '/admin/catalog/services', { ...names, categoryId: category })).body.data
            .id as number,
      ),
    );
    expect((await admin_('PUT', '/admin/bo-setting', { footerServiceIds: [chosen] })).status).toBe(200);
    for (const id of [chosen, later] as number[])
      expect(
        (await admin_('PATCH', `/admin/catalog/services/${id}`, { version: 1, retired: true })).status,
      ).toBe(200);

    // Already in the footer: kept through a save of the footer and of other fields.
    expect(
      (await admin_('PUT', '/admin/bo-setting', { footerServiceIds: [chosen] })).body.data.footerServiceIds,
    ).toEqual([chosen]);
    // Not in it: refused, translated, naming the field; nothing changes.
    for (const [language, message] of [
      ['en', 'One of the selected services is no longer offered for new records (footerServiceIds)'],
      ['ar', 'إحدى الخدمات المختارة لم تعد متاحة للسجلات الجديدة'],
    ] as const) {
      const refused = await call(app, 'PUT', '/admin/bo-setting', {
        token: admin,
        payload: { footerServiceIds: [chosen, later] },
        headers: { 'accept-language': language },
      });
      expect([refused.status, refused.body.code]).toEqual([422, 'SERVICE_RETIRED']);
      expect(refused.body.message).toContain(message);
    }
    expect((await call(app, 'GET', '/bo-setting')).body.data.footerServiceIds).toEqual([chosen]);
    await admin_('PUT', '/admin/bo-setting', { footerServiceIds: [] });
  });

  it('serves the lookup values the forms use', async () => {
    const r = await call(app, 'GET', '/settings');
    expect(r.body.data).toMatchObject({
      currencies: ['QAR', 'USD', 'EUR'],
      defaultCurrency: 'QAR',
      defaultPaymentTerms: '30_days',
      limits: { companyPageSize: 5, tenderPageSize: 8, notificationPageSize: 4, bondRange: [0, 100000] },
    });
    expect(r.body.data.paymentTerms).toContainEqual({
      value: 'advance',
      label: '50% Advance, 50% Completion',
    });
  });
});
