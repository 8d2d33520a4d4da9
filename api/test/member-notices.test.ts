import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyMembers,
  companyServices,
  mailOutbox,
  notifications,
  tenders,
  users,
} from '../src/db/schema.ts';
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
 * Notifications and mails go to the members concerned (docs/decisions/0011-organisations.md): a company's record
 * concerns its members with the role that acts on it (buyers for the tender's side, bidders for a bidding company's
 * side, administrators for the company itself), a personal record its person; viewers are not told, nor whoever
 * acted; each recipient reads it in their own language.
 *
 * The cast: company A (the demo owner's: owner with every role, an Arabic buyer, an English bidder) publishes the
 * tenders; company B (OTHER's: lead with every role, an Arabic bidder who is also an administrator, an English
 * viewer) bids; Sara (the demo bidder) bids as herself, without a company.
 */

let app: TestApp;
let admin: string;
const t: Record<string, string> = {};
/** Each cast member's email by name. */
const email: Record<string, string> = {
  owner: OWNER,
  aBuyer: 'a-buyer@notices.qa',
  aBidder: 'a-bidder@notices.qa',
  lead: OTHER,
  bBidder: 'b-bidder@notices.qa',
  bViewer: 'b-viewer@notices.qa',
  sara: BIDDER,
};
const nameOf = new Map(Object.entries(email).map(([k, v]) => [v, k]));
let companyA: number;
let companyB: number;
const attachments = new Map<string, string>();

const companyOf = async (address: string) => {
  const [row] = await app.ctx.database.db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(users.email, address));
  return row!.id;
};

beforeAll(async () => {
  app = await makeApp({
    env: {
      rateLimits: ROOMY_LIMITS,
    },
  });
  [admin, t.owner, t.lead, t.sara] = await Promise.all([
    login(app, ADMIN),
    login(app, OWNER),
    login(app, OTHER),
    login(app, BIDDER),
  ]);
  t.aBuyer = await newMember(app, t.owner!, email.aBuyer!, ['buyer'], 'ar');
  t.aBidder = await newMember(app, t.owner!, email.aBidder!, ['bidder'], 'en');
  t.bBidder = await newMember(app, t.lead!, email.bBidder!, ['bidder', 'admin'], 'ar');
  t.bViewer = await newMember(app, t.lead!, email.bViewer!, ['viewer'], 'en');
  [companyA, companyB] = [await companyOf(OWNER), await companyOf(OTHER)];
  await uploadAttachments(app, [t.lead!, t.bBidder!, t.sara!], attachments);
});
afterAll(async () => {
  await app.cleanup();
});

type Mark = { notice: number; mail: number };
/** Where the notifications and mails stand now: what comes after is what an action caused. */
async function mark(): Promise<Mark> {
  const db = app.ctx.database.db;
  const [[n], [m]] = await Promise.all([
    db.select({ id: max(notifications.id) }).from(notifications),
    db.select({ id: max(mailOutbox.id) }).from(mailOutbox),
  ]);
  return { notice: n?.id ?? 0, mail: m?.id ?? 0 };
}

const arabic = /[\u0600-\u06FF]/;

/**
 * Who of the cast got a notification titled `title` since `since` (the names, sorted), and their mails with the
 * language each is written in ("aBuyer ar").
 */
async function told(since: Mark, title: string) {
  const db = app.ctx.database.db;
  const notified = await db
    .select({ email: users.email, titleAr: notifications.titleAr })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(gt(notifications.id, since.notice), eq(notifications.title, title)));
  const people = notified.map((n) => nameOf.get(n.email)).filter((n) => n !== undefined);
  const mails = await db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(
      and(
        gt(mailOutbox.id, since.mail),
        inArray(
          mailOutbox.toAddress,
          notified.map((n) => n.email),
        ),
      ),
    );
  // The mails of this notice (subject: its title in the recipient's language), not of others sent meanwhile.
  const titles = [title, ...notified.map((n) => n.titleAr)];
  const mailed = mails
    .filter((m) => nameOf.has(m.to) && titles.some((x) => m.subject.endsWith(x)))
    .map((m) => `${nameOf.get(m.to)} ${arabic.test(m.subject) ? 'ar' : 'en'}`);
  return { notified: people.sort(), mailed: mailed.sort() };
}

