import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interests, proposals, proposalVersions } from '../src/db/schema.ts';
import { proposalBody, publishedTender, tenderBody, uploadAttachments } from './fixtures.ts';
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
 * Histories name the person who acted and the company they acted for (docs/decisions/0011-organisations.md): the
 * tender's audit trail, its amendments (to its own side) and a proposal's versions; a removed member's name stays.
 * A company bids and expresses interest once per tender, and the database holds it even against a write that
 * skips the service.
 */

let app: TestApp;
let owner: string;
let buyer: string;
let admin: string;
let mariam: string;
let personal: string;
/** A bidder colleague of Mariam's company, joined by invitation, whose account is in Arabic. */
let colleague: string;
const names = { owner: '', buyer: '', admin: '', mariam: '', personal: '', colleague: '' };
const DOHA = { en: 'Doha Digital Solutions', ar: 'الدوحة للحلول الرقمية' };
const QATAR_BUILD = { en: 'Qatar Build Contracting', ar: 'قطر للبناء والمقاولات' };
const attachments = new Map<string, string>();

const me = async (token: string) => (await call(app, 'GET', '/users/me', { token })).body.data;
const inArabic = { 'accept-language': 'ar' };
const db = () => app.ctx.database.db;

beforeAll(async () => {
  app = await makeApp({
    env: {
      rateLimits: ROOMY_LIMITS,
    },
  });
  [owner, buyer, admin, mariam, personal] = await Promise.all([
    login(app, OWNER),
    login(app, 'buyer@bawaba.qa'),
    login(app, ADMIN),
    login(app, OTHER),
    login(app, BIDDER),
  ]);
  colleague = await newMember(app, mariam, 'colleague@x.qa', ['bidder'], 'ar');
  for (const [key, token] of Object.entries({ owner, buyer, admin, mariam, personal, colleague }))
    names[key as keyof typeof names] = (await me(token)).name;
  await uploadAttachments(app, [mariam, colleague, personal], attachments);
});
afterAll(async () => {
  await app.cleanup();
});

type Line = {
  action: string;
  actor: { name: string; companyName: string | null; companyNameLang: string | null };
};
const historyOf = async (tender: number, headers: Record<string, string> = {}) => {
  const res = await call(app, 'GET', `/tenders/${tender}/history`, { token: owner, headers });
  expect(res.status).toBe(200);
  return (res.body.data as Line[]).map((l) => [
    l.action,
    l.actor?.name,
    l.actor?.companyName,
    l.actor?.companyNameLang,
  ]);
};

describe('who acted, in a tender’s history', () => {
  it('names each member and their company in the reader’s language, an administrator alone, and keeps a removed member’s name', async () => {
    const created = await call(app, 'POST', '/tenders', { token: owner, payload: tenderBody() });
    const id = created.body.data.id as number;
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: buyer })).status).toBe(200);
    expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);

    expect(await historyOf(id)).toEqual([
      ['created', names.owner, DOHA.en, 'en'],
      ['submitted', names.buyer, DOHA.en, 'en'],
      ['approved', names.admin, null, null],
    ]);
    // The buyer leaves the company: the line keeps her name (read from her account, not her membership).
    const buyerId = (await me(buyer)).id as number;
    expect((await call(app, 'DELETE', `/members/${buyerId}`, { token: owner })).status).toBe(200);
    expect(await historyOf(id, inArabic)).toEqual([
      ['created', names.owner, DOHA.ar, 'ar'],
      ['submitted', names.buyer, DOHA.ar, 'ar'],
      ['approved', names.admin, null, null],
    ]);
  });

  it('names only the person on a personal tender', async () => {
    const created = await call(app, 'POST', '/tenders', { token: personal, payload: tenderBody() });
    expect(created.status).toBe(201);
    const res = await call(app, 'GET', `/tenders/${created.body.data.id}/history`, { token: personal });
    expect(res.body.data.map((l: Line) => l.actor)).toEqual([
      { id: expect.any(Number), name: names.personal, companyName: null, companyNameLang: null },
    ]);
  });

  it('tells the tender’s own side who amended it, not the bidders', async () => {
    const id = await publishedTender(app, { owner, admin });
    const made = await call(app, 'POST', `/tenders/${id}/amendments`, {
      token: owner,
      payload: { reason: 'Scope clarified', description: 'Fit-out incl. furniture' },
      headers: inArabic,
    });
    expect(made.status).toBe(201);
    const author = { id: expect.any(Number), name: names.owner, companyName: DOHA.ar, companyNameLang: 'ar' };
    expect(made.body.data.actor).toEqual(author);
    const read = async (token?: string) =>
      (await call(app, 'GET', `/tenders/${id}/amendments`, { token, headers: inArabic })).body.data.map(
        (x: { actor: unknown }) => x.actor,
      );
    expect(await read(owner)).toEqual([author]);
    expect(await read(admin)).toEqual([author]);
    expect(await read(mariam)).toEqual([null]);
    expect(await read()).toEqual([null]);
  });
});

