import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalBody, publishedTender, uploadAttachments } from './fixtures.ts';
import {
  ADMIN,
  BIDDER,
  call,
  login,
  makeApp,
  newMember,
  OTHER,
  OWNER,
  ROOMY_LIMITS,
  type TestApp,
} from './helpers.ts';

/**
 * The company a session acts for decides, not the person who registered it (docs/decisions/0011-organisations.md):
 * "my company" and the user's company name are the active company's, read by any member and saved by its
 * administrators; a company waiting for approval is seen by its members; a company whose registering person left
 * stays its members'.
 */

let app: TestApp;
let owner: string;
let admin: string;
/** The demo owner's company's buyer colleague (only the buyer role). */
let buyer: string;
/** The administrator of another company. */
let other: string;
/** A person without a company. */
let personal: string;
/** The company a person registered after leaving the first one they registered (its owner_id names nobody). */
let registeredByLeaver: number;

beforeAll(async () => {
  app = await makeApp({
    env: {
      rateLimits: ROOMY_LIMITS,
    },
  });
  [owner, admin, buyer, other, personal] = await Promise.all([
    login(app, OWNER),
    login(app, ADMIN),
    login(app, 'buyer@bawaba.qa'),
    login(app, OTHER),
    login(app, BIDDER),
  ]);
});
afterAll(async () => {
  await app.cleanup();
});

const me = async (token: string) => (await call(app, 'GET', '/users/me', { token })).body.data;
const mine = async (token: string) => (await call(app, 'GET', '/companies/mine', { token })).body.data;
const codeOf = (r: { status: number; body: { code?: string } }) => [r.status, r.body.code];
const companyBody = async (patch: Record<string, unknown>) => {
  const services = (await call(app, 'GET', '/services')).body.data;
  return { serviceIds: [services[0].id], description: '<p>Who we are.</p>', ...patch };
};

describe('the company a session acts for', () => {
  it('is every member’s “my company”, saved only by its administrators', async () => {
    const doha = await mine(owner);
    expect(doha.name).toBe('Doha Digital Solutions');
    expect((await mine(buyer))?.id).toBe(doha.id);
    // Each is told whether they may save it, as the save route decides.
    expect([doha.canEdit, (await mine(buyer))?.canEdit]).toEqual([true, false]);

    const refused = await call(app, 'PUT', '/companies/mine', {
      token: buyer,
      payload: await companyBody({ nameEn: 'Taken Over' }),
    });
    expect(codeOf(refused)).toEqual([409, 'COMPANY_ROLE_REQUIRED']);
    expect((await mine(owner)).name).toBe('Doha Digital Solutions');

    const colleague = await newMember(app, owner, 'profile-admin@x.qa', ['admin']);
    const saved = await call(app, 'PUT', '/companies/mine', {
      token: colleague,
      payload: await companyBody({ nameEn: 'Doha Digital Solutions', nameAr: 'الدوحة للحلول الرقمية' }),
    });
    expect(saved.status).toBe(200);
    expect([saved.body.data.id, saved.body.data.status]).toEqual([doha.id, 'pending']);
    expect((await me(colleague)).companies).toHaveLength(1);

    // Waiting for approval: its members see it, another company and a person without one do not.
    for (const token of [buyer, colleague]) {
      expect((await call(app, 'GET', `/companies/${doha.id}`, { token })).status).toBe(200);
    }
    for (const token of [other, personal]) {
      expect(codeOf(await call(app, 'GET', `/companies/${doha.id}`, { token }))).toEqual([
        404,
        'COMPANY_NOT_FOUND',
      ]);
    }
    expect((await call(app, 'POST', `/admin/companies/${doha.id}/approve`, { token: admin })).status).toBe(
      200,
    );
  });

  it('names the active company for the user, in their language and marked with the language it is in', async () => {
    expect(await me(buyer)).toMatchObject({
      companyName: 'Doha Digital Solutions',
      companyNameLang: 'en',
      hasCompany: true,
    });
    await call(app, 'PATCH', '/users/me', { token: buyer, payload: { language: 'ar' } });
    expect(await me(buyer)).toMatchObject({ companyName: 'الدوحة للحلول الرقمية', companyNameLang: 'ar' });
    expect(await me(personal)).toMatchObject({ companyName: null, companyNameLang: null, hasCompany: false });
    const signedIn = await call(app, 'POST', '/auth/login', {
      payload: { email: 'buyer@bawaba.qa', password: 'Bawaba2026!' },
    });
    expect(signedIn.body.data.user).toMatchObject({ companyName: 'الدوحة للحلول الرقمية', hasCompany: true });
  });

  it('stays its members’ when the person who registered it leaves; that person may register another', async () => {
    const founder = await newMember(app, owner, 'founder@x.qa', ['viewer']);
    const left = await call(app, 'POST', '/members/leave', { token: founder });
    const alone = left.body.data.accessToken as string;
    const registered = await call(app, 'PUT', '/companies/mine', {
      token: alone,
      payload: await companyBody({ nameEn: 'Nour Trading' }),
    });
    expect(registered.status).toBe(200);
    const nour = registered.body.data.id as number;
    expect(await me(alone)).toMatchObject({
      companyName: 'Nour Trading',
      hasCompany: true,
      activeCompanyId: nour,
    });

    const partner = await newMember(app, alone, 'partner@x.qa', ['admin']);
    const gone = await call(app, 'POST', '/members/leave', { token: alone });
    const outside = gone.body.data.accessToken as string;
    expect(await mine(outside)).toBeNull();
    expect(await me(outside)).toMatchObject({ companyName: null, hasCompany: false });
    expect((await call(app, 'GET', `/companies/${nour}`, { token: outside })).status).toBe(404);

    expect((await mine(partner))?.id).toBe(nour);
    const kept = await call(app, 'PUT', '/companies/mine', {
      token: partner,
      payload: await companyBody({ nameEn: 'Nour Trading Group' }),
    });
    expect([kept.status, kept.body.data.id]).toEqual([200, nour]);

    const again = await call(app, 'PUT', '/companies/mine', {
      token: outside,
      payload: await companyBody({ nameEn: 'Nour Again' }),
    });
    expect(again.status).toBe(200);
    expect(again.body.data.id).not.toBe(nour);
    registeredByLeaver = again.body.data.id;
  });
});