/** The platform administrators who got a notification titled `title` since `since`. */
async function adminsTold(since: Mark, title: string): Promise<number> {
  const rows = await app.ctx.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(gt(notifications.id, since.notice), eq(notifications.title, title), eq(users.isAdmin, true)));
  return rows.length;
}

/** No standstill: an award is final at once (its notices are the final award's). */
const tender = (patch: Record<string, unknown> = {}) =>
  publishedTender(app, { owner: t.owner!, admin }, { standstillDays: 0, ...patch });
const bid = async (who: string, id: number) => {
  const r = await call(app, 'POST', '/proposals', {
    token: t[who],
    payload: proposalBody(id, attachments.get(t[who]!)),
  });
  expect(r.status).toBe(201);
  return r.body.data as { proposal: { id: number }; payUrl?: string };
};

const BUYERS_OF_A = { notified: ['aBuyer', 'owner'], mailed: ['aBuyer ar', 'owner en'] };

describe('the tender company’s buyers', () => {
  it('hear of a question, a proposal and its resubmission; a bidder or viewer of either company does not', async () => {
    const id = await tender();
    let since = await mark();
    const asked = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: t.bBidder,
      payload: { question: 'Is parking included?' },
    });
    expect(asked.status).toBe(201);
    expect(await told(since, 'New question on your tender')).toEqual(BUYERS_OF_A);

    since = await mark();
    const { proposal } = await bid('bBidder', id);
    expect(await told(since, 'New proposal on your tender')).toEqual(BUYERS_OF_A);

    since = await mark();
    const again = await call(app, 'PUT', `/proposals/${proposal.id}`, {
      token: t.lead,
      payload: { ...proposalBody(id, attachments.get(t.lead!), { price: 90000 }), tender: undefined },
    });
    expect(again.status).toBe(200);
    expect(await told(since, 'A proposal was resubmitted on your tender')).toEqual(BUYERS_OF_A);
  });

  it('hear of a new interest in a closed tender; the interest’s company bidders hear the decision', async () => {
    const id = await tender({ status: 'closed' });
    let since = await mark();
    const interest = await call(app, 'POST', '/interests', { token: t.bBidder, payload: { tender: id } });
    expect(interest.status).toBe(201);
    expect(await told(since, 'New interest in your tender')).toEqual(BUYERS_OF_A);

    since = await mark();
    const approve = `/tenders/${id}/interests/${interest.body.data.id}/approve`;
    expect((await call(app, 'POST', approve, { token: t.aBuyer })).status).toBe(200);
    expect(await told(since, 'Interest approved')).toEqual({
      notified: ['bBidder', 'lead'],
      mailed: ['bBidder ar', 'lead en'],
    });

    // A personal interest concerns its person alone.
    const own = await call(app, 'POST', '/interests', { token: t.sara, payload: { tender: id } });
    since = await mark();
    const reject = `/tenders/${id}/interests/${own.body.data.id}/reject`;
    expect((await call(app, 'POST', reject, { token: t.owner, payload: { reason: 'Full' } })).status).toBe(
      200,
    );
    expect(await told(since, 'Interest not approved')).toEqual({ notified: ['sara'], mailed: ['sara en'] });
  });

  it('hear that an admin approved or rejected the company’s tender', async () => {
    const created = await call(app, 'POST', '/tenders', {
      token: t.aBuyer,
      payload: tenderBody(),
    });
    const id = created.body.data.id as number;
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: t.aBuyer })).status).toBe(200);
    const since = await mark();
    expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
    expect(await told(since, 'Tender approved')).toEqual(BUYERS_OF_A);
  });
});

