import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import {
  ADMIN,
  BIDDER,
  call,
  login,
  makeApp,
  newMember,
  OWNER,
  outbox,
  PASSWORD,
  ROOMY_LIMITS,
  type TestApp,
  tokenFromLink,
} from './helpers.ts';

/**
 * Platform admins manage people: search them, see their companies and roles, suspend (a reason; every session ends
 * at once, live streams included, sign-in refused) and restore them, and mail the verification again. Every
 * refusal is translated and changes nothing; every action is in the admin audit log with its reason.
 */

let app: TestApp;
let base: string;
let admin: string;
let owner: string;
let adminId: number;
beforeAll(async () => {
  app = await makeApp({ env: { rateLimits: ROOMY_LIMITS } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/v1`;
  [admin, owner] = await Promise.all([login(app, ADMIN), login(app, OWNER)]);
  adminId = (await call(app, 'GET', '/users/me', { token: admin })).body.data.id;
});
afterAll(async () => {
  await app.cleanup();
});

type Person = {
  id: number;
  name: string;
  email: string;
  verified: boolean;
  suspended: boolean;
  lastSignInAt: string | null;
  companies: { id: number; name: string; roles: string[]; status: string }[];
  suspension: { at: string; reason: string } | null;
  can: { suspend: boolean; restore: boolean; resendVerification: boolean };
};

async function find(q: string): Promise<Person[]> {
  const r = await call(app, 'GET', '/admin/users', { token: admin, query: { q } });
  expect(r.status).toBe(200);
  return r.body.data.items;
}
const idOf = async (email: string) => (await find(email))[0]!.id;
const person = async (id: number): Promise<Person> =>
  (await call(app, 'GET', `/admin/users/${id}`, { token: admin })).body.data;
/** No session: the sign-in form's call. */
const anonymous = '';
const lastAudit = async () =>
  (await call(app, 'GET', '/admin/audit', { token: admin, query: { targetType: 'user', limit: '1' } })).body
    .data.items[0];

/** Both languages' refusal: its status, code and message. */
async function refused(
  method: string,
  url: string,
  payload: unknown,
  expected: { status: number; code: string; en: string; ar: string },
  token: string | undefined = admin,
) {
  for (const language of ['en', 'ar'] as const) {
    const r = await call(app, method, url, { token, payload, headers: { 'accept-language': language } });
    expect(r.status, `${url} ${language}`).toBe(expected.status);
    expect(r.body.code).toBe(expected.code);
    expect(r.body.message).toBe(expected[language]);
  }
}

describe('finding people', () => {
  it('searches by name, email and company name, paged, with their companies and roles', async () => {
    const colleague = 'audit.colleague@example.qa';
    await newMember(app, owner, colleague, ['buyer', 'viewer']);
    const byEmail = await find(colleague);
    expect(byEmail).toHaveLength(1);
    const ownerCompany = (await call(app, 'GET', '/users/me', { token: owner })).body.data.companies[0];
    expect(byEmail[0]!.companies).toEqual([
      {
        id: ownerCompany.id,
        name: ownerCompany.name,
        nameLang: 'en',
        status: 'approved',
        roles: ['buyer', 'viewer'],
      },
    ]);
    expect(byEmail[0]!.lastSignInAt).not.toBeNull();
    // By the company's name: every member of it, the new colleague among them.
    const byCompany = await find(ownerCompany.name);
    expect(byCompany.map((p) => p.email)).toEqual(expect.arrayContaining([OWNER, colleague]));
    expect(byCompany.every((p) => p.companies.some((c) => c.id === ownerCompany.id))).toBe(true);
    // By name, case aside.
    expect((await find(`member ${colleague.toUpperCase()}`)).map((p) => p.email)).toEqual([colleague]);
    const page = await call(app, 'GET', '/admin/users', { token: admin, query: { limit: '2', page: '2' } });
    expect(page.body.data.items).toHaveLength(2);
    expect(page.body.data.pageCount).toBeGreaterThan(2);

    const detail = await person(byEmail[0]!.id);
    expect(detail).toMatchObject({
      email: colleague,
      verified: true,
      suspended: false,
      suspension: null,
      can: { suspend: true, restore: false, resendVerification: false },
    });
    // An admin: neither themselves nor another platform admin is offered a suspension.
    expect((await person(adminId)).can.suspend).toBe(false);
  });

  it('refuses a non-admin and an unknown person', async () => {
    expect((await call(app, 'GET', '/admin/users', { token: owner })).status).toBe(403);
    expect((await call(app, 'GET', '/admin/users')).status).toBe(401);
    await refused('GET', '/admin/users/99999', undefined, {
      status: 404,
      code: 'USER_NOT_FOUND',
      en: 'User not found',
      ar: 'المستخدم غير موجود',
    });
  });
});

describe('suspending and restoring', () => {
  it('refuses without a reason, for oneself, for another admin, twice, and a restore of an active account', async () => {
    const bidderId = await idOf(BIDDER);
    const audits = (await call(app, 'GET', '/admin/audit', { token: admin })).body.data.totalItems;
    await refused(
      'POST',
      `/admin/users/${bidderId}/suspend`,
      {},
      {
        status: 422,
        code: 'VALIDATION_FAILED',
        en: 'reason: Reason is required.',
        ar: 'يرجى التحقق من المدخلات — reason: السبب مطلوب.',
      },
    );
    await refused(
      'POST',
      `/admin/users/${bidderId}/suspend`,
      { reason: '   ' },
      {
        status: 422,
        code: 'VALIDATION_FAILED',
        en: 'reason: Reason is required.',
        ar: 'يرجى التحقق من المدخلات — reason: السبب مطلوب.',
      },
    );
    await refused(
      'POST',
      `/admin/users/${adminId}/suspend`,
      { reason: 'x' },
      {
        status: 409,
        code: 'CANNOT_SUSPEND_SELF',
        en: 'You cannot suspend your own account',
        ar: 'لا يمكنك إيقاف حسابك',
      },
    );
    // Another platform admin.
    const [other] = await app.ctx.database.db
      .insert(users)
      .values({ name: 'Second admin', email: 'admin2@bawaba.qa', isAdmin: true, verified: true })
      .returning();
    await refused(
      'POST',
      `/admin/users/${other!.id}/suspend`,
      { reason: 'x' },
      {
        status: 409,
        code: 'CANNOT_SUSPEND_ADMIN',
        en: 'A platform administrator cannot be suspended here',
        ar: 'لا يمكن إيقاف مسؤول المنصة من هنا',
      },
    );
    await refused(
      'POST',
      '/admin/users/99999/suspend',
      { reason: 'x' },
      {
        status: 404,
        code: 'USER_NOT_FOUND',
        en: 'User not found',
        ar: 'المستخدم غير موجود',
      },
    );
    await refused(
      'POST',
      `/admin/users/${bidderId}/restore`,
      {},
      {
        status: 409,
        code: 'NOT_SUSPENDED',
        en: 'This account is not suspended',
        ar: 'هذا الحساب غير موقوف',
      },
    );
    // A non-admin may not suspend or restore anyone.
    expect(
      (
        await call(app, 'POST', `/admin/users/${bidderId}/suspend`, {
          token: owner,
          payload: { reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(app, 'POST', `/admin/users/${bidderId}/restore`, { token: owner, payload: {} })).status,
    ).toBe(403);
    // Nothing changed, nothing recorded.
    expect((await person(bidderId)).suspended).toBe(false);
    expect((await call(app, 'GET', '/admin/audit', { token: admin })).body.data.totalItems).toBe(audits);
  });

  it('ends every session at once (calls and live streams), refuses sign-in until restored, and records why', async () => {
    const email = 'to.suspend@example.qa';
    const first = await newMember(app, owner, email, ['bidder']);
    const second = await login(app, email);
    const id = await idOf(email);
    expect((await call(app, 'GET', '/users/me', { token: first })).status).toBe(200);

    // A live stream open on the second session: the suspension ends it at once (not at the next heartbeat).
    const stream = await fetch(`${base}/notification/subscribe`, {
      headers: { authorization: `Bearer ${second}` },
    });
    expect(stream.status).toBe(200);
    const ended = (async () => {
      const reader = stream.body!.getReader();
      while (!(await reader.read()).done);
    })();

    const suspended = await call(app, 'POST', `/admin/users/${id}/suspend`, {
      token: admin,
      payload: { reason: 'Spam tenders' },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({
      suspended: true,
      suspension: { reason: 'Spam tenders' },
      can: { suspend: false, restore: true },
    });
    const t0 = Date.now();
    await ended;
    expect(Date.now() - t0).toBeLessThan(3000);
    for (const token of [first, second]) {
      const r = await call(app, 'GET', '/users/me', { token });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('SESSION_EXPIRED');
    }
    expect(await lastAudit()).toMatchObject({
      actor: { id: adminId },
      action: 'user.suspend',
      target: { type: 'user', id, label: `Member ${email} <${email}>` },
      reason: 'Spam tenders',
      details: { sessionsEnded: 2 },
    });

    // Sign-in is refused in the caller's language, and so is every other way to a session (a password link).
    await refused(
      'POST',
      '/auth/login',
      { email, password: PASSWORD },
      {
        status: 409,
        code: 'ACCOUNT_SUSPENDED',
        en: 'This account is suspended. Please contact the Bawaba team.',
        ar: 'هذا الحساب موقوف. يرجى التواصل مع فريق بوابة.',
      },
      anonymous,
    );
    // A wrong password is still only a wrong password (the suspension is not told to a guesser).
    const wrong = await call(app, 'POST', '/auth/login', { payload: { email, password: 'not-it' } });
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    await call(app, 'POST', '/auth/forgot-password', { payload: { email } });
    await expect
      .poll(() => outbox(app).some((m) => m.to === email && m.link?.includes('verificationToken')))
      .toBe(true);
    const link = outbox(app).findLast((m) => m.to === email && m.link?.includes('verificationToken'))!.link!;
    const reset = await call(app, 'POST', '/auth/set-password', {
      payload: {
        verificationToken: tokenFromLink(link),
        newPassword: 'another1',
        confirmPassword: 'another1',
      },
    });
    expect(reset.status).toBe(409);
    expect(reset.body.code).toBe('ACCOUNT_SUSPENDED');

    await refused(
      'POST',
      `/admin/users/${id}/suspend`,
      { reason: 'again' },
      {
        status: 409,
        code: 'ALREADY_SUSPENDED',
        en: 'This account is already suspended',
        ar: 'هذا الحساب موقوف مسبقاً',
      },
    );

    // Restored (a reason is optional): sign-in works again, with the old password (the link above changed nothing).
    const restored = await call(app, 'POST', `/admin/users/${id}/restore`, { token: admin, payload: {} });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ suspended: false, suspension: null, can: { suspend: true } });
    expect(await lastAudit()).toMatchObject({ action: 'user.restore', target: { id }, reason: null });
    const back = await call(app, 'POST', '/auth/login', { payload: { email, password: PASSWORD } });
    expect(back.status).toBe(200);
    // The old sessions stay ended.
    expect((await call(app, 'GET', '/users/me', { token: first })).status).toBe(401);
    await call(app, 'POST', `/admin/users/${id}/suspend`, {
      token: admin,
      payload: { reason: 'Second time' },
    });
    await call(app, 'POST', `/admin/users/${id}/restore`, {
      token: admin,
      payload: { reason: 'Appeal accepted' },
    });
    expect(await lastAudit()).toMatchObject({ action: 'user.restore', reason: 'Appeal accepted' });
  });
});

describe('resending the verification mail', () => {
  it('mails a new link to an unverified person, and refuses a verified or suspended one', async () => {
    const email = 'not.verified@example.qa';
    expect((await call(app, 'POST', '/auth/register', { payload: { name: 'Nadia', email } })).status).toBe(
      200,
    );
    const id = await idOf(email);
    expect(await person(id)).toMatchObject({ verified: false, can: { resendVerification: true } });
    const before = outbox(app).filter((m) => m.to === email).length;
    const sent = await call(app, 'POST', `/admin/users/${id}/resend-verification`, { token: admin });
    expect(sent.status).toBe(200);
    await expect.poll(() => outbox(app).filter((m) => m.to === email).length).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: 'user.resend-verification', target: { id } });
    // The new link sets the first password.
    const link = outbox(app).findLast((m) => m.to === email)!.link!;
    const set = await call(app, 'POST', '/auth/set-password', {
      payload: { verificationToken: tokenFromLink(link), newPassword: 'secret1', confirmPassword: 'secret1' },
    });
    expect(set.status).toBe(200);

    await refused('POST', `/admin/users/${id}/resend-verification`, undefined, {
      status: 409,
      code: 'ALREADY_VERIFIED',
      en: 'This account is already verified',
      ar: 'هذا الحساب موثّق مسبقاً',
    });

    const other = 'suspended.unverified@example.qa';
    await call(app, 'POST', '/auth/register', { payload: { name: 'Omar', email: other } });
    const otherId = await idOf(other);
    await call(app, 'POST', `/admin/users/${otherId}/suspend`, { token: admin, payload: { reason: 'Fake' } });
    await refused('POST', `/admin/users/${otherId}/resend-verification`, undefined, {
      status: 409,
      code: 'SUSPENDED_NO_MAIL',
      en: 'This account is suspended: restore it before sending it a verification mail',
      ar: 'هذا الحساب موقوف: أعد تفعيله قبل إرسال رسالة التحقق إليه',
    });
    await refused('POST', '/admin/users/99999/resend-verification', undefined, {
      status: 404,
      code: 'USER_NOT_FOUND',
      en: 'User not found',
      ar: 'المستخدم غير موجود',
    });
    expect(
      (await call(app, 'POST', `/admin/users/${otherId}/resend-verification`, { token: owner })).status,
    ).toBe(403);
  });
});