describe('what is sent to a company', () => {
  const request = (company: number) => ({
    name: 'Sara',
    email: 'sara@example.qa',
    phone: '97455001122',
    services: [1],
    project_title: 'Website',
    description: 'A bilingual site',
    company,
  });
  const ids = (page: { items: { id: number }[] }) => page.items.map((r) => r.id);

  it('shows the approved service requests to the company to every member, and the sent ones to the sending side', async () => {
    const doha = (await mine(owner)).id as number;
    const toDoha = (await call(app, 'POST', '/requests', { token: personal, payload: request(doha) })).body
      .data;
    expect((await call(app, 'POST', `/requests/${toDoha.id}/approve`, { token: admin })).status).toBe(200);
    const received = async (token: string) =>
      ids((await call(app, 'GET', '/requests/received', { token })).body.data);
    expect(await received(buyer)).toContain(toDoha.id);
    expect(await received(owner)).toContain(toDoha.id);
    expect(await received(other)).not.toContain(toDoha.id);
    expect(await received(personal)).toEqual([]);

    const qatarBuild = (await mine(other)).id as number;
    const sent = await call(app, 'POST', '/requests', { token: buyer, payload: request(qatarBuild) });
    expect(sent.status).toBe(201);
    const sentBy = async (token: string) =>
      ids((await call(app, 'GET', '/requests/sent', { token })).body.data);
    expect(await sentBy(owner)).toContain(sent.body.data.id);
    expect(await sentBy(personal)).not.toContain(sent.body.data.id);
    expect(await sentBy(other)).not.toContain(sent.body.data.id);
  });

  it('shows a tender invitation to every member, with the company’s own interest, and invites a company by its members', async () => {
    const doha = (await mine(owner)).id as number;
    const tender = await publishedTender(app, { owner: other, admin }, { status: 'closed' });
    const dohaBidder = await newMember(app, owner, 'doha-bids@x.qa', ['bidder']);
    const asked = await call(app, 'POST', '/interests', { token: dohaBidder, payload: { tender } });
    expect(asked.status).toBe(201);

    const invited = await call(app, 'POST', `/tenders/${tender}/invitations`, {
      token: other,
      payload: { company: doha },
    });
    expect(invited.status).toBe(201);
    // The company's interest is approved by the invitation: still one interest for the company.
    const interests = (await call(app, 'GET', `/tenders/${tender}/interests`, { token: other })).body.data;
    expect(interests.map((i: { status: string }) => i.status)).toEqual(['approved']);
    // Named by the company it is for, not one its member registered (they registered none).
    expect(interests[0].user.companyName).toBe('Doha Digital Solutions');
    const listed = (await call(app, 'GET', `/tenders/${tender}/invitations`, { token: other })).body.data;
    expect(
      listed.map((i: { company: { id: number }; interest: string | null }) => [i.company.id, i.interest]),
    ).toEqual([[doha, 'approved']]);

    const received = async (token: string) =>
      (await call(app, 'GET', '/invitations/received', { token })).body.data.map((i: { id: number }) => i.id);
    expect(await received(buyer)).toContain(invited.body.data.id);
    expect(await received(dohaBidder)).toContain(invited.body.data.id);
    expect(await received(personal)).toEqual([]);

    // A company its registering person never named (a second one they registered) is invited through its members.
    expect(
      (await call(app, 'POST', `/admin/companies/${registeredByLeaver}/approve`, { token: admin })).status,
    ).toBe(200);
    const toMembers = await call(app, 'POST', `/tenders/${tender}/invitations`, {
      token: other,
      payload: { company: registeredByLeaver },
    });
    expect(toMembers.status).toBe(201);
  });

  it('names a bid by the company it is for, not one its bidder registered, and opens its files to the company', async () => {
    const tender = await publishedTender(app, { owner: other, admin });
    const dohaBidder = await newMember(app, owner, 'doha-offers@x.qa', ['bidder']);
    const attachments = new Map<string, string>();
    await uploadAttachments(app, [dohaBidder], attachments);
    const sent = await call(app, 'POST', '/proposals', {
      token: dohaBidder,
      payload: proposalBody(tender, attachments.get(dohaBidder)),
    });
    expect(sent.status).toBe(201);
    for (const token of [dohaBidder, owner]) {
      const listed = (await call(app, 'GET', '/proposals/mine', { token })).body.data.find(
        (p: { id: number }) => p.id === sent.body.data.proposal.id,
      );
      expect(listed.bidder).toMatchObject({ companyName: 'Doha Digital Solutions', companyNameLang: 'en' });
    }
    // Its attachment is the company's: a colleague reads it; the buyer not before the deadline.
    const file = attachments.get(dohaBidder)!;
    expect((await call(app, 'GET', `/files/${file}`, { token: owner })).status).toBe(200);
    expect((await call(app, 'GET', `/files/${file}`, { token: other })).status).toBe(404);
  });
});