describe('the bidding side', () => {
  it('hears an answer, an amendment and a cancellation: the company’s bidders and the personal bidder', async () => {
    const id = await tender();
    const asked = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: t.sara,
      payload: { question: 'Which floor?' },
    });
    await bid('lead', id);
    await bid('sara', id);
    const everyone = {
      notified: ['bBidder', 'lead', 'sara'],
      mailed: ['bBidder ar', 'lead en', 'sara en'],
    };

    let since = await mark();
    const answered = await call(app, 'POST', `/tenders/${id}/clarifications/${asked.body.data.id}/answer`, {
      token: t.aBuyer,
      payload: { answer: 'The third' },
    });
    expect(answered.status).toBe(200);
    expect(await told(since, 'A question was answered')).toEqual(everyone);

    since = await mark();
    const amended = await call(app, 'POST', `/tenders/${id}/amendments`, {
      token: t.aBuyer,
      payload: { reason: 'Scope', description: 'Fit-out of two floors' },
    });
    expect(amended.status).toBe(201);
    expect(await told(since, 'Tender amended (amendment 1)')).toEqual(everyone);

    since = await mark();
    const cancelled = await call(app, 'POST', `/tenders/${id}/cancel`, {
      token: t.owner,
      payload: { reason: 'Budget' },
    });
    expect(cancelled.status).toBe(200);
    expect(await told(since, 'Tender cancelled')).toEqual(everyone);
    expect(await adminsTold(since, 'Tender cancelled')).toBeGreaterThan(0);
  });

  it('hears the award: the winning company’s bidders that they won, the other bidder that they did not', async () => {
    const id = await tender();
    const { proposal } = await bid('bBidder', id);
    await bid('sara', id);
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(tenders.id, id));
    const since = await mark();
    const awarded = await call(app, 'POST', `/tenders/${id}/award`, {
      token: t.aBuyer,
      payload: { proposalId: proposal.id },
    });
    expect(awarded.status).toBe(200);
    expect(await told(since, 'Your proposal won')).toEqual({
      notified: ['bBidder', 'lead'],
      mailed: ['bBidder ar', 'lead en'],
    });
    expect(await told(since, 'Tender awarded to another bidder')).toEqual({
      notified: ['sara'],
      mailed: ['sara en'],
    });
  });

  it('hears of a payment and of its refund: the paying company’s bidders', async () => {
    const id = await tender({ participationFee: 50 });
    const { payUrl } = await bid('bBidder', id);
    const checkout = new URL(payUrl!).pathname;
    let since = await mark();
    const paid = await app.inject({
      method: 'POST',
      url: checkout,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
    expect(await told(since, 'Payment Successful')).toEqual({
      notified: ['bBidder', 'lead'],
      mailed: ['bBidder ar', 'lead en'],
    });

    since = await mark();
    await call(app, 'POST', `/tenders/${id}/cancel`, { token: t.owner, payload: { reason: 'Budget' } });
    expect(await told(since, 'Payment returned')).toEqual({
      notified: ['bBidder', 'lead'],
      mailed: ['bBidder ar', 'lead en'],
    });
  });

  it('hears of an invitation to a tender: the invited company’s bidders', async () => {
    const id = await tender();
    const since = await mark();
    const invited = await call(app, 'POST', `/tenders/${id}/invitations`, {
      token: t.aBuyer,
      payload: { company: companyB },
    });
    expect(invited.status).toBe(201);
    expect(await told(since, 'Invitation to a tender')).toEqual({
      notified: ['bBidder', 'lead'],
      mailed: ['bBidder ar', 'lead en'],
    });
  });
});

