import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, payments, proposals, tenders, users } from '../src/db/schema.ts';
import { proposalBody, publishedTender, tenderParties } from './fixtures.ts';
import { call, makeApp, type TestApp } from './helpers.ts';

/**
 * Money and the end of a tender: no fee or bond is taken once a tender ended or its deadline passed (a checkout
 * opened before says why when submitted), what was paid is settled when it ends (docs/product-decisions.md "Money
 * when a tender ends") and the payer is told; a proposal that never paid cannot be awarded.
 */

const BOND = 1000;
const FEE = 200;
let app: TestApp;
let owner: string;
let bidder: string;
let other: string;
let third: string;
let admin: string;
const attachments = new Map<string, string>();
const ar = { 'accept-language': 'ar' };

beforeAll(async () => {
  app = await makeApp();
  ({ owner, bidder, other, third, admin } = await tenderParties(app, attachments));
});
afterAll(async () => {
  await app.cleanup();
});

/** A published open tender of the demo owner with a bond and a participation fee. */
const published = () =>
  publishedTender(
    app,
    { owner, admin },
    // No standstill: an award is final, and settled, at once.
    {
      title: `Money tender ${Math.random().toString(36).slice(2, 8)}`,
      bond: BOND,
      participationFee: FEE,
      standstillDays: 0,
    },
  );

/** A proposal on the tender: its id and the checkout started for its fee and bond. */
async function bid(token: string, tender: number): Promise<{ id: number; checkout: string }> {
  const r = await call(app, 'POST', '/proposals', {
    token,
    payload: proposalBody(tender, attachments.get(token)),
  });
  expect(r.status).toBe(201);
  return { id: r.body.data.proposal.id, checkout: new URL(r.body.data.payUrl).pathname };
}

const submit = (checkout: string, action: 'pay' | 'decline' = 'pay') =>
  app.inject({
    method: 'POST',
    url: checkout,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });

async function pay(checkout: string) {
  const r = await submit(checkout);
  expect(new URL(r.headers.location as string).searchParams.get('status')).toBe('Paid');
}

const paymentStatus = async (token: string, id: number) =>
  (await call(app, 'GET', `/proposals/${id}`, { token })).body.data.paymentStatus;

/** What went back to the payer of a proposal, by kind. */
async function returned(proposalId: number) {
  const rows = await app.ctx.database.db.select().from(payments).where(eq(payments.proposalId, proposalId));
  const sum = (status: string) => rows.filter((r) => r.status === status).reduce((s, r) => s + r.amount, 0);
  return { released: sum('released'), refunded: sum('refunded') };
}

async function openBids(id: number) {
  await app.ctx.database.db
    .update(tenders)
    .set({ deadline: new Date(Date.now() - 1) })
    .where(eq(tenders.id, id));
}

const notices = async (token: string, tender: number, headers = {}) =>
  (
    (await call(app, 'GET', '/notification', { token, headers })).body.data as {
      title: string;
      content: string;
      tender?: { id: number };
    }[]
  )
    .filter((n) => n.tender?.id === tender)
    // User values are isolated (FSI … PDI) inside the sentences; read without the marks, no-break spaces as spaces.
    .map((n) => ({ ...n, content: n.content.replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' ') }));

/** A tender awarded to OTHER's paid proposal, beside the bidder's unpaid one: the tender and that unpaid proposal. */
async function awardedBesideUnpaid() {
  const awarded = await published();
  const w = await bid(other, awarded);
  await pay(w.checkout);
  const unpaid = await bid(bidder, awarded);
  await openBids(awarded);
  await call(app, 'POST', `/tenders/${awarded}/award`, { token: owner, payload: { proposalId: w.id } });
  return { awarded, unpaid };
}

