/**
 * The tender lists served from cached id lists (src/modules/tenders/list.ts, src/lib/change-cache.ts): every page is
 * what the plain query gives, a change to a tender shows on the next read (this process, another process on the same
 * database, a writer outside the API, the clock passing a deadline), and no caller is ever given another caller's
 * list.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenders } from '../src/db/schema.ts';
import { seedLargeTenders } from '../src/db/seed/large-data.ts';
import { LOCAL_WRITE_WAIT_MS } from '../src/lib/change-cache.ts';
import { proposalBody, publishedTender, tenderBody, uploadAttachments } from './fixtures.ts';
import {
  ADMIN,
  BIDDER,
  call,
  DELIVERY,
  login,
  makeApp,
  OTHER,
  OWNER,
  secondApp,
  type TestApp,
} from './helpers.ts';

let app: TestApp;
let owner: string;
let other: string;
let bidder: string;
let admin: string;
beforeAll(async () => {
  app = await makeApp();
  await seedLargeTenders(app.ctx.database.db, 60);
  [owner, other, bidder, admin] = await Promise.all([
    login(app, OWNER),
    login(app, OTHER),
    login(app, BIDDER),
    login(app, ADMIN),
  ]);
});
afterAll(async () => {
  await app.cleanup();
});

type Item = { id: number; ownerId: number; state: string; bond: number };
type Page = { items: Item[]; totalItems: number; pageCount: number };
type Query = Record<string, string>;

const list = async (path: string, query: Query, token?: string, on: TestApp = app): Promise<Page> => {
  const r = await call(on, 'GET', path, { token, query });
  expect(r.status).toBe(200);
  return r.body.data as Page;
};
const market = (query: Query, token?: string, on: TestApp = app) => list('/tenders', query, token, on);
const idsOf = (p: Page) => p.items.map((t) => t.id);
/** Read twice: the second answer comes from the cached list. */
const cached = async <T>(read: () => Promise<T>) => {
  await read();
  return read();
};

/** The market's ids straight from the database: public, running, before the deadline; newest first. */
async function marketIds(where = 'true'): Promise<number[]> {
  const r = await app.ctx.database.db.execute(
    sql.raw(`select id from tenders
      where is_published and approval_status = 'approved' and outcome is null
        and (deadline is null or deadline > now()) and ${where}
      order by created_at desc, id desc`),
  );
  return (r.rows as { id: number }[]).map((x) => Number(x.id));
}

/** Every page of a list, in order: the ids and the totals each page reported. */
async function walk(path: string, query: Query, token?: string) {
  const ids: number[] = [];
  const totals = new Set<number>();
  const limit = Number(query.limit);
  for (let page = 1; ; page++) {
    const p = await list(path, { ...query, page: String(page) }, token);
    totals.add(p.totalItems);
    expect(p.pageCount).toBe(Math.max(1, Math.ceil(p.totalItems / limit)));
    ids.push(...idsOf(p));
    if (p.items.length < limit) break;
  }
  return { ids, totals: [...totals] };
}

describe('tender list pages from the cached id lists', () => {
  it('pages hold exactly the matching tenders in the list order, for visitors and signed-in callers', async () => {
    const expected = await marketIds();
    expect(expected.length).toBeGreaterThan(14);
    for (const token of [undefined, bidder]) {
      const { ids, totals } = await walk('/tenders', { limit: '7' }, token);
      expect(ids).toEqual(expected);
      expect(totals).toEqual([expected.length]);
    }
    const far = await market({ page: '999', limit: '7' });
    expect(far.items).toEqual([]);
    expect(far.totalItems).toBe(expected.length);
  });

  it('a keyword list cut in pages is its one long page, every match once', async () => {
    const whole = await market({ q: 'tender', limit: '100' });
    expect(whole.totalItems).toBeGreaterThan(5);
    const { ids, totals } = await walk('/tenders', { q: 'tender', limit: '4' });
    expect(ids).toEqual(idsOf(whole));
    expect(new Set(ids).size).toBe(ids.length);
    expect(totals).toEqual([whole.totalItems]);
  });
});

