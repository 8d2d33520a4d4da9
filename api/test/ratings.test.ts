import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, notifications } from '../src/db/schema.ts';
import { tenderParties, tenderWithThreeBids } from './fixtures.ts';
import { call, makeApp, newMember, type TestApp } from './helpers.ts';

/**
 * Two-way ratings from contracts (shared/src/rules/rating-rules.ts): only for a completed or terminated contract —
 * the database refuses any other, a direct INSERT too —; each side rates the other within 30 days; a side reads only
 * its own rating until both have rated or the window closed, nobody else any; a rating is final once revealed and
 * the rated side replies to it once. A company's reputation (directory cards, company page, the directory's sort
 * and filters) counts only revealed ratings; bidders read a buyer's payment record on its tenders.
 */

let app: TestApp;
let owner: string;
let bidder: string;
let other: string;
let third: string;
let admin: string;
const attachments = new Map<string, string>();

beforeAll(async () => {
  app = await makeApp({ env: { testHooks: true } });
  ({ owner, bidder, other, third, admin } = await tenderParties(app, attachments));
});
afterAll(async () => {
  await app.cleanup();
});

const db = () => app.ctx.database.db;
const ok = <R extends { status: number; body: unknown }>(r: R, status = 200): R => {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r;
};

/** A contract from a tender awarded to the other company (supplier: mariam@'s company; buyer: owner@'s). */
async function newContract(): Promise<{ id: number; tenderId: number }> {
  const parties = { owner, admin, bidder, other, third };
  const { id: tenderId, ps } = await tenderWithThreeBids(app, parties, attachments, { standstillDays: 0 });
  ok(await call(app, 'POST', `/tenders/${tenderId}/award`, { token: owner, payload: { proposalId: ps[1] } }));
  const list = ok(await call(app, 'GET', '/contracts', { token: owner })).body.data as {
    id: number;
    tender: { id: number };
  }[];
  const found = list.find((c) => c.tender.id === tenderId);
  if (!found) throw new Error('no contract from the award');
  return { id: found.id, tenderId };
}

/** A contract ended early by the buyer: rateable at once. */
async function terminatedContract() {
  const c = await newContract();
  ok(
    await call(app, 'POST', `/contracts/${c.id}/terminate`, {
      token: owner,
      payload: { reason: 'The works are no longer needed.' },
    }),
  );
  return c;
}

/** A contract delivered: both accept, the supplier submits its milestones, the buyer accepts them (and pays them). */
async function completedContract(pay = true) {
  const c = await newContract();
  ok(await call(app, 'POST', `/contracts/${c.id}/accept`, { token: owner }));
  ok(await call(app, 'POST', `/contracts/${c.id}/accept`, { token: other }));
  const read = ok(await call(app, 'GET', `/contracts/${c.id}`, { token: owner })).body.data;
  for (const m of read.milestones as { id: number }[]) {
    const path = `/contracts/${c.id}/milestones/${m.id}`;
    ok(await call(app, 'PUT', `${path}/submission`, { token: other, payload: { note: 'Delivered.' } }));
    ok(await call(app, 'POST', `${path}/accept`, { token: owner }));
    if (pay) ok(await call(app, 'POST', `${path}/payment`, { token: owner }));
  }
  expect(ok(await call(app, 'GET', `/contracts/${c.id}`, { token: owner })).body.data.status).toBe(
    'completed',
  );
  return c;
}

const BUYER_RATING = { quality: 5, timeliness: 4, communication: 5, comment: 'عمل ممتاز وفي الموعد.' };
const SUPPLIER_RATING = {
  quality: 4,
  timeliness: 3,
  communication: 4,
  paymentOnTime: 2,
  comment: 'Paid late.',
};

const rate = (id: number, token: string, payload: object) =>
  call(app, 'PUT', `/contracts/${id}/rating`, { token, payload });
const ratingsOf = async (id: number, token: string) =>
  ok(await call(app, 'GET', `/contracts/${id}`, { token })).body.data.ratings;

/** Moves a closed contract's end back by `days` (the tests' clock: the window is counted from it). */
async function closedDaysAgo(id: number, days: number) {
  const at = new Date(Date.now() - days * 86_400_000);
  await db()
    .update(contracts)
    .set({
      terminatedAt: sql`case when ${contracts.terminatedAt} is null then null else ${at}::timestamptz end`,
      completedAt: sql`case when ${contracts.completedAt} is null then null else ${at}::timestamptz end`,
    })
    .where(eq(contracts.id, id));
}

