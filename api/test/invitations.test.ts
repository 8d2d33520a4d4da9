import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, mailOutbox, tenders } from '../src/db/schema.ts';
import { ERRORS } from '../src/errors.ts';
import { proposalBody, uploadAttachments } from './fixtures.ts';
import {
  ADMIN,
  BIDDER,
  call,
  login,
  makeApp,
  OTHER,
  OWNER,
  outbox,
  rowCount,
  type TestApp,
  tokenFromLink,
} from './helpers.ts';

/**
 * Invitations from the directory (a tender's owner invites a company's owner to one of their tenders) and the
 * reasons given when an interest or a service request is rejected: what the invitee is told and when, what an
 * invitation to a closed tender lets them do, what the owner tracks, and every refusal — which changes nothing.
 */

const DAY = 86_400_000;
let app: TestApp;
let owner: string;
let admin: string;
let bidder: string;
/** Invitees: the owners of Qatar Build Contracting, Gulf Star Engineering and Pearl Technologies. */
let mariam: string;
let omar: string;
let fatima: string;
const company: Record<string, number> = {};
const userId: Record<string, number> = {};
const attachments = new Map<string, string>();

beforeAll(async () => {
  app = await makeApp();
  [owner, admin, bidder, mariam, omar, fatima] = await Promise.all([
    login(app, OWNER),
    login(app, ADMIN),
    login(app, BIDDER),
    login(app, OTHER),
    login(app, 'omar@gulfstar.qa'),
    login(app, 'fatima@pearl-tech.qa'),
  ]);
  for (const [name, token] of Object.entries({ owner, mariam, omar, fatima })) {
    const mine = (await call(app, 'GET', '/companies/mine', { token })).body.data;
    company[name] = mine.id;
    userId[name] = (await call(app, 'GET', '/users/me', { token })).body.data.id;
  }
  await uploadAttachments(app, [mariam, omar, fatima], attachments);
});
afterAll(async () => {
  await app.cleanup();
});

const ar = { 'accept-language': 'ar' };

