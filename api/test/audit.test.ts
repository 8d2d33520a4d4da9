import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderBody } from './fixtures.ts';
import { ADMIN, BIDDER, call, login, logoPng, makeApp, OWNER, type TestApp, upload } from './helpers.ts';

/**
 * The admin audit log: every admin action writes one row in its own transaction (who, when, what, on which record,
 * why), a refused action writes none, and admins search it and export it as CSV.
 */

let app: TestApp;
let admin: string;
let owner: string;
let adminId: number;
beforeAll(async () => {
  app = await makeApp();
  [admin, owner] = await Promise.all([login(app, ADMIN), login(app, OWNER)]);
  adminId = (await call(app, 'GET', '/users/me', { token: admin })).body.data.id;
});
afterAll(async () => {
  await app.cleanup();
});

const REQUEST = {
  name: 'Sara',
  email: 'sara@example.qa',
  phone: '97455001122',
  services: [1],
  description: 'A bilingual site',
  company: 1,
};

type Row = {
  id: number;
  at: string;
  actor: { id: number | null; name: string };
  action: string;
  target: { type: string; id: number | null; label: string };
  reason: string | null;
  details: Record<string, unknown>;
};

async function audit(query: Record<string, string> = {}): Promise<{ items: Row[]; totalItems: number }> {
  const r = await call(app, 'GET', '/admin/audit', { token: admin, query: { limit: '100', ...query } });
  expect(r.status).toBe(200);
  return r.body.data;
}
const newest = async () => (await audit({ limit: '1' })).items[0];

async function pendingTender(title: string): Promise<number> {
  const draft = await call(app, 'POST', '/tenders', { token: owner, payload: tenderBody({ title }) });
  const id = draft.body.data.id as number;
  expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);
  return id;
}

