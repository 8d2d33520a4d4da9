import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderBody } from './fixtures.ts';
import { ADMIN, call, login, makeApp, OWNER, outbox, type TestApp, tokenFromLink } from './helpers.ts';

/** Rejecting a company or a tender takes the admin's reason: kept, shown to the owner, sent in the notice and mail. */

let app: TestApp;
let admin: string;
let owner: string;
beforeAll(async () => {
  app = await makeApp();
  [admin, owner] = await Promise.all([login(app, ADMIN), login(app, OWNER)]);
});
afterAll(async () => {
  await app.cleanup();
});

/** A new account, signed in, whose stored language is `language` (its mails are written in it). */
async function newUser(email: string, language: 'en' | 'ar'): Promise<string> {
  expect((await call(app, 'POST', '/auth/register', { payload: { name: 'Huda', email } })).status).toBe(200);
  const verificationToken = tokenFromLink(outbox(app).find((m) => m.to === email)!.link!);
  const token = (
    await call(app, 'POST', '/auth/set-password', {
      payload: { verificationToken, newPassword: 'secret1', confirmPassword: 'secret1' },
    })
  ).body.data.accessToken as string;
  expect((await call(app, 'PATCH', '/users/me', { token, payload: { language } })).status).toBe(200);
  return token;
}

const notices = async (token: string, language: 'en' | 'ar') =>
  (await call(app, 'GET', '/notification', { token, headers: { 'accept-language': language } })).body
    .data as {
    title: string;
    content: string;
  }[];

/** The newest mail to `to` once the outbox delivered it. */
async function mailTo(to: string, subject: string) {
  await expect.poll(() => outbox(app).some((m) => m.to === to && m.subject.includes(subject))).toBe(true);
  return outbox(app).findLast((m) => m.to === to && m.subject.includes(subject))!;
}

describe('rejecting a company', () => {
  it('needs a reason, which its owner reads on the company, in the notification and in the mail', async () => {
    const email = 'huda.company@example.qa';
    const huda = await newUser(email, 'ar');
    const company = await call(app, 'PUT', '/companies/mine', {
      token: huda,
      payload: { name: 'Huda Interiors', serviceIds: [1] },
    });
    expect(company.body.data.status).toBe('pending');
    const id = company.body.data.id as number;

    for (const [language, message] of [
      ['en', 'reason: Reason is required.'],
      ['ar', 'reason: السبب مطلوب.'],
    ] as const) {
      const missing = await call(app, 'POST', `/admin/companies/${id}/reject`, {
        token: admin,
        payload: { reason: '  ' },
        headers: { 'accept-language': language },
      });
      expect(missing.status).toBe(422);
      expect(missing.body.message).toContain(message);
    }
    expect((await call(app, 'POST', `/admin/companies/${id}/reject`, { token: admin })).status).toBe(422);
    expect((await call(app, 'GET', '/companies/mine', { token: huda })).body.data.status).toBe('pending');

    const rejected = await call(app, 'POST', `/admin/companies/${id}/reject`, {
      token: admin,
      payload: { reason: 'الشعار لا يطابق السجل التجاري' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'الشعار لا يطابق السجل التجاري',
    });
    const mine = await call(app, 'GET', '/companies/mine', { token: huda });
    expect(mine.body.data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'الشعار لا يطابق السجل التجاري',
    });
    const listed = await call(app, 'GET', '/admin/companies', {
      token: admin,
      query: { search: 'Huda Interiors' },
    });
    expect(listed.body.data.items[0].rejectionReason).toBe('الشعار لا يطابق السجل التجاري');

    const [ar] = await notices(huda, 'ar');
    expect(ar!.title).toBe('لم تتم الموافقة على الشركة');
    expect(ar!.content).toContain('السبب: \u2068الشعار لا يطابق السجل التجاري\u2069');
    const [en] = await notices(huda, 'en');
    expect(en!.content).toContain('Reason: \u2068الشعار لا يطابق السجل التجاري\u2069');
    const mail = await mailTo(email, 'لم تتم الموافقة على الشركة');
    expect(mail.text).toContain('الشعار لا يطابق السجل التجاري');

    // Edited, it goes back to the admins: the old reason is no longer shown.
    const edited = await call(app, 'PUT', '/companies/mine', {
      token: huda,
      payload: { name: 'Huda Interiors WLL', serviceIds: [1] },
    });
    expect(edited.body.data).toMatchObject({ status: 'pending', rejectionReason: null });
  });
});

describe('rejecting a tender', () => {
  it('needs a reason, which its owner reads on the tender, in the notification and in the mail', async () => {
    const draft = await call(app, 'POST', '/tenders', {
      token: owner,
      payload: tenderBody({ title: 'Fit-out of the Lusail office', description: 'Partitions and lighting' }),
    });
    const id = draft.body.data.id as number;
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);

    const missing = await call(app, 'POST', `/admin/tenders/${id}/reject`, {
      token: admin,
      headers: { 'accept-language': 'ar' },
      payload: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain('reason: السبب مطلوب.');
    const tooLong = await call(app, 'POST', `/admin/tenders/${id}/reject`, {
      token: admin,
      payload: { reason: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.message).toContain('reason: At most 500 characters.');
    const pending = await call(app, 'GET', `/tenders/${id}`, { token: owner });
    expect(pending.body.data.approvalStatus).toEqual({ status: 'pending', reason: null });

    const reason = 'The scope (Lot 2) lacks quantities';
    const rejected = await call(app, 'POST', `/admin/tenders/${id}/reject`, {
      token: admin,
      payload: { reason },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.approvalStatus).toEqual({ status: 'rejected', reason });
    const seen = await call(app, 'GET', `/tenders/${id}`, { token: owner });
    expect(seen.body.data.approvalStatus).toEqual({ status: 'rejected', reason });
    const mine = await call(app, 'GET', '/tenders/mine', {
      token: owner,
      query: { approvalStatus: 'rejected', limit: '100' },
    });
    expect(mine.body.data.items.find((t: { id: number }) => t.id === id).approvalStatus.reason).toBe(reason);

    const history = await call(app, 'GET', `/tenders/${id}/history`, { token: owner });
    expect(history.body.data.at(-1)).toMatchObject({ action: 'rejected', details: { reason } });

    const [en] = await notices(owner, 'en');
    expect(en!.title).toBe('Tender not approved');
    expect(en!.content).toContain(`Reason: \u2068${reason}\u2069.`);
    const [ar] = await notices(owner, 'ar');
    expect(ar!.content).toContain(`السبب: \u2068${reason}\u2069.`);
    const mail = await mailTo(OWNER, 'Tender not approved');
    expect(mail.text).toContain(reason);

    // Edited, it is a draft again: the reason is no longer shown.
    const edited = await call(app, 'PATCH', `/tenders/${id}`, {
      token: owner,
      payload: { ...draft.body.data, title: 'Fit-out of the Lusail office, with quantities' },
    });
    expect(edited.body.data.approvalStatus).toEqual({ status: 'draft', reason: null });
  });
});