describe('no money is taken for a tender that ended or whose deadline passed', () => {
  it('refuses to start a payment after a cancellation, an award, or the deadline (en and ar)', async () => {
    const cancelled = await published();
    const a = await bid(bidder, cancelled);
    expect((await call(app, 'POST', `/proposals/${a.id}/pay`, { token: bidder })).status).toBe(200);
    await call(app, 'POST', `/tenders/${cancelled}/cancel`, {
      token: owner,
      payload: { reason: 'Budget cut' },
    });
    const en = await call(app, 'POST', `/proposals/${a.id}/pay`, { token: bidder });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 'TENDER_ENDED',
      message: 'This tender has ended: it was awarded, closed without award or cancelled',
    });
    const arabic = await call(app, 'POST', `/proposals/${a.id}/pay`, { token: bidder, headers: ar });
    expect(arabic.body.message).toBe('انتهت هذه المناقصة: تمت ترسيتها أو إغلاقها دون ترسية أو إلغاؤها');

    const late = await published();
    const b = await bid(bidder, late);
    await openBids(late);
    const past = await call(app, 'POST', `/proposals/${b.id}/pay`, { token: bidder, headers: ar });
    expect(past.status).toBe(409);
    expect(past.body).toMatchObject({
      code: 'DEADLINE_PASSED',
      message: 'انتهى الموعد النهائي لهذه المناقصة',
    });

    const { unpaid: c } = await awardedBesideUnpaid();
    expect((await call(app, 'POST', `/proposals/${c.id}/pay`, { token: bidder })).body.code).toBe(
      'TENDER_ENDED',
    );
    expect(await paymentStatus(bidder, c.id)).toBe('unpaid');
  });

  it('a checkout opened before the cancellation refuses on submit and says why, in English and Arabic', async () => {
    const id = await published();
    const a = await bid(bidder, id);
    const page = await app.inject({ method: 'GET', url: a.checkout });
    expect(page.body).toContain('name="action" value="pay"');
    await call(app, 'POST', `/tenders/${id}/cancel`, { token: owner, payload: { reason: 'Budget cut' } });

    // The page left open still offers Pay; submitting it takes nothing and leads back to the reason.
    const r = await submit(a.checkout);
    expect(r.statusCode).toBe(303);
    expect(new URL(r.headers.location as string).pathname).toBe(
      `/api/v1${a.checkout.replace('/api/v1', '')}`,
    );
    const [row] = await app.ctx.database.db.select().from(payments).where(eq(payments.proposalId, a.id));
    expect(row!.status).toBe('failed');
    expect(await paymentStatus(bidder, a.id)).not.toBe('paid');
    const again = await app.inject({ method: 'GET', url: a.checkout });
    expect(again.body).not.toContain('value="pay"');
    expect(again.body).toContain('This tender has ended: it was awarded, closed without award or cancelled');
    expect(again.body).toContain('انتهت هذه المناقصة: تمت ترسيتها أو إغلاقها دون ترسية أو إلغاؤها');
    expect(again.body).toContain('href="http://localhost:4000/account/submitted-proposals"');
    // No "try again" notice for money that can no longer be taken.
    expect((await notices(bidder, id)).map((n) => n.title)).not.toContain('Payment Failed');
  });

  it('a checkout opened before the deadline refuses once it passed', async () => {
    const id = await published();
    const a = await bid(third, id);
    await openBids(id);
    await submit(a.checkout);
    expect(await paymentStatus(third, a.id)).not.toBe('paid');
    const page = await app.inject({ method: 'GET', url: a.checkout });
    expect(page.body).toContain('The deadline of this tender has passed');
    expect(page.body).toContain('انتهى الموعد النهائي لهذه المناقصة');
  });
});