describe('who sent each version of a proposal', () => {
  it('names the member who sent it and the company, a colleague’s resubmission naming the colleague', async () => {
    const tender = await publishedTender(app, { owner, admin });
    const sent = await call(app, 'POST', '/proposals', {
      token: mariam,
      payload: proposalBody(tender, attachments.get(mariam)),
    });
    const id = sent.body.data.proposal.id as number;
    const again = await call(app, 'PUT', `/proposals/${id}`, {
      token: colleague,
      payload: proposalBody(tender, attachments.get(colleague), { price: 90000 }),
    });
    expect(again.status).toBe(200);
    const senders = async (token: string, headers: Record<string, string> = {}) =>
      (await call(app, 'GET', `/proposals/${id}`, { token, headers })).body.data.versions.map(
        (v: { actedBy: Line['actor'] }) => [v.actedBy.name, v.actedBy.companyName, v.actedBy.companyNameLang],
      );
    expect(await senders(mariam)).toEqual([
      [names.mariam, QATAR_BUILD.en, 'en'],
      [names.colleague, QATAR_BUILD.en, 'en'],
    ]);
    expect(await senders(colleague, inArabic)).toEqual([
      [names.mariam, QATAR_BUILD.ar, 'ar'],
      [names.colleague, QATAR_BUILD.ar, 'ar'],
    ]);
  });

  it('names only the person on a personal proposal', async () => {
    const tender = await publishedTender(app, { owner, admin });
    const sent = await call(app, 'POST', '/proposals', {
      token: personal,
      payload: proposalBody(tender, attachments.get(personal)),
    });
    const read = await call(app, 'GET', `/proposals/${sent.body.data.proposal.id}`, { token: personal });
    expect(read.body.data.versions[0].actedBy).toEqual({
      id: expect.any(Number),
      name: names.personal,
      companyName: null,
      companyNameLang: null,
    });
  });
});

describe('one bid and one interest per company and tender', () => {
  it('two members of a company submitting at once: one proposal, the other refused in their language, nothing half-written', async () => {
    const tender = await publishedTender(app, { owner, admin });
    const [a, b] = await Promise.all([
      call(app, 'POST', '/proposals', {
        token: mariam,
        payload: proposalBody(tender, attachments.get(mariam)),
      }),
      call(app, 'POST', '/proposals', {
        token: colleague,
        payload: proposalBody(tender, attachments.get(colleague)),
        headers: inArabic,
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.code).toBe('PROPOSAL_EXISTS');
    if (refused === b) expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    const [stored] = await db().select({ n: count() }).from(proposals).where(eq(proposals.tenderId, tender));
    const [versions] = await db()
      .select({ n: count() })
      .from(proposalVersions)
      .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
      .where(eq(proposals.tenderId, tender));
    expect([stored?.n, versions?.n]).toEqual([1, 1]);
  });

  it('the database refuses a second proposal or interest of a company, or of a person, on one tender', async () => {
    const tender = await publishedTender(app, { owner, admin });
    const [m, c, p] = await Promise.all([me(mariam), me(colleague), me(personal)]);
    const company = m.activeCompanyId as number;
    const proposal = (userId: number, companyId: number | null) =>
      db().insert(proposals).values({ tenderId: tender, bidderId: userId, companyId, actedByUserId: userId });
    const interest = (userId: number, companyId: number | null) =>
      db().insert(interests).values({ tenderId: tender, userId, companyId, actedByUserId: userId });

    await proposal(m.id, company);
    await expect(proposal(c.id, company)).rejects.toThrow();
    await proposal(p.id, null);
    await expect(proposal(p.id, null)).rejects.toThrow();
    await interest(m.id, company);
    await expect(interest(c.id, company)).rejects.toThrow();
    await interest(p.id, null);
    await expect(interest(p.id, null)).rejects.toThrow();
    const [kept] = await db()
      .select({ n: count() })
      .from(interests)
      .where(and(eq(interests.tenderId, tender), eq(interests.companyId, company)));
    expect(kept?.n).toBe(1);
  });
});