/** The error a refused statement raised, with its cause (the database's message, which names the constraint). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (e) {
    const err = e as Error & { cause?: Error };
    return `${err.message} ${err.cause?.message ?? ''}`;
  }
  throw new Error('the statement was not refused');
}

const ids = async (token: string) => {
  const me = ok(await call(app, 'GET', '/users/me', { token })).body.data;
  return { user: me.id as number, company: (me.activeCompanyId ?? null) as number | null };
};

describe('the database refuses a rating without a closed contract', () => {
  it('refuses a direct INSERT for a pending or active contract, and takes one for a terminated contract', async () => {
    const open = await newContract();
    const owned = await ids(owner);
    const insert = (contractId: number, status: string) =>
      db().execute(sql`insert into contract_ratings
        (contract_id, contract_status, rater_side, rater_user_id, quality, timeliness, communication)
        values (${contractId}, ${status}, 'buyer', ${owned.user}, 5, 5, 5)`);
    // Claiming the contract is completed does not pass the foreign key to its (id, status)…
    expect(await refusal(insert(open.id, 'completed'))).toMatch(/contract_ratings_closed_contract_fk/);
    // …and its real status is not one a rating may have.
    expect(await refusal(insert(open.id, 'pending'))).toMatch(/contract_ratings_contract_closed/);
    const rows = await db().execute(
      sql`select count(*)::int as n from contract_ratings where contract_id = ${open.id}`,
    );
    expect(JSON.stringify(rows)).toMatch(/"n":0/);
    // The positive control: the same statement for a terminated contract is taken.
    const ended = await terminatedContract();
    await insert(ended.id, 'terminated');
    // A rated contract's status is frozen with it: the foreign key holds (every other rule of the change is kept).
    const done = await completedContract();
    await insert(done.id, 'completed');
    expect(
      await refusal(
        db()
          .update(contracts)
          .set({ status: 'terminated', terminationReason: 'x', terminatedAt: new Date() })
          .where(eq(contracts.id, done.id)),
      ),
    ).toMatch(/contract_ratings_closed_contract_fk/);
    // Scores outside 1–5 and a payment score from the buyer side are refused too.
    const again = await terminatedContract();
    expect(
      await refusal(
        db().execute(sql`insert into contract_ratings
          (contract_id, contract_status, rater_side, rater_user_id, quality, timeliness, communication, payment_on_time)
          values (${again.id}, 'terminated', 'buyer', ${owned.user}, 6, 5, 5, null)`),
      ),
    ).toMatch(/contract_ratings_scores/);
    expect(
      await refusal(
        db().execute(sql`insert into contract_ratings
          (contract_id, contract_status, rater_side, rater_user_id, quality, timeliness, communication, payment_on_time)
          values (${again.id}, 'terminated', 'buyer', ${owned.user}, 5, 5, 5, 3)`),
      ),
    ).toMatch(/contract_ratings_payment_by_supplier/);
  });

  it('refuses a rating of an open contract through the API (409), and offers none', async () => {
    const c = await newContract();
    const r = await rate(c.id, owner, BUYER_RATING);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('RATING_CONTRACT_OPEN');
    const ratings = await ratingsOf(c.id, owner);
    expect(ratings).toMatchObject({ revealed: false, windowEndsAt: null, byBuyer: null, bySupplier: null });
    expect(ratings.can).toEqual({ rate: false, reply: false });
    expect(ratings.refusals.rate).toBe('RATING_CONTRACT_OPEN');
  });
});

describe('rating a contract', () => {
  it('reveals nothing to the rated side until both rated, then both to both sides', async () => {
    const c = await completedContract();
    const before = await ratingsOf(c.id, owner);
    expect(before.can.rate).toBe(true);
    expect(new Date(before.windowEndsAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const mine = ok(await rate(c.id, owner, BUYER_RATING)).body.data;
    expect(mine.byBuyer).toMatchObject({ by: 'buyer', quality: 5, commentLang: 'ar', reply: null });
    expect(mine.revealed).toBe(false);
    // The rated side sees nothing yet, and neither does an administrator; the rater sees only their own.
    expect(await ratingsOf(c.id, other)).toMatchObject({ revealed: false, byBuyer: null, bySupplier: null });
    expect(await ratingsOf(c.id, admin)).toMatchObject({ byBuyer: null, bySupplier: null });
    expect((await ratingsOf(c.id, owner)).bySupplier).toBeNull();
    // The history says the buyer rated, never what.
    const history = (await call(app, 'GET', `/contracts/${c.id}`, { token: other })).body.data.history;
    const rated = history.find((e: { action: string }) => e.action === 'rated');
    expect(rated.details).toEqual({ side: 'buyer' });
    // The rated side is told to rate too.
    const me = await ids(other);
    const told = await db().select().from(notifications).where(eq(notifications.userId, me.user));
    expect(
      told.some((n) => n.link === `/account/contracts/${c.id}` && n.titleAr === 'قيّم الطرف الآخر جهتك'),
    ).toBe(true);

    // The buyer may still change its rating before the reveal.
    ok(await rate(c.id, owner, { ...BUYER_RATING, timeliness: 5 }));

    const both = ok(await rate(c.id, other, SUPPLIER_RATING)).body.data;
    expect(both.revealed).toBe(true);
    for (const token of [owner, other, admin]) {
      const seen = await ratingsOf(c.id, token);
      expect(seen.byBuyer).toMatchObject({ quality: 5, timeliness: 5, communication: 5 });
      expect(seen.bySupplier).toMatchObject({ paymentOnTime: 2, comment: 'Paid late.', commentLang: 'en' });
    }
    // Revealed ratings are final.
    const change = await rate(c.id, owner, BUYER_RATING);
    expect(change.status).toBe(409);
    expect(change.body.code).toBe('RATING_REVEALED');
  });

  it('is hidden from everyone outside both sides', async () => {
    const c = await terminatedContract();
    ok(await rate(c.id, owner, BUYER_RATING));
    for (const token of [third, bidder]) {
      expect((await call(app, 'GET', `/contracts/${c.id}`, { token })).status).toBe(404);
      const r = await rate(c.id, token, BUYER_RATING);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('CONTRACT_NOT_FOUND');
    }
    expect((await rate(c.id, admin, BUYER_RATING)).status).toBe(403);
  });

  it('takes the payment score from the supplier side only, and requires it there', async () => {
    const c = await terminatedContract();
    const without = await rate(c.id, other, BUYER_RATING);
    expect(without.status).toBe(422);
    expect(without.body.code).toBe('RATING_PAYMENT_REQUIRED');
    const withIt = await rate(c.id, owner, SUPPLIER_RATING);
    expect(withIt.status).toBe(422);
    expect(withIt.body.code).toBe('RATING_PAYMENT_SUPPLIER_ONLY');
    const bad = await rate(c.id, owner, { ...BUYER_RATING, quality: 0 });
    expect(bad.status).toBe(422);
    expect((await ratingsOf(c.id, owner)).byBuyer).toBeNull();
  });

  it("closes after 30 days, and the window's end reveals a single rating", async () => {
    const c = await terminatedContract();
    ok(await rate(c.id, other, SUPPLIER_RATING));
    await closedDaysAgo(c.id, 29);
    expect((await ratingsOf(c.id, owner)).bySupplier).toBeNull();
    await closedDaysAgo(c.id, 30);
    const late = await rate(c.id, owner, BUYER_RATING);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('RATING_WINDOW_CLOSED');
    const seen = await ratingsOf(c.id, owner);
    expect(seen).toMatchObject({ revealed: true, byBuyer: null, can: { rate: false, reply: true } });
    expect(seen.bySupplier).toMatchObject({ paymentOnTime: 2 });
  });
});

describe('replying to a rating', () => {
  it("is the rated side's, once, after the reveal", async () => {
    const c = await terminatedContract();
    const reply = (token: string, text: string) =>
      call(app, 'POST', `/contracts/${c.id}/rating/reply`, { token, payload: { reply: text } });
    expect((await reply(owner, 'Thanks.')).body.code).toBe('RATING_NOT_GIVEN');
    ok(await rate(c.id, other, SUPPLIER_RATING));
    const early = await reply(owner, 'We paid within the agreed term.');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('RATING_NOT_REVEALED');
    ok(await rate(c.id, owner, BUYER_RATING));
    // The supplier side cannot answer its own rating: it replies to the buyer's.
    const replied = ok(await reply(owner, 'دفعنا خلال المدة المتفق عليها.')).body.data;
    expect(replied.bySupplier.reply).toMatchObject({ text: 'دفعنا خلال المدة المتفق عليها.', lang: 'ar' });
    expect(replied.can.reply).toBe(false);
    const twice = await reply(owner, 'And again.');
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('RATING_ALREADY_REPLIED');
    expect((await ratingsOf(c.id, other)).bySupplier.reply.text).toBe('دفعنا خلال المدة المتفق عليها.');
    expect((await reply(admin, 'x')).status).toBe(403);
  });

  it('is refused to a member whose role does not act for the side', async () => {
    const c = await terminatedContract();
    const viewer = await newMember(app, owner, `ratings-viewer-${Date.now()}@example.qa`, ['viewer']);
    const r = await rate(c.id, viewer, BUYER_RATING);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('COMPANY_ROLE_REQUIRED');
  });
});

describe('reputation', () => {
  it('counts only revealed ratings, on the company page and the directory, with a sort and filters', async () => {
    const supplier = (await ids(other)).company!;
    const page = async () => ok(await call(app, 'GET', `/companies/${supplier}`, { token: owner })).body.data;
    const start = (await page()).reputation;
    const c = await completedContract();
    const afterDelivery = (await page()).reputation;
    expect(afterDelivery.contractsDelivered).toBe(start.contractsDelivered + 1);
    ok(await rate(c.id, owner, { ...BUYER_RATING, quality: 5, timeliness: 5, communication: 5 }));
    // One side's rating alone is not counted before the window closes.
    expect((await page()).reputation.ratingsCount).toBe(start.ratingsCount);
    ok(await rate(c.id, other, SUPPLIER_RATING));
    const rated = (await page()).reputation;
    expect(rated.ratingsCount).toBe(start.ratingsCount + 1);
    expect(rated.averages.quality).not.toBeNull();
    // The buyer's company was rated on its payments.
    const buyer = (await ids(owner)).company!;
    const buyerPage = ok(await call(app, 'GET', `/companies/${buyer}`, { token: other })).body.data;
    expect(buyerPage.reputation.averages.paymentOnTime).not.toBeNull();

    // The directory: the card carries the reputation; sorted by rating, a rated company comes before the unrated.
    const list = async (query: string) =>
      ok(await call(app, 'GET', `/companies?limit=100&${query}`)).body.data.items as {
        id: number;
        reputation: { overall: number | null; contractsDelivered: number };
      }[];
    const sorted = await list('sort=rating');
    const firstUnrated = sorted.findIndex((x) => x.reputation.overall === null);
    const position = sorted.findIndex((x) => x.id === supplier);
    expect(position).toBeGreaterThanOrEqual(0);
    if (firstUnrated >= 0) expect(position).toBeLessThan(firstUnrated);
    const overalls = sorted.map((x) => x.reputation.overall).filter((x) => x !== null) as number[];
    expect(overalls).toEqual([...overalls].sort((a, b) => b - a));
    const delivered = await list('delivered=1');
    expect(delivered.map((x) => x.id)).toContain(supplier);
    expect(delivered.every((x) => x.reputation.contractsDelivered >= 1)).toBe(true);
    const high = await list('minRating=4.5');
    expect(high.every((x) => (x.reputation.overall ?? 0) >= 4.5)).toBe(true);
    expect((await call(app, 'GET', '/companies?minRating=6')).status).toBe(422);
    expect((await call(app, 'GET', '/companies?sort=best')).status).toBe(422);
  });

  it('counts a single rating once the window closes, with no write in between', async () => {
    const supplier = (await ids(other)).company!;
    const count = async () =>
      ok(await call(app, 'GET', `/companies/${supplier}`, { token: owner })).body.data.reputation
        .ratingsCount as number;
    const c = await terminatedContract();
    ok(await rate(c.id, owner, BUYER_RATING));
    // The window closes in 3 seconds: the kept reputations expire then (src/lib/reputation.ts).
    await closedDaysAgo(c.id, 30 - 3 / 86_400);
    const before = await count();
    await expect.poll(count, { timeout: 10_000, interval: 500 }).toBe(before + 1);
  });

  it("gives bidders the buyer's payment record on its tenders", async () => {
    const c = await completedContract(true);
    const seen = ok(await call(app, 'GET', `/tenders/${c.tenderId}`, { token: other })).body.data;
    expect(seen.buyerPaymentRecord.milestonesDue).toBeGreaterThanOrEqual(1);
    expect(seen.buyerPaymentRecord.paidOnTime).toBeGreaterThanOrEqual(1);
    expect(seen.buyerPaymentRecord.share).toBeGreaterThan(0);
    // A milestone accepted 31 days ago and never paid is due and late.
    const before = seen.buyerPaymentRecord;
    const late = await completedContract(false);
    await db().execute(
      sql`update contract_milestones set accepted_at = now() - interval '31 days' where contract_id = ${late.id}`,
    );
    const after = ok(await call(app, 'GET', `/tenders/${c.tenderId}`, { token: other })).body.data
      .buyerPaymentRecord;
    expect(after.milestonesDue).toBeGreaterThan(before.milestonesDue);
    expect(after.paidOnTime).toBe(before.paidOnTime);
    // Visitors do not get it.
    const anon = await call(app, 'GET', `/tenders/${c.tenderId}`);
    if (anon.status === 200) expect(anon.body.data.buyerPaymentRecord).toBeUndefined();
  });
});