describe('canPay: the proposal says whether its caller can pay now, exactly when pay is accepted', () => {
  /** `canPay` as `token` reads the proposal (its own GET, the bidder's list, the owner's list of the tender). */
  async function canPay(token: string, id: number, tender: number): Promise<boolean> {
    const own = await call(app, 'GET', `/proposals/${id}`, { token });
    const mine = (await call(app, 'GET', '/proposals/mine', { token })).body.data as {
      id: number;
      canPay: boolean;
    }[];
    const listed = await call(app, 'GET', `/tenders/${tender}/proposals`, { token });
    const seen = [
      ...(own.status === 200 ? [own.body.data.canPay] : []),
      ...mine.filter((p) => p.id === id).map((p) => p.canPay),
      ...(listed.status === 200
        ? (listed.body.data as { id: number; canPay: boolean }[])
            .filter((p) => p.id === id)
            .map((p) => p.canPay)
        : []),
    ];
    expect(seen.length).toBeGreaterThan(0);
    // Every answer that carries the proposal says the same.
    expect(new Set(seen).size).toBe(1);
    return seen[0] as boolean;
  }

  /** `canPay` for `token`, checked against what `POST /proposals/:id/pay` answers them: 200 exactly when true. */
  async function agreed(token: string, id: number, tender: number): Promise<boolean> {
    const can = await canPay(token, id, tender);
    const r = await call(app, 'POST', `/proposals/${id}/pay`, { token });
    expect(r.status === 200).toBe(can);
    return can;
  }

  it('true for the bidder while unpaid or failed, false once paid; false for the owner and admins', async () => {
    const id = await published();
    const a = await bid(bidder, id);
    const b = await bid(other, id);
    expect(await agreed(bidder, a.id, id)).toBe(true);
    expect(await agreed(owner, a.id, id)).toBe(false);
    expect(await agreed(admin, a.id, id)).toBe(false);
    // Another bidder cannot read the proposal at all, and cannot pay it.
    expect((await call(app, 'GET', `/proposals/${a.id}`, { token: other })).status).toBe(404);
    expect((await call(app, 'POST', `/proposals/${a.id}/pay`, { token: other })).status).toBe(404);
    await submit(b.checkout, 'decline');
    expect(await paymentStatus(other, b.id)).toBe('failed');
    expect(await agreed(other, b.id, id)).toBe(true);
    await pay(a.checkout);
    expect(await agreed(bidder, a.id, id)).toBe(false);
  });

  it('false once the deadline passed, the tender was cancelled, or awarded', async () => {
    const late = await published();
    const a = await bid(bidder, late);
    expect(await canPay(bidder, a.id, late)).toBe(true);
    await openBids(late);
    expect(await agreed(bidder, a.id, late)).toBe(false);

    const cancelled = await published();
    const b = await bid(bidder, cancelled);
    await call(app, 'POST', `/tenders/${cancelled}/cancel`, {
      token: owner,
      payload: { reason: 'Budget cut' },
    });
    expect(await agreed(bidder, b.id, cancelled)).toBe(false);

    const { awarded, unpaid: c } = await awardedBesideUnpaid();
    expect(await paymentStatus(bidder, c.id)).toBe('unpaid');
    expect(await agreed(bidder, c.id, awarded)).toBe(false);
  });
});

describe('canResubmit: the proposal says whether its bidder can send a new version, exactly when it is accepted', () => {
  /** `canResubmit` as the bidder reads it, checked against what `PUT /proposals/:id` answers them. */
  async function agreed(token: string, id: number, tender: number): Promise<boolean> {
    const own = (await call(app, 'GET', `/proposals/${id}`, { token })).body.data as { canResubmit: boolean };
    const mine = (await call(app, 'GET', '/proposals/mine', { token })).body.data as {
      id: number;
      canResubmit: boolean;
    }[];
    expect(mine.find((p) => p.id === id)?.canResubmit).toBe(own.canResubmit);
    const r = await call(app, 'PUT', `/proposals/${id}`, {
      token,
      payload: { ...proposalBody(tender, attachments.get(token)), tender: undefined },
    });
    expect(r.status === 200).toBe(own.canResubmit);
    return own.canResubmit;
  }

  it('true for the bidder while the tender takes proposals; false for the owner, after the deadline, once cancelled', async () => {
    const id = await published();
    const a = await bid(bidder, id);
    expect(await agreed(bidder, a.id, id)).toBe(true);
    const listed = (await call(app, 'GET', `/tenders/${id}/proposals`, { token: owner })).body.data as {
      id: number;
      canResubmit: boolean;
    }[];
    expect(listed.find((p) => p.id === a.id)?.canResubmit).toBe(false);

    const cancelled = await published();
    const b = await bid(bidder, cancelled);
    await call(app, 'POST', `/tenders/${cancelled}/cancel`, {
      token: owner,
      payload: { reason: 'Budget cut' },
    });
    expect(await agreed(bidder, b.id, cancelled)).toBe(false);

    await openBids(id);
    expect(await agreed(bidder, a.id, id)).toBe(false);
  });
});

