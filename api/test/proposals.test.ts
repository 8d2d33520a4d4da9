import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLive, seededTenders, type SeededTender as T } from './fixtures.ts';
import { call, makeApp, rowCount, SAMPLE_PDF, type TestApp, upload } from './helpers.ts';

let app: TestApp;
let bidder: string;
let owner: string;
let admin: string;
let other: string;
let mine: T[];
const DAY = 86_400_000;
let attachment: string;

const proposal = (tender: number, patch: Record<string, unknown> = {}) => ({
  tender,
  attachment,
  offer_price: 120000,
  title: 'Our offer',
  description: 'Team, plan and references',
  period: 90,
  currency: 'QAR',
  payment_terms: '30_days',
  milestones: [
    {
      title: 'Design',
      description: 'Wireframes',
      amount: 40000,
      period: 30,
      documents: [],
      start_date: new Date(Date.now() + 20 * DAY).toISOString(),
      end_date: new Date(Date.now() + 50 * DAY).toISOString(),
      expected_completion_date: new Date(Date.now() + 50 * DAY).toISOString(),
    },
  ],
  breakdown: [{ name: 'Labour', description: '', quantity: 2, unitPrice: 1000.5 }],
  submitted_by: 3,
  ...patch,
});

beforeAll(async () => {
  app = await makeApp();
  ({ bidder, owner, admin, other, mine } = await seededTenders(app));
  attachment = (await upload(app, bidder, 'proposal-attachment', 'offer.pdf', SAMPLE_PDF)).body.data.id;
});
afterAll(async () => {
  await app.cleanup();
});

const live = (pred: (t: T) => boolean) => mine.filter((t) => isLive(t) && pred(t));
const free = () => live((t) => t.status === 'open' && t.bond + t.participationFee === 0)[0]!;
const paid = () => live((t) => t.status === 'open' && t.bond + t.participationFee > 0);

