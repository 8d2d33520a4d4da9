import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyInvitations, companyMembers, mailOutbox } from '../src/db/schema.ts';
import { BIDDER, call, login, makeApp, newMember, OTHER, OWNER, PASSWORD, type TestApp } from './helpers.ts';

/**
 * A company's members, roles and invitations (docs/decisions/0011-organisations.md): who may do what, the
 * invitation's life (mail, accept, resend, cancel, expiry), the last administrator, the active company of a
 * session and switching it, and no reach into another company.
 */

let app: TestApp;
let owner: string;
const BUYER = 'buyer@bawaba.qa';

beforeAll(async () => {
  // Many sign-ins from one address in a minute: the sign-in limit is not what this file tests.
  app = await makeApp({
    env: {
      rateLimits: { login: 1000, loginPerAccount: 1000, register: 5, forgot: 5, upload: 5, windowMs: 60_000 },
    },
  });
  owner = await login(app, OWNER);
});
afterAll(async () => {
  await app.cleanup();
});

const me = async (token: string) => (await call(app, 'GET', '/users/me', { token })).body.data;
const ownerCompanyId = async () => (await me(owner)).activeCompanyId as number;

/** The newest mail written for the address (the outbox row, committed with the invitation). */
async function lastMailTo(email: string) {
  const [m] = await app.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return m;
}
const tokenOf = (link: string | null | undefined) => new URL(link!).searchParams.get('token')!;

async function invite(token: string, email: string, roles: string[], language?: 'en' | 'ar') {
  return call(app, 'POST', '/members/invitations', {
    token,
    payload: { email, roles, ...(language ? { language } : {}) },
  });
}

describe('the organisation of the demo data', () => {
  it('makes the owner the administrator of their company with every role, in the session', async () => {
    const user = await me(owner);
    expect(user.companies).toEqual([
      {
        id: user.activeCompanyId,
        name: 'Doha Digital Solutions',
        roles: ['admin', 'buyer', 'bidder', 'viewer'],
      },
    ]);
    const list = await call(app, 'GET', '/members', { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.data.yourRoles).toEqual(['admin', 'buyer', 'bidder', 'viewer']);
    expect(list.body.data.members.map((m: { email: string; roles: string[] }) => [m.email, m.roles])).toEqual(
      [
        [OWNER, ['admin', 'buyer', 'bidder', 'viewer']],
        [BUYER, ['buyer']],
      ],
    );
  });

  it('gives a user without a company no active company, and the member routes say so', async () => {
    const bidder = await login(app, BIDDER);
    expect(await me(bidder)).toMatchObject({ companies: [], activeCompanyId: null });
    const r = await call(app, 'GET', '/members', { token: bidder });
    expect([r.status, r.body.code]).toEqual([409, 'NO_ACTIVE_COMPANY']);
  });

  it('makes whoever registers a company its administrator, acting for it in their open session', async () => {
    // A person acting as themselves registers a company (a member acts for their company: they left it).
    const member = await newMember(app, owner, 'founder@x.qa', ['viewer']);
    const token = (await call(app, 'POST', '/members/leave', { token: member })).body.data.accessToken;
    const services = (await call(app, 'GET', '/services')).body.data;
    const saved = await call(app, 'PUT', '/companies/mine', {
      token,
      payload: { nameEn: 'Founder Co', serviceIds: [services[0].id], description: '<p>We build.</p>' },
    });
    expect(saved.status).toBe(200);
    const user = await me(token);
    expect(user.companies.map((c: { name: string; roles: string[] }) => [c.name, c.roles])).toEqual([
      ['Founder Co', ['admin', 'buyer', 'bidder', 'viewer']],
    ]);
    expect(user.activeCompanyId).toBe(saved.body.data.id);
  });
});

describe('company roles on the member routes', () => {
  it('lets a member without the administrator role read the members but not manage them (409, signed in)', async () => {
    const buyer = await login(app, BUYER);
    const list = await call(app, 'GET', '/members', { token: buyer });
    expect(list.body.data.yourRoles).toEqual(['buyer']);
    for (const [method, url, payload] of [
      ['GET', '/members/invitations', undefined],
      ['POST', '/members/invitations', { email: 'x@x.qa', roles: ['viewer'] }],
      ['PUT', `/members/${list.body.data.members[0].userId}`, { roles: ['viewer'] }],
      ['DELETE', `/members/${list.body.data.members[0].userId}`, undefined],
    ] as const) {
      const r = await call(app, method, url, { token: buyer, payload });
      expect([url, r.status, r.body.code]).toEqual([url, 409, 'COMPANY_ROLE_REQUIRED']);
    }
    expect((await call(app, 'GET', '/users/me', { token: buyer })).status).toBe(200);
  });

  it('counts a role change at the very next request of the member (no stale session)', async () => {
    const token = await newMember(app, owner, 'promoted@x.qa', ['viewer']);
    const refused = await call(app, 'GET', '/members/invitations', { token });
    expect(refused.status).toBe(409);
    const id = (await me(token)).id;
    expect(
      (await call(app, 'PUT', `/members/${id}`, { token: owner, payload: { roles: ['admin'] } })).status,
    ).toBe(200);
    expect((await call(app, 'GET', '/members/invitations', { token })).status).toBe(200);
    expect(
      (await call(app, 'PUT', `/members/${id}`, { token: owner, payload: { roles: ['viewer'] } })).status,
    ).toBe(200);
    expect((await call(app, 'GET', '/members/invitations', { token })).status).toBe(409);
  });

  it('refuses roles that do not exist and an empty set, in the caller’s language', async () => {
    const bad = await invite(owner, 'roles@x.qa', ['owner']);
    expect(bad.status).toBe(422);
    const none = await call(app, 'POST', '/members/invitations', {
      token: owner,
      payload: { email: 'roles@x.qa', roles: [] },
      headers: { 'accept-language': 'ar' },
    });
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.body)).toContain('اختر دورًا واحدًا على الأقل.');
  });
});