describe('money already paid when a tender ends', () => {
  it('cancellation: every payer gets the bond released and the fee refunded, and is told (notification and mail)', async () => {
    const id = await published();
    const a = await bid(bidder, id);
    const b = await bid(third, id);
    const unpaid = await bid(other, id);
    await pay(a.checkout);
    await pay(b.checkout);
    // The third bidder reads the site (and their mail) in Arabic.
    const [u] = await app.ctx.database.db.select().from(users).where(eq(users.email, 'omar@gulfstar.qa'));
    await app.ctx.database.db.update(users).set({ language: 'ar' }).where(eq(users.id, u!.id));
    await call(app, 'POST', `/tenders/${id}/cancel`, { token: owner, payload: { reason: 'Budget cut' } });
    expect(await returned(a.id)).toEqual({ released: BOND, refunded: FEE });
    expect(await returned(b.id)).toEqual({ released: BOND, refunded: FEE });
    expect(await returned(unpaid.id)).toEqual({ released: 0, refunded: 0 });

    const [en] = (await notices(bidder, id)).filter((n) => n.title === 'Payment returned');
    expect(en!.content).toContain(
      'your bid bond of QAR 1,000.00 is released and QAR 200.00 of fees is refunded',
    );
    expect(en!.content).toContain('the tender was cancelled');
    const [arN] = (await notices(third, id, ar)).filter((n) => n.title === 'إعادة مبالغ مدفوعة');
    expect(arN!.content).toContain(
      'تم الإفراج عن ضمان العطاء البالغ ١٬٠٠٠٫٠٠ ريال قطري كما تم رد رسوم بقيمة ٢٠٠٫٠٠ ريال قطري',
    );
    expect(arN!.content).toContain('المناقصة أُلغيت');
    expect((await notices(other, id)).map((n) => n.title)).not.toContain('Payment returned');
    const mail = (
      await app.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, u!.id))
    ).filter((m) => m.subject.includes('إعادة مبالغ مدفوعة'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text.replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' ')).toContain(
      'تم رد رسوم بقيمة ٢٠٠٫٠٠ ريال قطري',
    );
  });

  it('no award: bonds released and fees refunded', async () => {
    const id = await published();
    const a = await bid(bidder, id);
    await pay(a.checkout);
    await openBids(id);
    const r = await call(app, 'POST', `/tenders/${id}/no-award`, {
      token: owner,
      payload: { reason: 'Nothing fit' },
    });
    expect(r.status).toBe(200);
    expect(await returned(a.id)).toEqual({ released: BOND, refunded: FEE });
    const [n] = (await notices(bidder, id)).filter((x) => x.title === 'Payment returned');
    expect(n!.content).toContain('the tender was closed without an award');
  });

  it('award: every other payer gets the bond they paid released (fees kept); the winner’s bond stays held', async () => {
    const id = await published();
    const winner = await bid(bidder, id);
    const loser = await bid(other, id);
    await pay(winner.checkout);
    await pay(loser.checkout);
    // A later amendment raising the bond does not change what was paid, nor what comes back.
    const amended = await call(app, 'POST', `/tenders/${id}/amendments`, {
      token: owner,
      payload: { reason: 'Bigger works', bond: 5000 },
    });
    expect(amended.status).toBe(201);
    await openBids(id);
    const r = await call(app, 'POST', `/tenders/${id}/award`, {
      token: owner,
      payload: { proposalId: winner.id },
    });
    expect(r.status).toBe(200);
    expect(await returned(winner.id)).toEqual({ released: 0, refunded: 0 });
    expect(await returned(loser.id)).toEqual({ released: BOND, refunded: 0 });
    const [n] = (await notices(other, id)).filter((x) => x.title === 'Payment returned');
    expect(n!.content).toContain(
      'your bid bond of QAR 1,000.00 is released: the tender was awarded to another bidder',
    );
    expect((await notices(bidder, id)).map((x) => x.title)).not.toContain('Payment returned');
  });
});

describe('awarding needs a paid proposal', () => {
  it('refuses a proposal whose fee and bond are unpaid (en and ar), then awards once it is not the choice', async () => {
    const id = await published();
    const unpaid = await bid(bidder, id);
    const paid = await bid(other, id);
    await pay(paid.checkout);
    await openBids(id);
    const award = (proposalId: number, headers = {}) =>
      call(app, 'POST', `/tenders/${id}/award`, { token: owner, payload: { proposalId }, headers });
    const en = await award(unpaid.id);
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 'PROPOSAL_NOT_PAID',
      message: 'This proposal’s participation fee and bond were not paid, so it cannot be awarded',
    });
    expect((await award(unpaid.id, ar)).body.message).toBe(
      'لم تُدفع رسوم المشاركة والضمان لهذا العرض، لذا لا يمكن ترسيته',
    );
    const [t] = await app.ctx.database.db.select().from(tenders).where(eq(tenders.id, id));
    expect(t!.outcome).toBeNull();
    // A declined checkout is not a payment either.
    const [p] = await app.ctx.database.db.select().from(proposals).where(eq(proposals.id, unpaid.id));
    expect(p!.paymentStatus).toBe('unpaid');
    expect((await award(paid.id)).status).toBe(200);
  });
});