describe('submitting', () => {
  it('validates with the wizard messages', async () => {
    const t = free();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title: Please provide a proposal title'],
      [{ attachment: '' }, 'attachment: Please upload at least one supporting document'],
      [{ offer_price: 0 }, 'offer_price: Value must be greater than zero'],
      [{ offer_price: undefined }, 'offer_price: Please enter proposal value'],
      [{ period: 0 }, 'period: Duration must be at least 1 day'],
      [{ payment_terms: 'someday' }, 'payment_terms: Please select payment terms'],
    ];
    for (const [patch, msg] of cases) {
      const r = await call(app, 'POST', '/proposals', { token: bidder, payload: proposal(t.id, patch) });
      expect(r.status, msg).toBe(422);
      expect(r.body.message).toBe(msg);
    }
    const m = proposal(t.id).milestones[0]!;
    const noTitle = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: proposal(t.id, { milestones: [{ ...m, title: undefined }] }),
    });
    expect(noTitle.body.message).toBe('milestones.0.title: Milestone title is required');
    const backwards = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: proposal(t.id, { milestones: [{ ...m, end_date: new Date(Date.now() + DAY).toISOString() }] }),
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.code).toBe('INVALID_MILESTONES');
  });

  it('enforces the business rules and writes nothing on refusal', async () => {
    const before = await rowCount(app, 'proposals');
    const own = await call(app, 'POST', '/proposals', { token: owner, payload: proposal(free().id) });
    expect(own.status).toBe(409);
    // Milestone dates must be real calendar dates (a five-digit year was stored as +010000-…).
    const m = proposal(free().id).milestones[0]!;
    for (const odd of ['10000-01-01', '2026-02-30', '0']) {
      const res = await call(app, 'POST', '/proposals', {
        token: bidder,
        payload: proposal(free().id, { milestones: [{ ...m, start_date: odd }] }),
      });
      expect(res.status, odd).toBe(422);
      expect(res.body.issues[0]).toMatchObject({ field: 'milestones.0.start_date' });
    }
    const past = mine.find((t) => t.approvalStatus.status === 'approved' && t.isPastDeadline)!;
    expect(
      (await call(app, 'POST', '/proposals', { token: bidder, payload: proposal(past.id) })).body.code,
    ).toBe('DEADLINE_PASSED');
    const draft = mine.find((t) => t.approvalStatus.status === 'draft')!;
    expect(
      (await call(app, 'POST', '/proposals', { token: bidder, payload: proposal(draft.id) })).body.code,
    ).toBe('TENDER_NOT_PUBLISHED');
    // Closed tender: the bidder's interest in closed[1] is still pending.
    const closed = live((t) => t.status === 'closed');
    expect(
      (await call(app, 'POST', '/proposals', { token: bidder, payload: proposal(closed[1]!.id) })).body.code,
    ).toBe('INTEREST_NOT_APPROVED');
    // Someone else's attachment.
    const theirs = await call(app, 'POST', '/proposals', { token: other, payload: proposal(free().id) });
    expect(theirs.status).toBe(422);
    expect(theirs.body.code).toBe('INVALID_FILE_REFERENCE');
    expect(
      (await call(app, 'POST', '/proposals', { token: admin, payload: proposal(free().id) })).status,
    ).toBe(403);
    expect(await rowCount(app, 'proposals')).toBe(before);
  });

  it('accepts a proposal on an open tender once, sealed for the owner, and on a closed one with approved interest', async () => {
    const t = free();
    const r = await call(app, 'POST', '/proposals', { token: bidder, payload: proposal(t.id) });
    expect(r.status).toBe(201);
    expect(r.body.data.payUrl).toBeUndefined();
    expect(r.body.data.proposal).toMatchObject({
      paymentStatus: 'not_required',
      currentVersion: 1,
      sealed: false,
    });
    expect(r.body.data.proposal.current.breakdown[0]).toEqual({
      name: 'Labour',
      description: '',
      quantity: 2,
      unitPrice: 1000.5,
    });
    const again = await call(app, 'POST', '/proposals', { token: bidder, payload: proposal(t.id) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PROPOSAL_EXISTS');

    const flags = await call(app, 'GET', `/tenders/${t.id}`, { token: bidder });
    expect(flags.body.data.isProposalSubmitted).toBe(true);

    // Before the deadline the owner learns how many proposals came in, not who sent them.
    const sealed = await call(app, 'GET', `/tenders/${t.id}/proposals`, { token: owner });
    const p = sealed.body.data.find((x: { id: number }) => x.id === r.body.data.proposal.id);
    expect(p).toMatchObject({ sealed: true, current: null, versions: null });
    expect(sealed.res.body).not.toContain('Our offer');
    const who = r.body.data.proposal.bidder;
    expect(who.name).not.toBe('');
    for (const x of sealed.body.data)
      expect(x.bidder).toEqual({ id: 0, name: '', companyName: null, companyNameLang: null });
    for (const name of [who.name, who.companyName].filter(Boolean))
      expect(sealed.res.body).not.toContain(name);
    const one = await call(app, 'GET', `/proposals/${p.id}`, { token: owner });
    expect(one.body.data.bidder).toEqual({ id: 0, name: '', companyName: null, companyNameLang: null });
    expect(one.res.body).not.toContain(who.name);
    const n = await call(app, 'GET', '/notification', { token: owner });
    expect(n.body.data[0]).toMatchObject({ title: 'New proposal on your tender', tender: { id: t.id } });
    // The attachment stays private until the deadline.
    expect((await call(app, 'GET', `/files/${attachment}`, { token: owner })).status).toBe(404);
    expect((await call(app, 'GET', `/tenders/${t.id}/proposals`, { token: bidder })).status).toBe(409);

    const closed = live((t) => t.status === 'closed')[0]!; // bidder's interest approved in the seed
    const c = await call(app, 'POST', '/proposals', { token: bidder, payload: proposal(closed.id) });
    expect(c.status).toBe(201);
  });

  it('shows proposals to the owner once the deadline has passed', async () => {
    const past = mine.find(
      (t) => t.approvalStatus.status === 'approved' && t.isPastDeadline && t.status === 'open',
    )!;
    const r = await call(app, 'GET', `/tenders/${past.id}/proposals`, { token: owner });
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const p of r.body.data) {
      expect(p.sealed).toBe(false);
      expect(p.current.title).toMatch(/^Proposal by /);
    }
    const file = r.body.data[0].current.attachment;
    expect((await call(app, 'GET', `/files/${file}`, { token: owner })).status).toBe(200);
  });

  it('resubmits a new version and keeps the earlier ones', async () => {
    const mineP = await call(app, 'GET', '/proposals/mine', { token: bidder });
    const p = mineP.body.data.find((x: { tender: { id: number } }) => x.tender.id === free().id);
    const r = await call(app, 'PUT', `/proposals/${p.id}`, {
      token: bidder,
      payload: { ...proposal(free().id, { title: 'Better offer', offer_price: 99000 }), tender: undefined },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.proposal).toMatchObject({ currentVersion: 2, status: 'resubmitted' });
    expect(r.body.data.proposal.versions.map((v: { title: string }) => v.title)).toEqual([
      'Our offer',
      'Better offer',
    ]);
    expect(r.body.data.proposal.versions[0].submittedAt).toMatch(/^\d{4}-/);
    const bad = await call(app, 'PUT', `/proposals/${p.id}`, {
      token: bidder,
      payload: { ...proposal(free().id), offer_price: 0 },
    });
    expect(bad.body.message).toBe('offer_price: Offer Price must be greater than 0.');
    const missing = await call(app, 'PUT', `/proposals/${p.id}`, {
      token: bidder,
      payload: { ...proposal(free().id), attachment: '' },
    });
    expect(missing.body.message).toBe('attachment: Attachment is required.');
    expect(
      (await call(app, 'PUT', `/proposals/${p.id}`, { token: other, payload: proposal(free().id) })).status,
    ).toBe(404);
    expect((await call(app, 'GET', `/proposals/${p.id}`, { token: other })).status).toBe(404);
    const got = await call(app, 'GET', `/proposals/${p.id}`, { token: bidder });
    expect(got.body.data.versions).toHaveLength(2);
  });
});