describe('invitations', () => {
  it('mails a new address in the chosen language; the person sets a name and password, joins and is signed in', async () => {
    const email = 'noura.new@x.qa';
    const r = await invite(owner, email, ['buyer', 'viewer'], 'ar');
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ email, roles: ['buyer', 'viewer'], isExpired: false });
    const mail = (await lastMailTo(email))!;
    expect(mail.userId).toBeNull();
    expect(mail.subject).toContain('الدوحة للحلول الرقمية');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.link).toMatch(/^http:\/\/localhost:4000\/accept-invitation\?token=/);
    const token = tokenOf(mail.link);

    const preview = await call(app, 'POST', '/members/invitation', { payload: { token } });
    expect(preview.body.data).toEqual({
      companyName: 'Doha Digital Solutions',
      email,
      roles: ['buyer', 'viewer'],
      hasAccount: false,
    });
    const noPassword = await call(app, 'POST', '/members/join', { payload: { token, name: 'Noura' } });
    expect([noPassword.status, noPassword.body.code]).toEqual([422, 'NAME_AND_PASSWORD_REQUIRED']);

    const joined = await call(app, 'POST', '/members/join', {
      payload: { token, name: 'Noura', password: PASSWORD },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.data.user).toMatchObject({
      email,
      language: 'ar',
      activeCompanyId: await ownerCompanyId(),
      companies: [{ id: await ownerCompanyId(), roles: ['buyer', 'viewer'] }],
    });
    // The new account signs in with its password, and the link works once.
    expect(await login(app, email)).toBeTruthy();
    const again = await call(app, 'POST', '/members/join', {
      payload: { token, name: 'X', password: PASSWORD },
    });
    expect([again.status, again.body.code]).toEqual([404, 'INVITATION_NOT_FOUND']);
    const pending = (await call(app, 'GET', '/members/invitations', { token: owner })).body.data;
    expect(pending.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('lets an existing account join only signed in with the invited address, in its own language', async () => {
    const r = await invite(owner, BIDDER, ['bidder'], 'ar');
    expect(r.status).toBe(201);
    const mail = (await lastMailTo(BIDDER))!;
    // The account's language (English) wins over the one chosen for an address without an account.
    expect(mail.subject).toBe('Bawaba · Join Doha Digital Solutions');
    const token = tokenOf(mail.link);
    expect(
      (await call(app, 'POST', '/members/invitation', { payload: { token } })).body.data.hasAccount,
    ).toBe(true);

    const anonymous = await call(app, 'POST', '/members/join', {
      payload: { token, name: 'Sara', password: PASSWORD },
    });
    expect([anonymous.status, anonymous.body.code]).toEqual([409, 'SIGN_IN_TO_JOIN']);
    const other = await call(app, 'POST', '/members/join', {
      token: await login(app, OTHER),
      payload: { token },
    });
    expect([other.status, other.body.code]).toEqual([409, 'INVITATION_OTHER_EMAIL']);

    const bidder = await login(app, BIDDER);
    const joined = await call(app, 'POST', '/members/join', { token: bidder, payload: { token } });
    expect(joined.status).toBe(200);
    expect(joined.body.data.user.companies).toEqual([
      { id: await ownerCompanyId(), name: 'Doha Digital Solutions', roles: ['bidder'] },
    ]);
    // The answer's new session acts for the company.
    const list = await call(app, 'GET', '/members', { token: joined.body.data.accessToken });
    expect(list.body.data.yourRoles).toEqual(['bidder']);
  });

  it('refuses a second invitation to the same address and one to a member', async () => {
    expect((await invite(owner, 'twice@x.qa', ['viewer'])).status).toBe(201);
    const twice = await invite(owner, 'TWICE@x.qa', ['buyer']);
    expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_INVITED_MEMBER']);
    const member = await invite(owner, BUYER, ['viewer']);
    expect([member.status, member.body.code]).toEqual([409, 'ALREADY_MEMBER']);
  });

  it('resends with a new link (the old one stops working) and cancels', async () => {
    const email = 'resend@x.qa';
    const id = (await invite(owner, email, ['viewer'])).body.data.id;
    const first = tokenOf((await lastMailTo(email))!.link);
    const resent = await call(app, 'POST', `/members/invitations/${id}/resend`, { token: owner });
    expect(resent.status).toBe(200);
    const second = tokenOf((await lastMailTo(email))!.link);
    expect(second).not.toBe(first);
    expect((await call(app, 'POST', '/members/invitation', { payload: { token: first } })).status).toBe(404);
    expect((await call(app, 'POST', '/members/invitation', { payload: { token: second } })).status).toBe(200);

    expect((await call(app, 'DELETE', `/members/invitations/${id}`, { token: owner })).status).toBe(200);
    const cancelled = await call(app, 'POST', '/members/invitation', { payload: { token: second } });
    expect([cancelled.status, cancelled.body.code]).toEqual([404, 'INVITATION_NOT_FOUND']);
    expect((await call(app, 'DELETE', `/members/invitations/${id}`, { token: owner })).status).toBe(404);
  });

  it('expires: the link is refused, the list says so, and a new invitation replaces it', async () => {
    const email = 'late@x.qa';
    const id = (await invite(owner, email, ['viewer'])).body.data.id;
    const token = tokenOf((await lastMailTo(email))!.link);
    await app.ctx.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, id));
    const late = await call(app, 'POST', '/members/join', {
      payload: { token, name: 'Late', password: PASSWORD },
    });
    expect([late.status, late.body.code]).toEqual([409, 'INVITATION_EXPIRED']);
    const pending = (await call(app, 'GET', '/members/invitations', { token: owner })).body.data;
    expect(pending.find((i: { id: number }) => i.id === id).isExpired).toBe(true);
    expect((await invite(owner, email, ['viewer'])).status).toBe(201);
  });
});

