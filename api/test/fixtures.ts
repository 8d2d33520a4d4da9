/**
 * The seeded tenders the proposal, tender and durability tests pick from: the demo owner's tenders in every
 * state (draft, pending, rejected, open, closed, past the deadline; with and without fee or bond). And the bodies
 * the tests create from: a tender (created, published and approved in one step) and a proposal.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tenders } from '../src/db/schema.ts';
import { ADMIN, BIDDER, call, login, OTHER, OWNER, SAMPLE_PDF, type TestApp, upload } from './helpers.ts';
import { req } from './process-helpers.ts';

/** A tender as GET /tenders/mine lists it (the fields the tests choose by). */
export type SeededTender = {
  id: number;
  status: string;
  approvalStatus: { status: string };
  isPastDeadline: boolean;
  bond: number;
  participationFee: number;
  isInterestApproved: boolean;
  isInterestSubmitted: boolean;
  /** The lifecycle state (published, bids_opened, awarded, …). */
  state: string;
};

/** The tenders `token`'s user owns (all of them: the default page holds 100), from an app in this process. */
export async function ownTenders(app: TestApp, token: string): Promise<SeededTender[]> {
  return (await call(app, 'GET', '/tenders/mine', { token })).body.data.items;
}

/** The same from an API process (`base` = its /api/v1 URL, as process-helpers' apiSite gives it). */
export async function ownTendersAt(base: string, token: string): Promise<SeededTender[]> {
  return (await req<{ items: SeededTender[] }>(base, 'GET', '/tenders/mine', { token })).data.items;
}

/** Published and before its deadline (not awarded, closed or cancelled): what bidders may act on. */
export const isLive = (t: SeededTender) => t.state === 'published';
/** Live and open: a proposal may be submitted without an approved interest. */
export const isBiddable = (t: SeededTender) => t.status === 'open' && isLive(t);

/** What the tender and proposal tests start from: the demo users' tokens and the demo owner's seeded tenders. */
export async function seededTenders(app: TestApp) {
  const [bidder, owner, admin, other] = await Promise.all([
    login(app, BIDDER),
    login(app, OWNER),
    login(app, ADMIN),
    login(app, OTHER),
  ]);
  return { bidder, owner, admin, other, mine: await ownTenders(app, owner) };
}

/** A day in milliseconds. */
export const DAY = 86_400_000;
/** `days` from now as an ISO date (the API's date fields). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * A tender to create (POST /tenders): open, no bond or fee, service 1, work from day 20 to day 60, deadline in 10
 * days; `patch` overrides any field.
 */
export const tenderBody = (patch: Record<string, unknown> = {}) => ({
  title: `Tender ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Fit-out of the Doha office',
  status: 'open',
  bond: 0,
  participationFee: 0,
  serviceIds: [1],
  start_date: daysFromNow(20),
  end_date: daysFromNow(60),
  deadline: daysFromNow(10),
  ...patch,
});

/** A tender of `owner` created from tenderBody(patch), published and approved by `admin`: its id. */
export async function publishedTender(
  app: TestApp,
  by: { owner: string; admin: string },
  patch: Record<string, unknown> = {},
): Promise<number> {
  const created = await call(app, 'POST', '/tenders', { token: by.owner, payload: tenderBody(patch) });
  expect(created.status).toBe(201);
  const id = created.body.data.id as number;
  expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: by.owner })).status).toBe(200);
  expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: by.admin })).status).toBe(200);
  return id;
}

/**
 * The deadline of `tender` moved into the past, then `ownerToken` awards `proposalId` (200); its contract when the
 * award is final at once (no standstill), by the owner's list, else undefined.
 */
export async function awardAfterDeadline(
  app: TestApp,
  ownerToken: string,
  tender: number,
  proposalId: number,
): Promise<{ contractId: number | undefined }> {
  await app.ctx.database.db
    .update(tenders)
    .set({ deadline: new Date(Date.now() - DAY) })
    .where(eq(tenders.id, tender));
  const awarded = await call(app, 'POST', `/tenders/${tender}/award`, {
    token: ownerToken,
    payload: { proposalId },
  });
  expect(awarded.status).toBe(200);
  const list = (await call(app, 'GET', '/contracts', { token: ownerToken })).body.data as {
    id: number;
    tender: { id: number };
  }[];
  return { contractId: list.find((c) => c.tender.id === tender)?.id };
}

/**
 * A proposal to submit (POST /proposals) on `tender` with `attachment`: "Our offer" at `price` (100,000 QAR unless
 * told) over `period` days (90), one milestone for the whole price, no breakdown.
 */
export const proposalBody = (
  tender: number,
  attachment: string | undefined,
  o: { price?: number; period?: number; currency?: string } = {},
) => {
  const price = o.price ?? 100000;
  const period = o.period ?? 90;
  return {
    tender,
    attachment,
    offer_price: price,
    title: 'Our offer',
    description: 'Team and plan',
    period,
    currency: o.currency ?? 'QAR',
    payment_terms: '30_days',
    milestones: [
      {
        title: 'Works',
        description: 'All of it',
        amount: price,
        period,
        documents: [],
        start_date: daysFromNow(20),
        end_date: daysFromNow(50),
        expected_completion_date: daysFromNow(50),
      },
    ],
    breakdown: [],
  };
};

/** Uploads a proposal attachment (the sample PDF) as each of `tokens`, keeping its file id under the token. */
export async function uploadAttachments(app: TestApp, tokens: string[], into: Map<string, string>) {
  for (const token of tokens) {
    into.set(token, (await upload(app, token, 'proposal-attachment', 'offer.pdf', SAMPLE_PDF)).body.data.id);
  }
}

/**
 * The people of a tender signed in — its owner (the demo owner), the admin and three bidders (the demo bidder,
 * OTHER and omar@gulfstar.qa) — each bidder with a proposal attachment uploaded into `attachments`.
 */
export async function tenderParties(app: TestApp, attachments: Map<string, string>) {
  const [owner, bidder, other, third, admin] = await Promise.all([
    login(app, OWNER),
    login(app, BIDDER),
    login(app, OTHER),
    login(app, 'omar@gulfstar.qa'),
    login(app, ADMIN),
  ]);
  await uploadAttachments(app, [bidder, other, third], attachments);
  return { owner, bidder, other, third, admin };
}

/**
 * A published tender of the demo owner's company (`patch` on its body) with three proposals — the demo bidder's at
 * 300 000, the other company's at 100 000, the third's at 200 000 — and its deadline passed: where the decision
 * stage starts. The proposals' ids in that order.
 */
export async function tenderWithThreeBids(
  app: TestApp,
  parties: { owner: string; admin: string; bidder: string; other: string; third: string },
  attachments: Map<string, string>,
  patch: Record<string, unknown> = {},
): Promise<{ id: number; ps: [number, number, number] }> {
  const id = await publishedTender(app, parties, { deadline: daysFromNow(10), ...patch });
  const ps: number[] = [];
  for (const [token, price] of [
    [parties.bidder, 300000],
    [parties.other, 100000],
    [parties.third, 200000],
  ] as const) {
    const r = await call(app, 'POST', '/proposals', {
      token,
      payload: proposalBody(id, attachments.get(token), { price, period: 90 }),
    });
    expect(r.status).toBe(201);
    ps.push(r.body.data.proposal.id);
  }
  await app.ctx.database.db
    .update(tenders)
    .set({ deadline: new Date(Date.now() - 1) })
    .where(eq(tenders.id, id));
  return { id, ps: ps as [number, number, number] };
}