describe('payments (sandbox)', () => {
  it('returns a payUrl for a tender with a fee; decline then pay; the server records the result', async () => {
    const t = paid()[0]!;
    const r = await call(app, 'POST', '/proposals', { token: bidder, payload: proposal(t.id) });
    expect(r.status).toBe(201);
    expect(r.body.data.payUrl).toMatch(
      /^http:\/\/localhost:4000\/api\/v1\/payments\/sandbox\/checkout\/[0-9a-f-]{36}$/,
    );
    expect(r.body.data.proposal).toMatchObject({
      paymentStatus: 'unpaid',
      amountDue: t.bond + t.participationFee,
    });
    const checkoutPath = new URL(r.body.data.payUrl).pathname.replace('/api/v1', '');

    const page = await call(app, 'GET', checkoutPath);
    expect(page.res.headers['content-type']).toContain('text/html');
    expect(page.res.body).toContain('QAR');
    expect(page.res.body).toContain('name="action" value="pay"');
    expect(page.res.body).toContain('name="action" value="decline"');

    const declined = await app.inject({
      method: 'POST',
      url: `/api/v1${checkoutPath}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=decline',
    });
    expect(declined.statusCode).toBe(303);
    const loc = new URL(declined.headers.location as string);
    expect(`${loc.origin}${loc.pathname}`).toBe('http://localhost:4000/callback');
    expect(loc.searchParams.get('status')).toBe('Failed');
    const ref = loc.searchParams.get('reference')!;
    // Posting again never flips a completed payment.
    const replay = await app.inject({
      method: 'POST',
      url: `/api/v1${checkoutPath}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(new URL(replay.headers.location as string).searchParams.get('status')).toBe('Failed');
    const rec = await call(app, 'GET', `/payments/${ref}`, { token: bidder });
    expect(rec.body.data).toMatchObject({ status: 'failed', reference: ref, tender: { id: t.id } });
    expect((await call(app, 'GET', `/payments/${ref}`, { token: owner })).status).toBe(404);

    const pid = r.body.data.proposal.id;
    expect((await call(app, 'GET', `/proposals/${pid}`, { token: bidder })).body.data).toMatchObject({
      paymentStatus: 'failed',
      canPay: true,
    });
    const retry = await call(app, 'POST', `/proposals/${pid}/pay`, { token: bidder });
    expect(retry.status).toBe(200);
    expect(retry.body.data.payUrl).not.toBe(r.body.data.payUrl);
    const paidRes = await app.inject({
      method: 'POST',
      url: new URL(retry.body.data.payUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(new URL(paidRes.headers.location as string).searchParams.get('status')).toBe('Paid');
    const after = await call(app, 'GET', '/proposals/mine', { token: bidder });
    expect(after.body.data.find((x: { id: number }) => x.id === pid)).toMatchObject({
      paymentStatus: 'paid',
      canPay: false,
    });
    expect((await call(app, 'POST', `/proposals/${pid}/pay`, { token: bidder })).body.code).toBe(
      'PAYMENT_COMPLETED',
    );
    const n = await call(app, 'GET', '/notification', { token: bidder });
    expect(n.body.data[0].title).toBe('Payment Successful');
  });

  it('pay now is refused when nothing is due or for someone else', async () => {
    const list = await call(app, 'GET', '/proposals/mine', { token: bidder });
    const freeP = list.body.data.find((x: { paymentStatus: string }) => x.paymentStatus === 'not_required');
    // Nothing due: the proposal says Pay now is not for it, and the server refuses it.
    expect(freeP.canPay).toBe(false);
    expect((await call(app, 'POST', `/proposals/${freeP.id}/pay`, { token: bidder })).body.code).toBe(
      'PAYMENT_NOT_REQUIRED',
    );
    expect((await call(app, 'POST', `/proposals/${freeP.id}/pay`, { token: other })).status).toBe(404);
    expect(
      (await call(app, 'GET', '/payments/sandbox/checkout/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
  });
});