describe('a change shows on the next read of a cached list (this process)', () => {
  it('a new tender, its publication and approval, an amendment, closing and a cancellation', async () => {
    const mine = (q: Query = {}) => list('/tenders/mine', { limit: '100', ...q }, owner);
    const all = (q: Query = {}) => list('/admin/tenders', { limit: '100', ...q }, admin);
    const before = { market: await cached(() => market({ limit: '100' })), mine: await cached(mine) };
    const adminPending = await cached(() => all({ state: 'pending_approval' }));

    // A new draft: in its owner's list and the admins', never in the market.
    const created = await call(app, 'POST', '/tenders', { token: owner, payload: tenderBody() });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(idsOf(await mine())).toContain(id);
    expect((await mine()).totalItems).toBe(before.mine.totalItems + 1);
    expect(idsOf(await all())).toContain(id);
    expect(idsOf(await market({ limit: '100' }))).not.toContain(id);

    // Submitted: pending approval (the admins' filter), still not in the market.
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);
    expect((await all({ state: 'pending_approval' })).totalItems).toBe(adminPending.totalItems + 1);
    expect(idsOf(await market({ limit: '100' }))).not.toContain(id);

    // Approved: first in the market at once.
    expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
    const listed = await cached(() => market({ limit: '100' }));
    expect(idsOf(listed)[0]).toBe(id);
    expect(listed.totalItems).toBe(before.market.totalItems + 1);

    // Amended: a bond filter finds it at its new bond.
    const byBond = { minBond: '654321', maxBond: '654321', limit: '10' };
    expect(idsOf(await cached(() => market(byBond)))).toEqual([]);
    const amended = await call(app, 'POST', `/tenders/${id}/amendments`, {
      token: owner,
      payload: { reason: 'Bond set', bond: 654321 },
    });
    expect(amended.status).toBe(201);
    expect(idsOf(await market(byBond))).toEqual([id]);

    // Closed (invited bidders only): in the closed filter at once.
    const closedFilter = { status: 'closed', limit: '100' };
    expect(idsOf(await cached(() => market(closedFilter)))).not.toContain(id);
    expect((await call(app, 'POST', `/tenders/${id}/close`, { token: owner })).status).toBe(200);
    expect(idsOf(await market(closedFilter))).toContain(id);

    // Cancelled: out of the market, in the ended list.
    const ended = await cached(() => market({ state: 'ended', limit: '100' }));
    expect(ended.items.map((t) => t.id)).not.toContain(id);
    const cancel = await call(app, 'POST', `/tenders/${id}/cancel`, {
      token: owner,
      payload: { reason: 'No longer needed' },
    });
    expect(cancel.status).toBe(200);
    expect(idsOf(await market({ limit: '100' }))).not.toContain(id);
    expect((await market({ limit: '100' })).totalItems).toBe(before.market.totalItems);
    expect(idsOf(await market({ state: 'ended', limit: '100' }))).toContain(id);
  });

  it('an award moves the tender from the opened bids to the awarded list', async () => {
    const id = await publishedTender(app, { owner, admin }, { standstillDays: 0 });
    const attachments = new Map<string, string>();
    await uploadAttachments(app, [bidder], attachments);
    const bid = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: proposalBody(id, attachments.get(bidder)),
    });
    expect(bid.status).toBe(201);
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() - 1) })
      .where(eq(tenders.id, id));
    expect(idsOf(await cached(() => market({ state: 'bids_opened', limit: '100' })))).toContain(id);
    expect(idsOf(await cached(() => market({ state: 'awarded', limit: '100' })))).not.toContain(id);
    const award = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: bid.body.data.proposal.id },
    });
    expect(award.status).toBe(200);
    expect(idsOf(await market({ state: 'bids_opened', limit: '100' }))).not.toContain(id);
    expect(idsOf(await market({ state: 'awarded', limit: '100' }))).toContain(id);
  });

  it('a deadline passing takes a tender out of the open list without any write', async () => {
    const id = await publishedTender(app, { owner, admin });
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() + 1500) })
      .where(eq(tenders.id, id));
    expect(idsOf(await cached(() => market({ limit: '100' })))).toContain(id);
    await new Promise((r) => setTimeout(r, 1600));
    expect(idsOf(await market({ limit: '100' }))).not.toContain(id);
    expect(idsOf(await market({ state: 'bids_opened', limit: '100' }))).toContain(id);
  });
});

