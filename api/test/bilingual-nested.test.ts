import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenders } from '../src/db/schema.ts';
import { proposalBody, publishedTender, tenderParties } from './fixtures.ts';
import { call, makeApp, type TestApp } from './helpers.ts';

/**
 * A tender's title or a company's name inside another answer (an interest, a proposal, a payment, a notification,
 * an invitation, a service request, a comparison row) is the reader's version, else the other one, with the
 * language it is in — as on the tender's and the company's own pages — so the page can mark it `lang`/`dir`.
 */

let app: TestApp;
let owner: string;
let bidder: string;
let other: string;
let admin: string;
const attachments = new Map<string, string>();
const EN = { 'accept-language': 'en' };
const AR = { 'accept-language': 'ar' };

const TITLE_AR = 'صيانة المصاعد في مبنى الوزارة';
const NAME_AR = 'الدوحة لتجارة الإنارة';
const ARABIC_TITLE = { title: TITLE_AR, titleLang: 'ar' };
const ARABIC_NAME = { name: NAME_AR, nameLang: 'ar' };
const ARABIC_COMPANY = { companyName: NAME_AR, companyNameLang: 'ar' };

let tender: number;
let bidderCompany: number;
let proposal: number;
let reference: string;

beforeAll(async () => {
  app = await makeApp();
  ({ owner, bidder, other, admin } = await tenderParties(app, attachments));
  // The bidder's company has only an Arabic name; the tender only an Arabic title (with a fee, so it is paid).
  const company = await call(app, 'PUT', '/companies/mine', {
    token: bidder,
    payload: { nameEn: null, nameAr: NAME_AR, serviceIds: [1] },
  });
  expect(company.status).toBe(200);
  bidderCompany = company.body.data.id;
  await call(app, 'POST', `/admin/companies/${bidderCompany}/approve`, { token: admin });
  // A closed tender: the bidder asks to take part and the owner approves; the fee makes a payment.
  tender = await publishedTender(
    app,
    { owner, admin },
    { title: undefined, titleAr: TITLE_AR, status: 'closed', participationFee: 200 },
  );
  const interest = await call(app, 'POST', '/interests', { token: bidder, payload: { tender } });
  expect(interest.status).toBe(201);
  const approve = `/tenders/${tender}/interests/${interest.body.data.id}/approve`;
  expect((await call(app, 'POST', approve, { token: owner })).status).toBe(200);
  const bid = await call(app, 'POST', '/proposals', {
    token: bidder,
    payload: proposalBody(tender, attachments.get(bidder)),
  });
  expect(bid.status).toBe(201);
  proposal = bid.body.data.proposal.id;
  const paid = await app.inject({
    method: 'POST',
    url: new URL(bid.body.data.payUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
  reference = new URL(paid.headers.location as string).searchParams.get('reference')!;
});
afterAll(async () => {
  await app.cleanup();
});

describe('business-written texts nested in other answers', () => {
  it('interests: the tender’s Arabic-only title and the bidder’s Arabic-only company reach an English reader as Arabic', async () => {
    const mine = (await call(app, 'GET', '/interests/mine', { token: bidder, headers: EN })).body.data;
    expect(mine.find((i: { tender: { id: number } }) => i.tender.id === tender).tender).toMatchObject(
      ARABIC_TITLE,
    );
    const received = (await call(app, 'GET', `/tenders/${tender}/interests`, { token: owner, headers: EN }))
      .body.data;
    expect(received[0].tender).toMatchObject(ARABIC_TITLE);
    expect(received[0].user).toMatchObject(ARABIC_COMPANY);
  });

  it('proposals, the comparison and payments carry the title’s language', async () => {
    const mine = (await call(app, 'GET', '/proposals/mine', { token: bidder, headers: EN })).body.data;
    const listed = (mine.items ?? mine) as { id: number; tender: unknown; bidder: unknown }[];
    expect(listed.find((p) => p.id === proposal)?.tender).toMatchObject(ARABIC_TITLE);
    const one = (await call(app, 'GET', `/proposals/${proposal}`, { token: bidder, headers: EN })).body.data;
    expect(one.tender).toMatchObject(ARABIC_TITLE);
    expect(one.bidder).toMatchObject(ARABIC_COMPANY);

    const payment = await call(app, 'GET', `/payments/${reference}`, { token: bidder, headers: EN });
    expect(payment.status).toBe(200);
    expect(payment.body.data.tender).toMatchObject(ARABIC_TITLE);

    // Past the deadline the owner compares the proposals: the bidder's company is named in its language.
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() - 1) })
      .where(eq(tenders.id, tender));
    const comparison = await call(app, 'GET', `/tenders/${tender}/comparison`, { token: owner, headers: EN });
    expect(comparison.status).toBe(200);
    expect(comparison.body.data.rows[0].bidder).toMatchObject(ARABIC_COMPANY);
  });

  it('notifications name the tender in its language, in both languages of the reader', async () => {
    for (const headers of [EN, AR]) {
      const list = (await call(app, 'GET', '/notification', { token: owner, headers })).body.data as {
        tender: { id: number } | null;
      }[];
      const about = list.filter((n) => n.tender?.id === tender);
      expect(about.length).toBeGreaterThan(0);
      for (const n of about) expect(n.tender).toMatchObject(ARABIC_TITLE);
    }
  });

  it('invitations and service requests carry the title’s and the company name’s language', async () => {
    const invitable = await publishedTender(app, { owner, admin }, { title: undefined, titleAr: TITLE_AR });
    const invited = await call(app, 'POST', `/tenders/${invitable}/invitations`, {
      token: owner,
      headers: EN,
      payload: { company: bidderCompany },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ tender: ARABIC_TITLE, company: ARABIC_NAME });
    const listed = (
      await call(app, 'GET', `/tenders/${invitable}/invitations`, { token: owner, headers: EN })
    ).body.data;
    expect(listed[0]).toMatchObject({ tender: ARABIC_TITLE, company: ARABIC_NAME });
    const tenders = (await call(app, 'GET', '/invitations/tenders', { token: owner, headers: EN })).body.data;
    expect(tenders.find((t: { id: number }) => t.id === invitable)).toMatchObject(ARABIC_TITLE);

    const sent = await call(app, 'POST', '/requests', {
      token: other,
      headers: EN,
      payload: {
        name: 'Sara',
        email: 'sara@example.qa',
        phone: '97455001122',
        services: [1],
        project_title: 'Website',
        description: 'A bilingual site',
        company: bidderCompany,
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.company).toMatchObject(ARABIC_NAME);
  });
});
