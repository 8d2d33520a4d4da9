/**
 * The seeded tenders the proposal, tender and durability tests pick from: the demo owner's tenders in every
 * state (draft, pending, rejected, open, closed, past the deadline; with and without fee or bond).
 */
import { ADMIN, BIDDER, call, login, OTHER, OWNER, type TestApp } from './helpers.ts';
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
