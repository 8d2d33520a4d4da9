import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  follows,
  interests,
  payments,
  proposals,
  serviceRequests,
  tenderInvitations,
  tenders,
} from '../src/db/schema.ts';
import { proposalBody, publishedTender, tenderBody, uploadAttachments } from './fixtures.ts';
import { ADMIN, BIDDER, call, login, makeApp, OTHER, OWNER, type TestApp } from './helpers.ts';

/**
 * Every record a member writes belongs to the company their session acts for and names them as who acted
 * (docs/decisions/0011-organisations.md); a person without a company writes records of their own (no company).
 */

let app: TestApp;
let owner: string;
let buyer: string;
let other: string;
let bidder: string;
let admin: string;
let ids: { owner: number; buyer: number; other: number; bidder: number };
let doha: number;
let qatarBuild: number;
const attachments = new Map<string, string>();

const me = async (token: string) => (await call(app, 'GET', '/users/me', { token })).body.data;

beforeAll(async () => {
  app = await makeApp();
  [owner, buyer, other, bidder, admin] = await Promise.all([
    login(app, OWNER),
    login(app, 'buyer@bawaba.qa'),
    login(app, OTHER),
    login(app, BIDDER),
    login(app, ADMIN),
  ]);
  const [o, b, m, s] = await Promise.all([me(owner), me(buyer), me(other), me(bidder)]);
  ids = { owner: o.id, buyer: b.id, other: m.id, bidder: s.id };
  doha = o.activeCompanyId;
  qatarBuild = m.activeCompanyId;
  expect(doha).toEqual(expect.any(Number));
  expect(b.activeCompanyId).toBe(doha);
  expect(s.activeCompanyId).toBeNull();
  await uploadAttachments(app, [other, bidder], attachments);
});
afterAll(async () => {
  await app.cleanup();
});

const db = () => app.ctx.database.db;

describe('who a written record belongs to', () => {
  it('a tender: the creator’s active company and the creator; none for a person without a company', async () => {
    for (const [token, company, user] of [
      [owner, doha, ids.owner],
      [buyer, doha, ids.buyer],
      [bidder, null, ids.bidder],
    ] as const) {
      const r = await call(app, 'POST', '/tenders', { token, payload: tenderBody() });
      expect(r.status).toBe(201);
      const [row] = await db().select().from(tenders).where(eq(tenders.id, r.body.data.id));
      expect({ company: row!.companyId, acted: row!.actedByUserId }).toEqual({ company, acted: user });
    }
  });

  it('a proposal and its payment, an interest and a follow: the bidding member’s company', async () => {
    const open = await publishedTender(app, { owner, admin }, { participationFee: 50 });
    const sent = await call(app, 'POST', '/proposals', {
      token: other,
      payload: proposalBody(open, attachments.get(other)),
    });
    expect(sent.status).toBe(201);
    const [p] = await db().select().from(proposals).where(eq(proposals.tenderId, open));
    expect({ company: p!.companyId, acted: p!.actedByUserId }).toEqual({
      company: qatarBuild,
      acted: ids.other,
    });
    const [pay] = await db().select().from(payments).where(eq(payments.proposalId, p!.id));
    expect({ company: pay!.companyId, acted: pay!.actedByUserId }).toEqual({
      company: qatarBuild,
      acted: ids.other,
    });

    const closed = await publishedTender(app, { owner, admin }, { status: 'closed' });
    for (const token of [other, bidder])
      expect((await call(app, 'POST', '/interests', { token, payload: { tender: closed } })).status).toBe(
        201,
      );
    const asked = await db().select().from(interests).where(eq(interests.tenderId, closed));
    expect(
      asked
        .map((i) => ({ user: i.userId, company: i.companyId, acted: i.actedByUserId }))
        .sort((a, b) => a.user - b.user),
    ).toEqual(
      [
        { user: ids.other, company: qatarBuild, acted: ids.other },
        { user: ids.bidder, company: null, acted: ids.bidder },
      ].sort((a, b) => a.user - b.user),
    );

    const followed = await call(app, 'POST', '/follows', { token: other, payload: { service: 2 } });
    expect(followed.status).toBe(201);
    const [f] = await db().select().from(follows).where(eq(follows.id, followed.body.data.id));
    expect({ company: f!.companyId, acted: f!.actedByUserId }).toEqual({
      company: qatarBuild,
      acted: ids.other,
    });
  });

  it('a service request: the requester’s company, beside the company asked', async () => {
    const r = await call(app, 'POST', '/requests', {
      token: other,
      payload: {
        name: 'Mariam',
        email: 'mariam@example.qa',
        phone: '97455001122',
        services: [1],
        project_title: 'Website',
        description: 'A bilingual site',
        company: doha,
      },
    });
    expect(r.status).toBe(201);
    const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, r.body.data.id));
    expect({ asked: row!.companyId, company: row!.requesterCompanyId, acted: row!.actedByUserId }).toEqual({
      asked: doha,
      company: qatarBuild,
      acted: ids.other,
    });
  });

  it('an invitation: the inviting company and member; the interest it grants is the invited company’s', async () => {
    const closed = await publishedTender(app, { owner: buyer, admin }, { status: 'closed' });
    const r = await call(app, 'POST', `/tenders/${closed}/invitations`, {
      token: buyer,
      payload: { company: qatarBuild },
    });
    expect(r.status).toBe(201);
    const [inv] = await db().select().from(tenderInvitations).where(eq(tenderInvitations.tenderId, closed));
    expect({ company: inv!.inviterCompanyId, acted: inv!.actedByUserId }).toEqual({
      company: doha,
      acted: ids.buyer,
    });
    const [granted] = await db().select().from(interests).where(eq(interests.tenderId, closed));
    expect({ user: granted!.userId, company: granted!.companyId, acted: granted!.actedByUserId }).toEqual({
      user: ids.other,
      company: qatarBuild,
      acted: ids.buyer,
    });
  });

  it('the demo’s records belong to their owners’ companies', async () => {
    const rows = await db().select().from(tenders).where(eq(tenders.ownerId, ids.owner));
    expect(rows.length).toBeGreaterThan(0);
    for (const t of rows)
      expect({ company: t.companyId, acted: t.actedByUserId }).toEqual({ company: doha, acted: ids.owner });
  });
});