describe('the company and its requests', () => {
  it('tells the asked company’s bidders and administrators of a request, and the requesting side of the decision', async () => {
    const body = {
      name: 'Sara',
      email: 'sara@example.qa',
      phone: '97455001122',
      project_title: 'Website',
      description: 'A bilingual site',
      company: companyB,
    };
    const [service] = await app.ctx.database.db
      .select({ id: companyServices.serviceId })
      .from(companyServices)
      .where(eq(companyServices.companyId, companyB));
    const personal = await call(app, 'POST', '/requests', {
      token: t.sara,
      payload: { ...body, services: [service!.id] },
    });
    expect(personal.status).toBe(201);
    let since = await mark();
    expect(
      (await call(app, 'POST', `/requests/${personal.body.data.id}/approve`, { token: admin })).status,
    ).toBe(200);
    expect(await told(since, 'New service request received')).toEqual({
      notified: ['bBidder', 'lead'],
      mailed: ['bBidder ar', 'lead en'],
    });
    expect((await told(since, 'Request approved')).notified).toEqual(['sara']);

    // Sent for company A by its bidder: the decision reaches the sender and A's buyers.
    const forA = await call(app, 'POST', '/requests', {
      token: t.aBidder,
      payload: { ...body, services: [service!.id] },
    });
    expect(forA.status).toBe(201);
    since = await mark();
    const rejected = await call(app, 'POST', `/requests/${forA.body.data.id}/reject`, {
      token: admin,
      payload: { reason: 'Spam' },
    });
    expect(rejected.status).toBe(200);
    expect(await told(since, 'Request not approved')).toEqual({
      notified: ['aBidder', 'aBuyer', 'owner'],
      mailed: ['aBidder en', 'aBuyer ar', 'owner en'],
    });
  });

  it('tells the company’s administrators that the platform approved or rejected it', async () => {
    let since = await mark();
    const rejected = await call(app, 'POST', `/admin/companies/${companyB}/reject`, {
      token: admin,
      payload: { reason: 'Incomplete details' },
    });
    expect(rejected.status).toBe(200);
    const admins = { notified: ['bBidder', 'lead'], mailed: ['bBidder ar', 'lead en'] };
    expect(await told(since, 'Company not approved')).toEqual(admins);
    since = await mark();
    expect((await call(app, 'POST', `/admin/companies/${companyB}/approve`, { token: admin })).status).toBe(
      200,
    );
    expect(await told(since, 'Company approved')).toEqual(admins);
  });
});

describe('followed services', () => {
  it('alert a following company’s bidders once each, a personal follower, and never the tender’s own company', async () => {
    const db = app.ctx.database.db;
    const offeredByA = (
      await db
        .select({ id: companyServices.serviceId })
        .from(companyServices)
        .where(eq(companyServices.companyId, companyA))
    ).map((r) => r.id);
    const offeredByB = (
      await db
        .select({ id: companyServices.serviceId })
        .from(companyServices)
        .where(eq(companyServices.companyId, companyB))
    ).map((r) => r.id);
    // A service neither A nor B offers: B's members hear of it only through their follows.
    const [service] = (await db.select({ id: companyServices.serviceId }).from(companyServices)).filter(
      (s) => !offeredByA.includes(s.id) && !offeredByB.includes(s.id),
    );
    // A company follows a service once, whichever member follows it first; the others are told it already does.
    const answers = { lead: 201, bBidder: 409, bViewer: 409, sara: 201, owner: 201, aBuyer: 409 };
    for (const [who, status] of Object.entries(answers)) {
      const r = await call(app, 'POST', '/follows', { token: t[who], payload: { service: service!.id } });
      expect([who, r.status]).toEqual([who, status]);
    }
    const since = await mark();
    await tender({ serviceIds: [service!.id] });
    expect(await told(since, 'New tender in a service you follow')).toEqual({
      notified: ['bBidder', 'lead', 'sara'],
      mailed: ['bBidder ar', 'lead en', 'sara en'],
    });

    // A service B offers: its bidders hear it as theirs, once each.
    const offered = offeredByB.find((s) => !offeredByA.includes(s))!;
    const next = await mark();
    await tender({ serviceIds: [offered] });
    expect(await told(next, 'New tender in a service you offer')).toEqual({
      notified: ['bBidder', 'lead'],
      mailed: ['bBidder ar', 'lead en'],
    });
  });
});