/** A tender of the demo owner: a draft, or published (`submit`), or approved too (`approve`). */
async function tender(
  o: { status?: 'open' | 'closed'; days?: number; submit?: boolean; approve?: boolean; token?: string } = {},
): Promise<number> {
  const created = await call(app, 'POST', '/tenders', {
    token: o.token ?? owner,
    payload: {
      title: `Invitation tender ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Fit-out of the Doha office',
      status: o.status ?? 'open',
      bond: 0,
      participationFee: 0,
      serviceIds: [1],
      start_date: new Date(Date.now() + 20 * DAY).toISOString(),
      end_date: new Date(Date.now() + 60 * DAY).toISOString(),
      deadline: new Date(Date.now() + (o.days ?? 10) * DAY).toISOString(),
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id as number;
  if (o.submit || o.approve)
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);
  if (o.approve)
    expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
  return id;
}

const invite = (tenderId: number, companyId: unknown, token = owner, headers?: Record<string, string>) =>
  call(app, 'POST', `/tenders/${tenderId}/invitations`, {
    token,
    payload: { company: companyId },
    ...(headers ? { headers } : {}),
  });

const bid = (token: string, tenderId: number) =>
  call(app, 'POST', '/proposals', { token, payload: proposalBody(tenderId, attachments.get(token)) });

type Notice = { title: string; content: string; tender?: { id: number } | null };
/** The invitation notices of `token`'s user about `tenderId`. */
async function invitationNotices(token: string, tenderId: number, headers?: Record<string, string>) {
  const r = await call(app, 'GET', '/notification', { token, ...(headers ? { headers } : {}) });
  return (r.body.data as Notice[]).filter(
    (n) =>
      n.tender?.id === tenderId && (n.title === 'Invitation to a tender' || n.title === 'دعوة إلى مناقصة'),
  );
}

/** The mails queued for `who` about `tenderId`'s invitation. */
async function invitationMails(who: string, tenderId: number) {
  const rows = await app.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId[who]!));
  return rows.filter((m) => m.link?.endsWith(`/tender-profile/${tenderId}`));
}

const tracked = async (tenderId: number) =>
  (await call(app, 'GET', `/tenders/${tenderId}/invitations`, { token: owner })).body.data as {
    company: { id: number; name: string };
    sentAt: string | null;
    openedAt: string | null;
    interest: string | null;
    bid: boolean;
  }[];

const myInterest = async (token: string, tenderId: number) =>
  (
    (await call(app, 'GET', '/interests/mine', { token })).body.data as {
      tender: { id: number };
      status: string;
      reason: string | null;
      invited: boolean;
    }[]
  ).find((i) => i.tender.id === tenderId);

describe('inviting to a published tender', () => {
  it('tells the company owner at once (in the app and by mail) and lists it as received', async () => {
    const id = await tender({ approve: true });
    const t = (await call(app, 'GET', `/tenders/${id}`, { token: owner })).body.data;
    const r = await invite(id, company.mariam);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      tender: { id, number: t.number, title: t.title },
      company: { id: company.mariam, name: 'Qatar Build Contracting' },
      openedAt: null,
      interest: null,
      bid: false,
    });
    expect(r.body.data.sentAt).toEqual(expect.any(String));

    const [notice] = await invitationNotices(mariam, id);
    expect(notice?.content).toContain(t.number);
    expect(notice?.content).toContain(t.title);
    expect(notice?.content).toContain('Doha Digital Solutions');
    const [noticeAr] = await invitationNotices(mariam, id, ar);
    expect(noticeAr?.title).toBe('دعوة إلى مناقصة');
    expect(noticeAr?.content).toContain('دعا');
    // Every user value is isolated in the Arabic sentence (the number, the title, the names).
    expect(noticeAr?.content).toContain(`\u2068${t.number}\u2069: "\u2068${t.title}\u2069"`);
    // The Arabic sentence names the company by its Arabic name.
    expect(noticeAr?.content).toContain('شركة \u2068قطر للبناء والمقاولات\u2069');
    expect(await invitationMails('mariam', id)).toHaveLength(1);
    // Nobody else hears of it.
    expect(await invitationNotices(omar, id)).toEqual([]);

    const received = (await call(app, 'GET', '/invitations/received', { token: mariam })).body.data;
    expect(received[0]).toMatchObject({ tender: { id }, company: { id: company.mariam } });
    const others = (await call(app, 'GET', '/invitations/received', { token: omar })).body.data;
    expect(others.map((i: { tender: { id: number } }) => i.tender.id)).not.toContain(id);
  });

  it('records when the invitee opens the tender, and the owner tracks their bid', async () => {
    const id = await tender({ approve: true });
    expect((await invite(id, company.mariam)).status).toBe(201);
    expect((await invite(id, company.omar)).status).toBe(201);
    // The owner, an admin or a bidder who was not invited opening it opens nothing.
    for (const token of [owner, admin, bidder])
      expect((await call(app, 'GET', `/tenders/${id}`, { token })).status).toBe(200);
    expect((await tracked(id)).map((i) => i.openedAt)).toEqual([null, null]);

    expect((await call(app, 'GET', `/tenders/${id}`, { token: mariam })).status).toBe(200);
    const opened = (await tracked(id)).find((i) => i.company.id === company.mariam)!;
    expect(opened.openedAt).toEqual(expect.any(String));
    expect((await tracked(id)).find((i) => i.company.id === company.omar)!.openedAt).toBeNull();
    // The first opening counts.
    await call(app, 'GET', `/tenders/${id}`, { token: mariam });
    expect((await tracked(id)).find((i) => i.company.id === company.mariam)!.openedAt).toBe(opened.openedAt);

    expect((await bid(mariam, id)).status).toBe(201);
    const list = await tracked(id);
    // Newest first.
    expect(list.map((i) => i.company.id)).toEqual([company.omar, company.mariam]);
    expect(list[1]).toMatchObject({ bid: true, interest: null });
    expect(list[0]).toMatchObject({ bid: false, openedAt: null });
  });
});

describe('inviting to a closed tender', () => {
  it('approves the invitee’s interest so that they can bid at once', async () => {
    const id = await tender({ status: 'closed', approve: true });
    const before = await bid(omar, id);
    expect(before.status).toBe(409);
    expect(before.body.code).toBe('INTEREST_NOT_APPROVED');

    const r = await invite(id, company.omar);
    expect(r.status).toBe(201);
    expect(r.body.data.interest).toBe('approved');
    expect(await myInterest(omar, id)).toMatchObject({ status: 'approved', invited: true, reason: null });
    expect((await bid(omar, id)).status).toBe(201);
    expect((await tracked(id))[0]).toMatchObject({ interest: 'approved', bid: true });
  });

  it('approves an interest that was rejected, and clears its reason', async () => {
    const id = await tender({ status: 'closed', approve: true });
    const asked = await call(app, 'POST', '/interests', { token: fatima, payload: { tender: id } });
    expect(asked.status).toBe(201);
    const rejected = await call(app, 'POST', `/tenders/${id}/interests/${asked.body.data.id}/reject`, {
      token: owner,
      payload: { reason: 'We need more references' },
    });
    expect(rejected.status).toBe(200);
    expect((await invite(id, company.fatima)).status).toBe(201);
    expect(await myInterest(fatima, id)).toMatchObject({ status: 'approved', invited: true, reason: null });
    expect(await rowCount(app, `interests where tender_id = ${id}`)).toBe(1);
  });

  it('keeps an invitee’s right to bid when an open tender is closed after the invitation', async () => {
    const id = await tender({ approve: true });
    expect((await invite(id, company.omar)).status).toBe(201);
    expect((await call(app, 'POST', `/tenders/${id}/close`, { token: owner })).status).toBe(200);
    expect(await myInterest(omar, id)).toMatchObject({ status: 'approved', invited: true });
    expect((await bid(omar, id)).status).toBe(201);
  });
});

describe('inviting to a tender not public yet', () => {
  it('holds the notice until an admin approves the tender, then sends it', async () => {
    const id = await tender({ status: 'closed' });
    const held = await invite(id, company.mariam);
    expect(held.status).toBe(201);
    expect(held.body.data).toMatchObject({ sentAt: null, interest: null });
    const mailsBefore = await rowCount(app, 'mail_outbox');
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);
    expect((await invite(id, company.omar)).body.data.sentAt).toBeNull();

    // Nothing reaches the invitees, and the tender stays invisible to them.
    for (const token of [mariam, omar]) {
      expect(await invitationNotices(token, id)).toEqual([]);
      const received = (await call(app, 'GET', '/invitations/received', { token })).body.data;
      expect(received.map((i: { tender: { id: number } }) => i.tender.id)).not.toContain(id);
      expect((await call(app, 'GET', `/tenders/${id}`, { token })).status).toBe(404);
      expect(await myInterest(token, id)).toBeUndefined();
    }
    // Only the admins' "waiting for approval" mails were queued.
    expect(await invitationMails('mariam', id)).toEqual([]);
    expect(await rowCount(app, 'mail_outbox')).toBeGreaterThan(mailsBefore);

    expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
    for (const [name, token] of [
      ['mariam', mariam],
      ['omar', omar],
    ] as const) {
      expect(await invitationNotices(token, id)).toHaveLength(1);
      expect(await invitationMails(name, id)).toHaveLength(1);
      expect(await myInterest(token, id)).toMatchObject({ status: 'approved', invited: true });
    }
    const list = await tracked(id);
    for (const i of list) expect(i).toMatchObject({ sentAt: expect.any(String), interest: 'approved' });
    expect((await bid(mariam, id)).status).toBe(201);
  });

  it('does not send a held invitation to a company that lost its approval; inviting it again once approved sends it', async () => {
    const id = await tender({ submit: true });
    expect((await invite(id, company.omar)).status).toBe(201);
    expect(
      (
        await call(app, 'POST', `/admin/companies/${company.omar}/reject`, {
          token: admin,
          payload: { reason: 'Incomplete details' },
        })
      ).status,
    ).toBe(200);
    try {
      expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
      expect(await invitationNotices(omar, id)).toEqual([]);
      expect(await invitationMails('omar', id)).toEqual([]);
      expect((await tracked(id))[0]).toMatchObject({ sentAt: null });
      // Not approved now: inviting again is refused like a first invitation.
      expect((await invite(id, company.omar)).body.code).toBe('COMPANY_NOT_APPROVED');
    } finally {
      expect(
        (await call(app, 'POST', `/admin/companies/${company.omar}/approve`, { token: admin })).status,
      ).toBe(200);
    }
    const again = await invite(id, company.omar);
    expect(again.status).toBe(201);
    expect(again.body.data.sentAt).toEqual(expect.any(String));
    expect(await invitationNotices(omar, id)).toHaveLength(1);
    expect(await invitationMails('omar', id)).toHaveLength(1);
    // Sent once: a third time is the usual refusal.
    expect((await invite(id, company.omar)).body.code).toBe('ALREADY_INVITED');
  });

  it('sends nothing when the tender is rejected', async () => {
    const id = await tender({ submit: true });
    expect((await invite(id, company.fatima)).status).toBe(201);
    expect(
      (
        await call(app, 'POST', `/admin/tenders/${id}/reject`, {
          token: admin,
          payload: { reason: 'Incomplete details' },
        })
      ).status,
    ).toBe(200);
    expect(await invitationNotices(fatima, id)).toEqual([]);
    expect((await tracked(id))[0]!.sentAt).toBeNull();
    // A rejected tender can still invite (it goes back through approval).
    expect((await invite(id, company.omar)).status).toBe(201);
  });
});

describe('the tenders one can invite to', () => {
  it('lists the caller’s drafts, pending, rejected and published tenders before the deadline, with who is invited', async () => {
    const draft = await tender();
    const pending = await tender({ submit: true });
    const published = await tender({ approve: true });
    const past = await tender({ approve: true });
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(tenders.id, past));
    const cancelled = await tender({ approve: true });
    expect(
      (
        await call(app, 'POST', `/tenders/${cancelled}/cancel`, {
          token: owner,
          payload: { reason: 'Budget' },
        })
      ).status,
    ).toBe(200);
    expect((await invite(published, company.omar)).status).toBe(201);

    const list = (await call(app, 'GET', '/invitations/tenders', { token: owner })).body.data as {
      id: number;
      invitedCompanyIds: number[];
    }[];
    const ids = list.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([draft, pending, published]));
    expect(ids).not.toContain(past);
    expect(ids).not.toContain(cancelled);
    // Newest first.
    expect(ids.indexOf(published)).toBeLessThan(ids.indexOf(pending));
    expect(list.find((t) => t.id === published)!.invitedCompanyIds).toEqual([company.omar]);
    expect(list.find((t) => t.id === draft)!.invitedCompanyIds).toEqual([]);

    expect((await call(app, 'GET', '/invitations/tenders', { token: bidder })).body.data).toEqual([]);
    expect((await call(app, 'GET', '/invitations/tenders', { token: admin })).status).toBe(403);
    expect((await call(app, 'GET', '/invitations/received', { token: admin })).status).toBe(403);
    const foreign = await call(app, 'GET', `/tenders/${published}/invitations`, { token: mariam });
    expect(foreign.status).toBe(409);
    expect(foreign.body.code).toBe('NOT_TENDER_OWNER');
  });
});

describe('refusals', () => {
  /** What a refusal must leave as it was. */
  const snapshot = async () =>
    Promise.all(
      ['tender_invitations', 'interests', 'notifications', 'mail_outbox'].map((t) => rowCount(app, t)),
    );

  it('refuses each case with its code and message, in English and Arabic, and changes nothing', async () => {
    const open = await tender({ approve: true });
    const closed = await tender({ status: 'closed', approve: true });
    const past = await tender({ approve: true });
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(tenders.id, past));
    const pastDraft = await tender();
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(tenders.id, pastDraft));
    const ended = await tender({ approve: true });
    expect(
      (await call(app, 'POST', `/tenders/${ended}/cancel`, { token: owner, payload: { reason: 'Budget' } }))
        .status,
    ).toBe(200);
    expect((await invite(open, company.mariam)).status).toBe(201);

    const db = app.ctx.database.db;
    const [pendingCompany] = await db
      .select()
      .from(companies)
      .where(eq(companies.status, 'pending'))
      .limit(1);
    const [ownerless] = await db
      .select()
      .from(companies)
      .where(and(eq(companies.status, 'approved'), isNull(companies.ownerId)))
      .limit(1);
    expect(pendingCompany && ownerless).toBeTruthy();

    const before = await snapshot();
    const cases: [string, () => ReturnType<typeof invite>, number, string][] = [
      ['own company', () => invite(open, company.owner), 409, 'OWN_COMPANY_INVITATION'],
      ['company not approved', () => invite(open, pendingCompany!.id), 409, 'COMPANY_NOT_APPROVED'],
      ['company without an owner', () => invite(open, ownerless!.id), 409, 'COMPANY_WITHOUT_OWNER'],
      ['unknown company', () => invite(open, 999999), 404, 'COMPANY_NOT_FOUND'],
      ['unknown tender', () => invite(999999, company.omar), 404, 'TENDER_NOT_FOUND'],
      ['past the deadline', () => invite(past, company.omar), 409, 'DEADLINE_PASSED'],
      ['a draft past its deadline', () => invite(pastDraft, company.omar), 409, 'DEADLINE_PASSED'],
      ['ended', () => invite(ended, company.omar), 409, 'TENDER_ENDED'],
      ['invited twice', () => invite(open, company.mariam), 409, 'ALREADY_INVITED'],
      ['not the owner', () => invite(open, company.fatima, omar), 409, 'NOT_TENDER_OWNER'],
      ['closed, not the owner', () => invite(closed, company.fatima, mariam), 409, 'NOT_TENDER_OWNER'],
      ['an admin', () => invite(open, company.omar, admin), 403, 'FORBIDDEN'],
      ['not a company id', () => invite(open, 'Gulf Star'), 422, 'VALIDATION_FAILED'],
    ];
    for (const [what, run, status, code] of cases) {
      const r = await run();
      expect(r.status, what).toBe(status);
      expect(r.body.code, what).toBe(code);
    }
    const arabic = await invite(open, company.owner, owner, ar);
    expect(arabic.body.message).toBe(ERRORS.OWN_COMPANY_INVITATION.ar);
    const english = await invite(open, ownerless!.id);
    expect(english.body.message).toBe(ERRORS.COMPANY_WITHOUT_OWNER.en);
    expect(
      (await call(app, 'POST', `/tenders/${open}/invitations`, { payload: { company: 1 } })).status,
    ).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('of two invitations racing for one company, exactly one is made and told', async () => {
    const id = await tender({ status: 'closed', approve: true });
    const results = await Promise.all([invite(id, company.fatima), invite(id, company.fatima)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('ALREADY_INVITED');
    expect(await rowCount(app, `tender_invitations where tender_id = ${id}`)).toBe(1);
    expect(await invitationNotices(fatima, id)).toHaveLength(1);
    expect(await invitationMails('fatima', id)).toHaveLength(1);
    expect(await rowCount(app, `interests where tender_id = ${id}`)).toBe(1);
  });
});

describe('reasons for a rejection', () => {
  it('an interest is rejected only with a reason, which the bidder sees', async () => {
    const id = await tender({ status: 'closed', approve: true });
    const asked = await call(app, 'POST', '/interests', { token: bidder, payload: { tender: id } });
    expect(asked.status).toBe(201);
    const url = `/tenders/${id}/interests/${asked.body.data.id}/reject`;
    for (const payload of [undefined, {}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
      const r = await call(app, 'POST', url, { token: owner, payload });
      expect(r.status, JSON.stringify(payload)).toBe(422);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
    // Someone else's tender is refused before the body is read.
    expect((await call(app, 'POST', url, { token: mariam })).body.code).toBe('NOT_TENDER_OWNER');
    expect(await myInterest(bidder, id)).toMatchObject({ status: 'pending', reason: null });

    const r = await call(app, 'POST', url, {
      token: owner,
      payload: { reason: '  No references attached  ' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'rejected', reason: 'No references attached' });
    expect(r.body.data.decidedAt).toEqual(expect.any(String));
    expect(await myInterest(bidder, id)).toMatchObject({
      status: 'rejected',
      reason: 'No references attached',
    });

    const notices = (await call(app, 'GET', '/notification', { token: bidder })).body.data as Notice[];
    const notice = notices.find((n) => n.tender?.id === id && n.title === 'Interest not approved');
    expect(notice?.content).toContain('Reason: \u2068No references attached\u2069');
    const noticesAr = (await call(app, 'GET', '/notification', { token: bidder, headers: ar })).body
      .data as Notice[];
    expect(noticesAr.find((n) => n.tender?.id === id)?.content).toContain(
      'السبب: \u2068No references attached\u2069',
    );
  });

  it('approving an interest still takes no body', async () => {
    const id = await tender({ status: 'closed', approve: true });
    const asked = await call(app, 'POST', '/interests', { token: omar, payload: { tender: id } });
    const r = await call(app, 'POST', `/tenders/${id}/interests/${asked.body.data.id}/approve`, {
      token: owner,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'approved', reason: null, invited: false });
  });

  it('a service request is rejected only with a reason, which the requester sees', async () => {
    const sent = await call(app, 'POST', '/requests', {
      token: bidder,
      payload: {
        name: 'Sara',
        email: 'sara@example.qa',
        phone: '97455001122',
        services: [1],
        project_title: 'Warehouse racking',
        description: 'Two aisles',
        company: company.mariam,
      },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.data.id;
    for (const payload of [undefined, { reason: '' }]) {
      const r = await call(app, 'POST', `/requests/${id}/reject`, { token: admin, payload });
      expect(r.status).toBe(422);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
    const r = await call(app, 'POST', `/requests/${id}/reject`, {
      token: admin,
      payload: { reason: 'The description is too short' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'rejected', reason: 'The description is too short' });
    const mine = (await call(app, 'GET', '/requests/sent', { token: bidder })).body.data.items as {
      id: number;
      status: string;
      reason: string | null;
    }[];
    expect(mine.find((x) => x.id === id)).toMatchObject({
      status: 'rejected',
      reason: 'The description is too short',
    });
    const notices = (await call(app, 'GET', '/notification', { token: bidder })).body.data as Notice[];
    expect(notices.find((n) => n.title === 'Request not approved')?.content).toContain(
      'Reason: \u2068The description is too short\u2069',
    );
  });
});

describe('what the directory offers a signed-in caller', () => {
  it('says whether the caller has a tender to invite to, and which company is theirs', async () => {
    const inviter = async (token: string) => {
      const r = await call(app, 'GET', '/invitations/inviter', { token });
      expect(r.status).toBe(200);
      return r.body.data;
    };
    // A new account: no tender, no company — the directory offers no "Invite to tender".
    const email = 'noor.inviter@example.qa';
    expect((await call(app, 'POST', '/auth/register', { payload: { name: 'Noor', email } })).status).toBe(
      200,
    );
    const verificationToken = tokenFromLink(outbox(app).find((m) => m.to === email)!.link!);
    const noor = (
      await call(app, 'POST', '/auth/set-password', {
        payload: { verificationToken, newPassword: 'secret1', confirmPassword: 'secret1' },
      })
    ).body.data.accessToken as string;
    expect(await inviter(noor)).toEqual({ canInvite: false, companyId: null });

    // A draft tender can take invitations; the company they register is theirs.
    const draft = await tender({ token: noor });
    const mine = await call(app, 'PUT', '/companies/mine', {
      token: noor,
      payload: { name: 'Noor Trading', serviceIds: [1] },
    });
    expect(await inviter(noor)).toEqual({ canInvite: true, companyId: mine.body.data.id });

    // Once its deadline passed, nothing is left to invite to.
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() - DAY) })
      .where(eq(tenders.id, draft));
    expect(await inviter(noor)).toEqual({ canInvite: false, companyId: mine.body.data.id });

    expect(await inviter(owner)).toEqual({ canInvite: true, companyId: company.owner });
    // Admins invite nobody; the answer is not a refusal (a 403 would sign them out).
    expect(await inviter(admin)).toEqual({ canInvite: false, companyId: null });
  });
});