describe('changes made elsewhere', () => {
  it('a second API process on the same database sees a tender cancelled through the first', async () => {
    const second = await secondApp(app);
    try {
      const id = await publishedTender(app, { owner, admin });
      expect(idsOf(await cached(() => market({ limit: '100' }, undefined, second)))).toContain(id);
      const cancel = await call(app, 'POST', `/tenders/${id}/cancel`, {
        token: owner,
        payload: { reason: 'Withdrawn' },
      });
      expect(cancel.status).toBe(200);
      await expect
        .poll(async () => idsOf(await market({ limit: '100' }, undefined, second)), DELIVERY)
        .not.toContain(id);
    } finally {
      await second.cleanup();
    }
  });

  it('a change written outside the API (another writer on the database) reaches a cached list', async () => {
    const id = await publishedTender(app, { owner, admin });
    // Long after this process's own writes: only the database's announcement can drop the list now.
    await new Promise((r) => setTimeout(r, LOCAL_WRITE_WAIT_MS + 100));
    const byBond = { minBond: '111222', maxBond: '111222', limit: '10' };
    expect(idsOf(await cached(() => market(byBond)))).toEqual([]);
    // The driver's own client: not through this process's query layer (as psql or another service would write).
    const client = (app.ctx.database.db as unknown as { $client: { query: (q: string) => Promise<unknown> } })
      .$client;
    await client.query(`update tenders set bond = 111222 where id = ${id}`);
    await expect.poll(async () => idsOf(await market(byBond)), DELIVERY).toEqual([id]);
  });
});

describe('cached lists never cross callers', () => {
  it("an owner's list is theirs alone, however often another owner's was read", async () => {
    const draft = await call(app, 'POST', '/tenders', { token: owner, payload: tenderBody() });
    expect(draft.status).toBe(201);
    const ownerId = draft.body.data.ownerId as number;
    const ownerList = await cached(() => list('/tenders/mine', { limit: '100' }, owner));
    expect(idsOf(ownerList)).toContain(draft.body.data.id);
    const otherDraft = await call(app, 'POST', '/tenders', { token: other, payload: tenderBody() });
    const otherId = otherDraft.body.data.ownerId as number;
    for (let round = 0; round < 2; round++) {
      const theirs = await list('/tenders/mine', { limit: '100' }, other);
      const r = await app.ctx.database.db.execute(
        sql.raw(`select id from tenders where owner_id = ${otherId} order by created_at desc, id desc`),
      );
      expect(idsOf(theirs)).toEqual((r.rows as { id: number }[]).map((x) => Number(x.id)));
      expect(theirs.totalItems).toBe(r.rows.length);
      expect(theirs.items.every((t) => t.ownerId === otherId)).toBe(true);
      const again = await list('/tenders/mine', { limit: '100' }, owner);
      expect(idsOf(again)).toEqual(idsOf(ownerList));
      expect(again.items.every((t) => t.ownerId === ownerId)).toBe(true);
    }
  });

  it('drafts and tenders awaiting approval stay out of the market, and the admin list stays the admins', async () => {
    const draft = await call(app, 'POST', '/tenders', { token: owner, payload: tenderBody() });
    const id = draft.body.data.id as number;
    const adminAll = await cached(() => list('/admin/tenders', { state: 'draft', limit: '100' }, admin));
    expect(idsOf(adminAll)).toContain(id);
    for (const token of [undefined, bidder, owner]) {
      const queries: Query[] = [
        { limit: '100' },
        { state: 'draft', limit: '100' },
        { state: 'all', limit: '100' },
      ];
      for (const q of queries) {
        const p = await market(q, token);
        expect(idsOf(p)).not.toContain(id);
        expect(p.items.every((t) => !['draft', 'pending_approval', 'rejected'].includes(t.state))).toBe(true);
      }
    }
    expect(
      (await call(app, 'GET', '/admin/tenders', { token: owner, query: { state: 'draft' } })).status,
    ).toBe(403);
  });
});