describe('the last administrator', () => {
  it('cannot leave, be removed or lose the administrator role', async () => {
    const ownerId = (await me(owner)).id;
    const demote = await call(app, 'PUT', `/members/${ownerId}`, {
      token: owner,
      payload: { roles: ['buyer'] },
    });
    expect([demote.status, demote.body.code]).toEqual([409, 'LAST_ADMIN']);
    const remove = await call(app, 'DELETE', `/members/${ownerId}`, { token: owner });
    expect([remove.status, remove.body.code]).toEqual([409, 'LAST_ADMIN']);
    const leave = await call(app, 'POST', '/members/leave', { token: owner });
    expect([leave.status, leave.body.code]).toEqual([409, 'LAST_ADMIN']);
  });

  it('stays one when two administrators demote, or remove, each other at the same time', async () => {
    for (const change of ['demote', 'remove'] as const) {
      // A company of two administrators: a fresh one each round.
      // Its founder registers it acting as themselves (they left the company they joined first).
      const joined = await newMember(app, owner, `${change}-a@x.qa`, ['viewer']);
      const founder = (await call(app, 'POST', '/members/leave', { token: joined })).body.data.accessToken;
      const services = (await call(app, 'GET', '/services')).body.data;
      await call(app, 'PUT', '/companies/mine', {
        token: founder,
        payload: { nameEn: `Race ${change}`, serviceIds: [services[0].id], description: '<p>Race.</p>' },
      });
      const companyId = (await me(founder)).companies.find(
        (c: { name: string }) => c.name === `Race ${change}`,
      ).id;
      const a = (await call(app, 'POST', '/auth/switch-company', { token: founder, payload: { companyId } }))
        .body.data.accessToken;
      const b = await newMember(app, a, `${change}-b@x.qa`, ['admin']);
      const [idA, idB] = [(await me(a)).id, (await me(b)).id];
      const act = (token: string, id: number) =>
        change === 'demote'
          ? call(app, 'PUT', `/members/${id}`, { token, payload: { roles: ['viewer'] } })
          : call(app, 'DELETE', `/members/${id}`, { token });
      const results = await Promise.all([act(a, idB), act(b, idA)]);
      // One wins; the other is refused as the last administrator, as a caller who just lost the role, or (removed)
      // with their session ended.
      const lost = results.filter((r) => r.status !== 200);
      expect(lost).toHaveLength(1);
      expect(['409 LAST_ADMIN', '409 COMPANY_ROLE_REQUIRED', '401 SESSION_EXPIRED']).toContain(
        `${lost[0]!.status} ${lost[0]!.body.code}`,
      );
      const admins = await app.ctx.database.db
        .select()
        .from(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), sql`'admin' = any(${companyMembers.roles})`));
      expect(admins).toHaveLength(1);
    }
  });
});