describe('the admin audit log', () => {
  it('records every admin action with the admin, the target as it was named and the reason', async () => {
    const before = (await audit()).totalItems;
    const admins = { id: adminId, name: expect.any(String) };

    // Companies: approve a pending one, reject another with a reason.
    const pending = await call(app, 'GET', '/admin/companies', {
      token: admin,
      query: { status: 'pending', limit: '100' },
    });
    const toApprove = pending.body.data.items.find((c: { canApprove?: boolean }) => c.canApprove !== false);
    expect(
      (await call(app, 'POST', `/admin/companies/${toApprove.id}/approve`, { token: admin })).status,
    ).toBe(200);
    expect(await newest()).toMatchObject({
      actor: admins,
      action: 'company.approve',
      target: { type: 'company', id: toApprove.id, label: expect.any(String) },
      reason: null,
    });
    const approved = await call(app, 'GET', '/admin/companies', {
      token: admin,
      query: { status: 'approved', limit: '100' },
    });
    // Not company 1: the service requests below go to it.
    const toReject = approved.body.data.items.find((c: { id: number }) => c.id !== 1);
    await call(app, 'POST', `/admin/companies/${toReject.id}/reject`, {
      token: admin,
      payload: { reason: 'The trade licence has expired' },
    });
    expect(await newest()).toMatchObject({
      action: 'company.reject',
      target: { type: 'company', id: toReject.id },
      reason: 'The trade licence has expired',
    });

    // Tenders.
    const t1 = await pendingTender('Audit approve tender');
    expect((await call(app, 'POST', `/admin/tenders/${t1}/approve`, { token: admin })).status).toBe(200);
    const approvedTender = await newest();
    expect(approvedTender).toMatchObject({ action: 'tender.approve', target: { type: 'tender', id: t1 } });
    expect(approvedTender!.target.label).toContain('Audit approve tender');
    const t2 = await pendingTender('Audit reject tender');
    await call(app, 'POST', `/admin/tenders/${t2}/reject`, { token: admin, payload: { reason: 'No scope' } });
    expect(await newest()).toMatchObject({
      action: 'tender.reject',
      target: { type: 'tender', id: t2 },
      reason: 'No scope',
    });

    // Service requests.
    const bidder = await login(app, BIDDER);
    const [r1, r2] = await Promise.all(
      [1, 2].map(
        async (n) =>
          (
            await call(app, 'POST', '/requests', {
              token: bidder,
              payload: { ...REQUEST, project_title: `Audit request ${n}` },
            })
          ).body.data as { id: number },
      ),
    );
    expect((await call(app, 'POST', `/requests/${r1!.id}/approve`, { token: admin })).status).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'request.approve',
      target: { type: 'request', id: r1!.id },
    });
    await call(app, 'POST', `/requests/${r2!.id}/reject`, { token: admin, payload: { reason: 'Spam' } });
    expect(await newest()).toMatchObject({ action: 'request.reject', reason: 'Spam' });

    // Site settings: which fields the save changed.
    expect(
      (await call(app, 'PUT', '/admin/bo-setting', { token: admin, payload: { email: 'ops@bawaba.qa' } }))
        .status,
    ).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'settings.save',
      target: { type: 'settings', id: null },
      details: { fields: ['email'] },
    });

    // Ads: created, changed, deleted — the deleted one still named.
    const img = await upload(app, admin, 'ad', 'ad.png', logoPng(4));
    const ad = await call(app, 'POST', '/admin/ads', {
      token: admin,
      payload: { title: 'Audit ad', imageFileId: img.body.data.id },
    });
    const adId = ad.body.data.id as number;
    expect(await newest()).toMatchObject({
      action: 'ad.create',
      target: { type: 'ad', id: adId, label: 'Audit ad' },
    });
    await call(app, 'PATCH', `/admin/ads/${adId}`, { token: admin, payload: { active: false } });
    expect(await newest()).toMatchObject({ action: 'ad.update', details: { fields: ['active'] } });
    await call(app, 'DELETE', `/admin/ads/${adId}`, { token: admin });
    expect(await newest()).toMatchObject({ action: 'ad.delete', target: { label: 'Audit ad' } });

    const after = await audit();
    expect(after.totalItems).toBe(before + 10);
    // Newest first.
    const times = after.items.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('writes nothing for a refused action', async () => {
    const before = (await audit()).totalItems;
    expect((await call(app, 'POST', '/admin/companies/99999/approve', { token: admin })).status).toBe(404);
    expect((await call(app, 'DELETE', '/admin/ads/99999', { token: admin })).status).toBe(404);
    expect(
      (await call(app, 'PUT', '/admin/bo-setting', { token: admin, payload: { footerServiceIds: [99999] } }))
        .status,
    ).toBe(422);
    expect((await audit()).totalItems).toBe(before);
  });

  it('is searched by text, admin, action, target and dates, and paged', async () => {
    expect((await audit({ q: 'licence expired' })).items.map((r) => r.action)).toEqual(['company.reject']);
    const byAction = await audit({ action: 'tender.reject' });
    expect(byAction.items.map((r) => r.reason)).toEqual(['No scope']);
    expect((await audit({ targetType: 'ad' })).items.map((r) => r.action)).toEqual([
      'ad.delete',
      'ad.update',
      'ad.create',
    ]);
    const all = await audit();
    expect((await audit({ actorId: String(adminId) })).totalItems).toBe(all.totalItems);
    expect((await audit({ actorId: '99999' })).totalItems).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    // A day alone counts as the whole day.
    expect((await audit({ from: today, to: today })).totalItems).toBe(all.totalItems);
    expect((await audit({ to: '2020-01-01' })).totalItems).toBe(0);
    expect((await audit({ from: '2999-01-01' })).totalItems).toBe(0);
    const page2 = await audit({ limit: '2', page: '2' });
    expect(page2.items.map((r) => r.id)).toEqual(all.items.slice(2, 4).map((r) => r.id));

    const bad = await call(app, 'GET', '/admin/audit', {
      token: admin,
      query: { action: 'company.explode' },
      headers: { 'accept-language': 'ar' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('يرجى التحقق من المدخلات — action: إجراء غير معروف.');
  });

  it('exports the filtered rows as CSV headed in the caller language, every cell inert and quoted', async () => {
    const t = await pendingTender('Audit csv tender');
    const reason = '=HYPERLINK("http://evil.example","click"), then\nsecond line';
    await call(app, 'POST', `/admin/tenders/${t}/reject`, { token: admin, payload: { reason } });

    const en = await call(app, 'GET', '/admin/audit.csv', { token: admin, query: { targetId: String(t) } });
    expect(en.status).toBe(200);
    expect(en.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(en.res.headers['content-disposition']).toMatch(
      /^attachment; filename="admin-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = en.res.body;
    expect(
      text.startsWith('\ufeffWhen (UTC),Admin,Admin id,Action,Target type,Target id,Target,Reason,Details\n'),
    ).toBe(true);
    // The formula is made inert (a leading apostrophe), and the quotes, comma and line break stay inside one cell.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), then\nsecond line"`);
    expect(text).toContain(',tender.reject,tender,');

    const ar = await call(app, 'GET', '/admin/audit.csv', {
      token: admin,
      query: { action: 'tender.reject' },
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.res.body.split('\n')[0]).toBe(
      '\ufeffالوقت (UTC),المسؤول,رقم المسؤول,الإجراء,نوع السجل,رقم السجل,السجل,السبب,التفاصيل',
    );
    // Only the filter's rows: the two tender rejections.
    expect(ar.res.body.match(/,tender\.reject,/g)).toHaveLength(2);
  });
});