describe('kept market pages', () => {
  type Full = Item & { isProposalSubmitted: boolean; can: Record<string, boolean>; user: { name: string } };
  const page1 = async (token?: string, lang = 'en', query: Query = {}) => {
    const r = await call(app, 'GET', '/tenders', {
      token,
      query: { limit: '8', ...query },
      headers: { 'accept-language': lang },
    });
    expect(r.status).toBe(200);
    return r.body.data.items as Full[];
  };
  /** Each tender of the page as the tender's own page gives it to the same caller. */
  // A tender's own page also shows its buyer's payment record (GET /tenders/:id only, not the lists).
  const asOwnPages = async (items: Full[], token?: string, lang = 'en') =>
    Promise.all(
      items.map(async (t) => {
        const { buyerPaymentRecord: _, ...page } = (
          await call(app, 'GET', `/tenders/${t.id}`, { token, headers: { 'accept-language': lang } })
        ).body.data;
        return page;
      }),
    );

  it('every caller gets the page as it reads for them: their tenders, their bids, their role, their language', async () => {
    const id = await publishedTender(app, { owner, admin });
    const attachments = new Map<string, string>();
    await uploadAttachments(app, [bidder], attachments);
    const callers: [string | undefined, string][] = [
      [undefined, 'en'],
      [other, 'en'],
      [bidder, 'en'],
      [owner, 'en'],
      [admin, 'en'],
      [undefined, 'ar'],
      [other, 'ar'],
    ];
    // Read by everyone (the kept pages and the bidder's stake, none yet, are cached), then the bidder bids.
    for (const [token, lang] of callers) await page1(token, lang);
    expect((await page1(bidder)).find((t) => t.id === id)?.isProposalSubmitted).toBe(false);
    const bid = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: proposalBody(id, attachments.get(bidder)),
    });
    expect(bid.status).toBe(201);
    for (let round = 0; round < 2; round++) {
      for (const [token, lang] of callers) {
        const items = await page1(token, lang);
        expect(items[0]?.id).toBe(id);
        expect(items).toEqual(await asOwnPages(items, token, lang));
      }
    }
    const [forBidder, forOther, forOwner] = await Promise.all([page1(bidder), page1(other), page1(owner)]);
    expect(forBidder[0]).toMatchObject({ isProposalSubmitted: true, can: { resubmitProposal: true } });
    expect(forOther[0]).toMatchObject({ isProposalSubmitted: false, can: { submitProposal: true } });
    expect(forOwner[0]).toMatchObject({ isOwner: true, can: { cancel: true, submitProposal: false } });
  });

  it("a kept page shows its owner's new name, and its tenders' state once a deadline passes", async () => {
    const id = await publishedTender(app, { owner, admin });
    expect((await cached(() => page1(other)))[0]?.id).toBe(id);
    const renamed = await call(app, 'PATCH', '/users/me', {
      token: owner,
      payload: { name: 'Renamed Owner' },
    });
    expect(renamed.status).toBe(200);
    expect((await page1(other))[0]?.user.name).toBe('Renamed Owner');

    // Every state (a list the clock does not change): only the page's own deadline can end its keeping.
    const deadline = Date.now() + 4000;
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(deadline) })
      .where(eq(tenders.id, id));
    const before = await cached(() => page1(other, 'en', { state: 'all' }));
    expect(before[0]).toMatchObject({ id, state: 'published', can: { submitProposal: true } });
    await new Promise((r) => setTimeout(r, deadline + 100 - Date.now()));
    const after = await page1(other, 'en', { state: 'all' });
    expect(after[0]).toMatchObject({ id, state: 'bids_opened', can: { submitProposal: false } });
    expect(after).toEqual(await asOwnPages(after, other));
  });
});