describe('removal, leaving and switching', () => {
  it('ends a removed member’s session in the company at once', async () => {
    const token = await newMember(app, owner, 'removed@x.qa', ['buyer']);
    expect((await call(app, 'GET', '/members', { token })).status).toBe(200);
    const id = (await me(token)).id;
    expect((await call(app, 'DELETE', `/members/${id}`, { token: owner })).status).toBe(200);
    const after = await call(app, 'GET', '/members', { token });
    expect(after.status).toBe(401);
    // They can still sign in, as themselves.
    const again = await login(app, 'removed@x.qa');
    expect(await me(again)).toMatchObject({ companies: [], activeCompanyId: null });
  });

  it('lets a member leave: the answer is a session without the company, the old one ends', async () => {
    const token = await newMember(app, owner, 'leaver@x.qa', ['viewer']);
    const left = await call(app, 'POST', '/members/leave', { token });
    expect(left.status).toBe(200);
    expect(left.body.data.user).toMatchObject({ companies: [], activeCompanyId: null });
    expect((await call(app, 'GET', '/users/me', { token })).status).toBe(401);
    expect((await call(app, 'GET', '/users/me', { token: left.body.data.accessToken })).status).toBe(200);
  });

  it('switches between the person’s companies, each session seeing only its own company', async () => {
    const other = await login(app, OTHER);
    const person = 'two.companies@x.qa';
    const first = await newMember(app, owner, person, ['viewer']);
    expect((await invite(other, person, ['bidder'])).status).toBe(201);
    const token = tokenOf((await lastMailTo(person))!.link);
    const joined = await call(app, 'POST', '/members/join', { token: first, payload: { token } });
    const inOther = joined.body.data.accessToken;
    const otherCompany = joined.body.data.user.activeCompanyId;
    expect(otherCompany).not.toBe(await ownerCompanyId());

    const emails = async (t: string) =>
      (await call(app, 'GET', '/members', { token: t })).body.data.members.map(
        (m: { email: string }) => m.email,
      );
    expect(await emails(inOther)).toContain(OTHER);
    expect(await emails(inOther)).not.toContain(OWNER);
    // The first session still acts for the first company.
    expect(await emails(first)).toContain(OWNER);
    expect(await emails(first)).not.toContain(OTHER);

    const back = await call(app, 'POST', '/auth/switch-company', {
      token: inOther,
      payload: { companyId: await ownerCompanyId() },
    });
    expect(back.body.data.user.activeCompanyId).toBe(await ownerCompanyId());
    expect(await emails(back.body.data.accessToken)).toContain(OWNER);
  });

  it('does not switch to a company the person is not a member of', async () => {
    const buyer = await login(app, BUYER);
    const r = await call(app, 'POST', '/auth/switch-company', { token: buyer, payload: { companyId: 2 } });
    expect([r.status, r.body.code]).toEqual([404, 'COMPANY_NOT_FOUND']);
  });
});

describe('no reach into another company', () => {
  it('answers another company’s members and invitations as not found', async () => {
    const other = await login(app, OTHER);
    const ownerId = (await me(owner)).id;
    const invitationId = (await invite(owner, 'idor@x.qa', ['viewer'])).body.data.id;
    const attempts = [
      await call(app, 'PUT', `/members/${ownerId}`, { token: other, payload: { roles: ['viewer'] } }),
      await call(app, 'DELETE', `/members/${ownerId}`, { token: other }),
      await call(app, 'POST', `/members/invitations/${invitationId}/resend`, { token: other }),
      await call(app, 'DELETE', `/members/invitations/${invitationId}`, { token: other }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    const theirs = (await call(app, 'GET', '/members/invitations', { token: other })).body.data;
    expect(theirs.map((i: { id: number }) => i.id)).not.toContain(invitationId);
    // Nothing changed in the owner's company.
    const pending = (await call(app, 'GET', '/members/invitations', { token: owner })).body.data;
    expect(pending.map((i: { id: number }) => i.id)).toContain(invitationId);
    expect((await me(owner)).companies[0].roles).toContain('admin');
  });
});
