import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderEvents, tenders } from '../src/db/schema.ts';
import { recordBidOpenings } from '../src/modules/tenders/lifecycle.ts';
import { seededTenders, type SeededTender as T, tenderBody } from './fixtures.ts';
import { call, makeApp, OTHER, type TestApp } from './helpers.ts';

let app: TestApp;
let bidder: string;
let owner: string;
let admin: string;
let other: string;
let mine: T[];
const DAY = 86_400_000;
const body = (patch: Record<string, unknown> = {}) =>
  tenderBody({ title: 'Supply of office furniture', description: 'Desks and chairs', ...patch });

beforeAll(async () => {
  app = await makeApp();
  ({ bidder, owner, admin, other, mine } = await seededTenders(app));
});
afterAll(async () => {
  await app.cleanup();
});

describe('tender list', () => {
  it('shows ≥ 30 seeded tenders in every state to the owner, and only approved published ones publicly', async () => {
    const all = await call(app, 'GET', '/admin/tenders', { token: admin });
    expect(all.body.data.totalItems).toBeGreaterThanOrEqual(30);
    const states = new Set(mine.map((t) => `${t.approvalStatus.status}/${t.status}/${t.isPastDeadline}`));
    for (const s of [
      'draft/open/false',
      'pending/open/false',
      'approved/open/false',
      'approved/closed/false',
      'approved/open/true',
    ]) {
      expect(states).toContain(s);
    }
    // A tender lists each of its services once (tender 1 once listed "Web Development" twice).
    const everyTender = await call(app, 'GET', '/admin/tenders', { token: admin, query: { limit: '100' } });
    expect(everyTender.body.data.items.length).toBe(everyTender.body.data.totalItems);
    for (const t of everyTender.body.data.items as { services: { id: number }[] }[]) {
      const ids = t.services.map((svc) => svc.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    const pub = await call(app, 'GET', '/tenders');
    expect(pub.body.data.totalItems).toBeGreaterThan(10);
    for (const t of pub.body.data.items) expect(t.approvalStatus.status).toBe('approved');
    expect(pub.body.data.items.some((t: T) => t.bond > 0 || t.participationFee > 0)).toBe(true);
  });

  it('lists by default only tenders one can still act on; the stage filter shows the others', async () => {
    const ids = async (query: Record<string, string>) =>
      (
        (await call(app, 'GET', '/tenders', { query: { limit: '100', ...query } })).body.data.items as {
          id: number;
          state: string;
        }[]
      ).map((t) => t.state);
    const byDefault = await ids({});
    expect(byDefault.length).toBeGreaterThan(0);
    expect(new Set(byDefault)).toEqual(new Set(['published']));
    expect(await ids({ state: '' })).toEqual(byDefault);
    const all = await ids({ state: 'all' });
    for (const state of ['published', 'bids_opened', 'awarded', 'no_award', 'cancelled'])
      expect(all, state).toContain(state);
    expect(new Set(await ids({ state: 'ended' }))).toEqual(new Set(['awarded', 'no_award', 'cancelled']));
    expect(new Set(await ids({ state: 'bids_opened' }))).toEqual(new Set(['bids_opened']));
    // The owner's list and the admin's keep every state unless asked.
    const mineAll = await call(app, 'GET', '/tenders/mine', { token: owner, query: { limit: '100' } });
    expect(mineAll.body.data.items.some((t: { state: string }) => t.state === 'draft')).toBe(true);
    const bad = await call(app, 'GET', '/tenders', {
      query: { state: 'open' },
      headers: { 'accept-language': 'ar' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('مرحلة المناقصة غير معروفة.');
  });

  it('applies the spec filters', async () => {
    const closed = await call(app, 'GET', '/tenders', { query: { status: 'closed' } });
    expect(closed.body.data.totalItems).toBeGreaterThan(0);
    for (const t of closed.body.data.items) expect(t.status).toBe('closed');
    const bond = await call(app, 'GET', '/tenders', { query: { minBond: '5000', maxBond: '100000' } });
    expect(bond.body.data.totalItems).toBeGreaterThan(0);
    for (const t of bond.body.data.items) expect(t.bond).toBeGreaterThanOrEqual(5000);
    const budgeted = await call(app, 'GET', '/tenders', {
      query: { minBudget: '100000', maxBudget: '2000000' },
    });
    expect(budgeted.body.data.totalItems).toBeGreaterThan(0);
    for (const t of budgeted.body.data.items) {
      expect(t.budget).toBeGreaterThanOrEqual(100000);
      expect(t.budget).toBeLessThanOrEqual(2000000);
    }
    const allPublished = await call(app, 'GET', '/tenders');
    expect(budgeted.body.data.totalItems).toBeLessThan(allPublished.body.data.totalItems);
    const num = await call(app, 'GET', '/tenders', { query: { number: 'BWB-2026-0005' } });
    expect(num.body.data.items.map((t: { number: string }) => t.number)).toEqual(['BWB-2026-0005']);
    const title = await call(app, 'GET', '/tenders', { query: { title: 'catering' } });
    for (const t of title.body.data.items) expect(t.title.toLowerCase()).toContain('catering');
    const later = new Date(Date.now() + 365 * DAY).toISOString().slice(0, 10);
    const none = await call(app, 'GET', '/tenders', { query: { publishDateFrom: later } });
    expect(none.body.data.totalItems).toBe(0);
    const draftsForPublic = await call(app, 'GET', '/tenders', { query: { approvalStatus: 'draft' } });
    expect(draftsForPublic.body.data.totalItems).toBe(0);
    const bad = await call(app, 'GET', '/tenders', { query: { status: 'maybe' } });
    expect(bad.status).toBe(422);
  });

  it('searches by keyword (title and description), service and category', async () => {
    const all = (await call(app, 'GET', '/tenders', { query: { limit: '100' } })).body.data.items as {
      id: number;
      title: string;
      description: string;
      services: { id: number }[];
    }[];
    const keyword = await call(app, 'GET', '/tenders', { query: { q: 'CCTV', limit: '100' } });
    expect(keyword.body.data.totalItems).toBeGreaterThan(0);
    for (const t of keyword.body.data.items)
      expect(`${t.title} ${t.description}`.toLowerCase()).toContain('cctv');
    // The seeded descriptions carry Arabic: the keyword finds it in the description too.
    const inDescription = await call(app, 'GET', '/tenders', { query: { q: 'نطاق العمل', limit: '100' } });
    expect(inDescription.body.data.totalItems).toBeGreaterThan(0);
    expect(inDescription.body.data.totalItems).toBe(
      all.filter((t) => t.description.includes('نطاق العمل')).length,
    );

    const service = all[0]!.services[0]!.id;
    const byService = (
      await call(app, 'GET', '/tenders', { query: { serviceId: String(service), limit: '100' } })
    ).body.data.items as typeof all;
    expect(byService.map((t) => t.id).sort()).toEqual(
      all
        .filter((t) => t.services.some((x) => x.id === service))
        .map((t) => t.id)
        .sort(),
    );
    const categories = (await call(app, 'GET', '/categories')).body.data as {
      id: number;
      services: { id: number }[];
    }[];
    const category = categories.find((c) => c.services.some((x) => x.id === service))!;
    const inCategory = new Set(category.services.map((x) => x.id));
    const byCategory = (
      await call(app, 'GET', '/tenders', { query: { categoryId: String(category.id), limit: '100' } })
    ).body.data.items as typeof all;
    expect(byCategory.map((t) => t.id).sort()).toEqual(
      all
        .filter((t) => t.services.some((x) => inCategory.has(x.id)))
        .map((t) => t.id)
        .sort(),
    );
    expect(byCategory.length).toBeGreaterThanOrEqual(byService.length);
    const unknown = await call(app, 'GET', '/tenders', { query: { categoryId: '999999' } });
    expect(unknown.body.data.totalItems).toBe(0);
    expect((await call(app, 'GET', '/tenders', { query: { serviceId: 'x' } })).status).toBe(422);
  });

  it('date filters are Qatar days (UTC+3), not UTC days', async () => {
    // 00:30 on 5 March in Qatar is still 4 March in UTC.
    const created = await call(app, 'POST', '/tenders', {
      token: owner,
      payload: body({
        title: 'Qatar-day filter probe',
        start_date: '2031-03-04T21:30:00.000Z',
        end_date: '2031-04-01T09:00:00.000Z',
        deadline: '2031-03-01T09:00:00.000Z',
      }),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const ids = async (query: Record<string, string>) =>
      (
        await call(app, 'GET', '/tenders/mine', { token: owner, query: { ...query, limit: '100' } })
      ).body.data.items.map((t: { id: number }) => t.id);
    expect(await ids({ startDateFrom: '2031-03-05', startDateTo: '2031-03-05' })).toContain(id);
    expect(await ids({ startDateFrom: '2031-03-04', startDateTo: '2031-03-04' })).not.toContain(id);
    expect(await ids({ startDateTo: '2031-03-04' })).not.toContain(id);
    expect(await ids({ startDateFrom: '2031-03-05' })).toContain(id);
  });

  it('odd dates in filters and tender dates are a translated 422, never a 500, and change nothing', async () => {
    const filters = [
      'startDateFrom',
      'startDateTo',
      'endDateFrom',
      'endDateTo',
      'publishDateFrom',
      'publishDateTo',
    ];
    const lists: [string, string | undefined][] = [
      ['/tenders', undefined],
      ['/tenders/mine', owner],
      ['/admin/tenders', admin],
    ];
    for (const [url, token] of lists) {
      for (const key of filters) {
        for (const odd of ['10000-01-01', '2026-02-30', '0']) {
          const res = await call(app, 'GET', url, { token, query: { [key]: odd } });
          expect(res.status, `${url}?${key}=${odd}`).toBe(422);
          expect(res.body.issues[0]).toMatchObject({
            field: key,
            message: 'Enter a real date between 1900 and 2999.',
          });
        }
      }
    }
    const ar = await call(app, 'GET', '/tenders', {
      query: { startDateFrom: '10000-01-01' },
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.status).toBe(422);
    expect(ar.body.message).toMatch(/[\u0600-\u06FF]/);

    const before = (await call(app, 'GET', '/tenders/mine', { token: owner })).body.data.totalItems;
    for (const patch of [
      { start_date: '10000-01-01' },
      { end_date: '2026-02-30' },
      { deadline: '0' },
      { deadline: '+010000-01-01T00:00:00.000Z' },
    ]) {
      const res = await call(app, 'POST', '/tenders', { token: owner, payload: body(patch) });
      expect(res.status, JSON.stringify(patch)).toBe(422);
    }
    expect((await call(app, 'GET', '/tenders/mine', { token: owner })).body.data.totalItems).toBe(before);
  });

  it('carries the caller flags', async () => {
    const closedMine = mine.filter(
      (t) => t.status === 'closed' && t.approvalStatus.status === 'approved' && !t.isPastDeadline,
    );
    const forBidder = await call(app, 'GET', `/tenders/${closedMine[0]!.id}`, { token: bidder });
    expect(forBidder.body.data).toMatchObject({
      isInterestSubmitted: true,
      isInterestApproved: true,
      isOwner: false,
    });
    const anon = await call(app, 'GET', `/tenders/${closedMine[0]!.id}`);
    expect(anon.body.data).toMatchObject({ isInterestSubmitted: false, isProposalSubmitted: false });
    const forOwner = await call(app, 'GET', `/tenders/${closedMine[0]!.id}`, { token: owner });
    expect(forOwner.body.data.isOwner).toBe(true);
  });
});

describe('tender lifecycle', () => {
  it('draft → publish (pending) → admin approves → public, notifying the owner and providers of the service', async () => {
    const co = await call(app, 'PUT', '/companies/mine', {
      token: bidder,
      payload: { name: 'Sara Web', serviceIds: [1] },
    });
    await call(app, 'POST', `/admin/companies/${co.body.data.id}/approve`, { token: admin });
    const created = await call(app, 'POST', '/tenders', { token: owner, payload: body() });
    expect(created.status).toBe(201);
    const t = created.body.data;
    expect(t).toMatchObject({ approvalStatus: { status: 'draft' }, isPublished: false, currency: 'QAR' });
    expect(t.number).toMatch(/^BWB-\d{4}-\d{4,}$/);
    expect((await call(app, 'GET', `/tenders/${t.id}`, { token: bidder })).status).toBe(404);

    // Someone else's draft does not exist for the caller, whatever they try on it.
    expect((await call(app, 'POST', `/tenders/${t.id}/publish`, { token: bidder })).status).toBe(404);
    const pub = await call(app, 'POST', `/tenders/${t.id}/publish`, { token: owner });
    expect(pub.body.data.approvalStatus.status).toBe('pending');
    expect((await call(app, 'PATCH', `/tenders/${t.id}`, { token: owner, payload: body() })).status).toBe(
      409,
    );
    expect((await call(app, 'POST', `/admin/tenders/${t.id}/approve`, { token: owner })).status).toBe(403);

    const ok = await call(app, 'POST', `/admin/tenders/${t.id}/approve`, { token: admin });
    expect(ok.body.data.approvalStatus.status).toBe('approved');
    expect((await call(app, 'POST', `/admin/tenders/${t.id}/approve`, { token: admin })).status).toBe(409);
    expect((await call(app, 'GET', `/tenders/${t.id}`, { token: bidder })).status).toBe(200);

    const n = await call(app, 'GET', '/notification', { token: owner });
    expect(n.body.data[0]).toMatchObject({ title: 'Tender approved', tender: { id: t.id } });
    // The bidder's company offers service 1: they hear about the new tender.
    const nb = await call(app, 'GET', '/notification', { token: bidder });
    expect(nb.body.data[0]).toMatchObject({
      title: 'New tender in a service you offer',
      tender: { id: t.id },
    });
  });

  it('rejects invalid bodies and unknown services without writing', async () => {
    const before = (await call(app, 'GET', '/tenders/mine', { token: owner })).body.data.totalItems;
    const bad = await call(app, 'POST', '/tenders', { token: owner, payload: body({ title: '' }) });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('title: Title is required.');
    const dates = await call(app, 'POST', '/tenders', {
      token: owner,
      payload: body({ start_date: '2027-02-01', end_date: '2027-01-01' }),
    });
    expect(dates.body.message).toBe('end_date: End Date must be after Start Date.');
    const svc = await call(app, 'POST', '/tenders', { token: owner, payload: body({ serviceIds: [9999] }) });
    expect(svc.body.code).toBe('UNKNOWN_SERVICE');
    expect((await call(app, 'GET', '/tenders/mine', { token: owner })).body.data.totalItems).toBe(before);
    expect((await call(app, 'POST', '/tenders', { token: admin, payload: body() })).status).toBe(403);
  });

  it('edits a draft, refuses publishing past the deadline, and closes', async () => {
    const t = (await call(app, 'POST', '/tenders', { token: owner, payload: body() })).body.data;
    const edit = await call(app, 'PATCH', `/tenders/${t.id}`, {
      token: owner,
      payload: body({ title: 'Renamed', deadline: new Date(Date.now() - DAY).toISOString() }),
    });
    expect(edit.body.data.title).toBe('Renamed');
    const late = await call(app, 'POST', `/tenders/${t.id}/publish`, { token: owner });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('DEADLINE_PASSED');
    const closed = await call(app, 'POST', `/tenders/${t.id}/close`, { token: owner });
    expect(closed.body.data.status).toBe('closed');
    expect((await call(app, 'POST', `/tenders/${t.id}/close`, { token: owner })).status).toBe(409);
    expect((await call(app, 'POST', `/tenders/${t.id}/close`, { token: bidder })).status).toBe(404);
  });

  it('admin rejection sends it back for editing', async () => {
    const t = (await call(app, 'POST', '/tenders', { token: owner, payload: body() })).body.data;
    await call(app, 'POST', `/tenders/${t.id}/publish`, { token: owner });
    const r = await call(app, 'POST', `/admin/tenders/${t.id}/reject`, {
      token: admin,
      payload: { reason: 'Incomplete details' },
    });
    expect(r.body.data.approvalStatus.status).toBe('rejected');
    const edit = await call(app, 'PATCH', `/tenders/${t.id}`, {
      token: owner,
      payload: body({ title: 'Fixed' }),
    });
    expect(edit.body.data.approvalStatus.status).toBe('draft');
  });
});

describe('interest', () => {
  it('only in closed published tenders, not the owner, once; the owner approves', async () => {
    const open = mine.find(
      (t) => t.status === 'open' && t.approvalStatus.status === 'approved' && !t.isPastDeadline,
    )!;
    const closed = mine.filter(
      (t) => t.status === 'closed' && t.approvalStatus.status === 'approved' && !t.isPastDeadline,
    );
    const target = closed[1]!; // the bidder has a pending interest on closed[1]; `other` has none
    expect(
      (await call(app, 'POST', '/interests', { token: other, payload: { tender: open.id } })).body.code,
    ).toBe('TENDER_NOT_CLOSED');
    expect(
      (await call(app, 'POST', '/interests', { token: owner, payload: { tender: target.id } })).body.code,
    ).toBe('OWN_TENDER');
    const r = await call(app, 'POST', '/interests', { token: other, payload: { tender: target.id } });
    expect(r.status).toBe(201);
    expect(r.body.data.status).toBe('pending');
    const again = await call(app, 'POST', '/interests', { token: other, payload: { tender: target.id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INTEREST_EXISTS');
    const draft = mine.find((t) => t.approvalStatus.status === 'draft')!;
    expect(
      (await call(app, 'POST', '/interests', { token: other, payload: { tender: draft.id } })).status,
    ).toBe(404);

    expect((await call(app, 'GET', `/tenders/${target.id}/interests`, { token: other })).status).toBe(409);
    const list = await call(app, 'GET', `/tenders/${target.id}/interests`, { token: owner });
    const mineInterest = list.body.data.find((i: { user: { email: string } }) => i.user.email === OTHER);
    expect(mineInterest.user.companyName).toBe('Qatar Build Contracting');
    expect(
      (
        await call(app, 'POST', `/tenders/${target.id}/interests/${mineInterest.id}/approve`, {
          token: other,
        })
      ).status,
    ).toBe(409);
    const ok = await call(app, 'POST', `/tenders/${target.id}/interests/${mineInterest.id}/approve`, {
      token: owner,
    });
    expect(ok.body.data.status).toBe('approved');
    const flags = await call(app, 'GET', `/tenders/${target.id}`, { token: other });
    expect(flags.body.data.isInterestApproved).toBe(true);
    const n = await call(app, 'GET', '/notification', { token: other });
    expect(n.body.data[0]).toMatchObject({ title: 'Interest approved', tender: { id: target.id } });
  });
});

describe('bid opening', () => {
  it('is recorded once, at the deadline and by the system, with a real id, however many processes race to record it', async () => {
    const db = app.ctx.database.db;
    const t = (await call(app, 'POST', '/tenders', { token: owner, payload: body() })).body.data;
    await call(app, 'POST', `/tenders/${t.id}/publish`, { token: owner });
    await call(app, 'POST', `/admin/tenders/${t.id}/approve`, { token: admin });
    const history = async () =>
      (await call(app, 'GET', `/tenders/${t.id}/history`, { token: owner })).body.data as {
        id: number;
        action: string;
        actor: unknown;
        at: string;
      }[];
    expect((await history()).map((e) => e.action)).toEqual(['created', 'submitted', 'approved']);

    const deadline = new Date(Date.now() - 1000);
    await db.update(tenders).set({ deadline }).where(eq(tenders.id, t.id));
    // The sweeps of several processes, a history read and a write, all at once (on PostgreSQL truly concurrent).
    const recorded = await Promise.all([
      recordBidOpenings(db),
      recordBidOpenings(db),
      recordBidOpenings(db, t.id),
      recordBidOpenings(db, t.id),
      history().then(() => 0),
      call(app, 'POST', `/tenders/${t.id}/close`, { token: owner }).then(() => 0),
    ]);
    expect(recorded.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    const rows = await db
      .select()
      .from(tenderEvents)
      .where(and(eq(tenderEvents.tenderId, t.id), eq(tenderEvents.action, 'bids_opened')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: null, fromState: 'published', toState: 'bids_opened' });
    expect(rows[0]!.createdAt.toISOString()).toBe(deadline.toISOString());
    expect(await recordBidOpenings(db)).toBe(0);

    const opened = (await history()).filter((e) => e.action === 'bids_opened');
    expect(opened).toEqual([
      expect.objectContaining({ id: rows[0]!.id, actor: null, at: deadline.toISOString() }),
    ]);
    expect(opened[0]!.id).toBeGreaterThan(0);
    // A second opening of the same tender is refused by the database itself, whoever writes it.
    await expect(
      db.insert(tenderEvents).values({
        tenderId: t.id,
        action: 'bids_opened',
        fromState: 'published',
        toState: 'bids_opened',
      }),
    ).rejects.toThrow();
  });
});
