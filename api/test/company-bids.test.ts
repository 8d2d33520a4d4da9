import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalBody, publishedTender, uploadAttachments } from './fixtures.ts';
import {
  ADMIN,
  call,
  login,
  makeApp,
  newMember,
  OTHER,
  OWNER,
  ROOMY_LIMITS,
  SAMPLE_PDF,
  type TestApp,
  upload,
} from './helpers.ts';

/**
 * A company's bids belong to the company (docs/decisions/0011-organisations.md): its bidders resubmit and pay a
 * proposal another member sent, every member reads it unsealed while the buyer company sees it sealed until the
 * deadline, the company bids once per tender, and a viewer cannot bid.
 */

let app: TestApp;
let owner: string;
let admin: string;
/** The administrator of the bidding company (every role), a bidder colleague and a viewer of it. */
let lead: string;
let bidder: string;
let viewer: string;
const attachments = new Map<string, string>();

beforeAll(async () => {
  app = await makeApp({
    env: {
      rateLimits: ROOMY_LIMITS,
    },
  });
  [owner, admin, lead] = await Promise.all([login(app, OWNER), login(app, ADMIN), login(app, OTHER)]);
  bidder = await newMember(app, lead, 'bids@x.qa', ['bidder']);
  viewer = await newMember(app, lead, 'reads@x.qa', ['viewer']);
  await uploadAttachments(app, [lead, bidder, viewer], attachments);
});
afterAll(async () => {
  await app.cleanup();
});

const codeOf = (r: { status: number; body: { code?: string } }) => [r.status, r.body.code];

describe('a company’s bids', () => {
  it('lets a bidder colleague see, resubmit and pay the proposal another member sent; the buyer sees it sealed', async () => {
    const tender = await publishedTender(app, { owner, admin }, { participationFee: 50 });
    const sent = await call(app, 'POST', '/proposals', {
      token: lead,
      payload: proposalBody(tender, attachments.get(lead)),
    });
    expect(sent.status).toBe(201);
    const id = sent.body.data.proposal.id as number;

    const mine = await call(app, 'GET', '/proposals/mine', { token: bidder });
    const seen = mine.body.data.find((p: { id: number }) => p.id === id);
    expect([seen?.sealed, seen?.current?.title, seen?.canResubmit, seen?.canPay]).toEqual([
      false,
      'Our offer',
      true,
      true,
    ]);
    const shown = await call(app, 'GET', `/tenders/${tender}`, { token: bidder });
    expect(shown.body.data.isProposalSubmitted).toBe(true);
    // The buyer company learns a proposal came in, not whose or what.
    const buyerView = await call(app, 'GET', `/proposals/${id}`, { token: owner });
    expect([buyerView.status, buyerView.body.data.sealed, buyerView.body.data.current]).toEqual([
      200,
      true,
      null,
    ]);

    const again = await call(app, 'PUT', `/proposals/${id}`, {
      token: bidder,
      payload: proposalBody(tender, attachments.get(bidder), { price: 90000 }),
    });
    expect(again.status).toBe(200);
    // The colleague may keep the attachment the lead uploaded (it is already on the proposal), not take a file of
    // another company's.
    const kept = await call(app, 'PUT', `/proposals/${id}`, {
      token: bidder,
      payload: proposalBody(tender, attachments.get(lead), { price: 91000 }),
    });
    expect(kept.status).toBe(200);
    const foreign = (await upload(app, owner, 'proposal-attachment', 'theirs.pdf', SAMPLE_PDF)).body.data.id;
    const taken = await call(app, 'PUT', `/proposals/${id}`, {
      token: bidder,
      payload: proposalBody(tender, foreign, { price: 92000 }),
    });
    expect(codeOf(taken)).toEqual([422, 'INVALID_FILE_REFERENCE']);
    expect((await call(app, 'POST', `/proposals/${id}/pay`, { token: bidder })).status).toBe(200);

    // The company bids once: a colleague's second proposal is refused.
    const second = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: proposalBody(tender, attachments.get(bidder)),
    });
    expect(codeOf(second)).toEqual([409, 'PROPOSAL_EXISTS']);
  });

  it('lets a viewer read the company’s proposals but not bid, resubmit or pay (409, still signed in)', async () => {
    const tender = await publishedTender(app, { owner, admin }, { participationFee: 50 });
    const sent = await call(app, 'POST', '/proposals', {
      token: lead,
      payload: proposalBody(tender, attachments.get(lead)),
    });
    const id = sent.body.data.proposal.id as number;
    const read = await call(app, 'GET', `/proposals/${id}`, { token: viewer });
    // Offered nothing to do: resubmitting and paying are a bidder's.
    expect([read.status, read.body.data.sealed, read.body.data.canResubmit, read.body.data.canPay]).toEqual([
      200,
      false,
      false,
      false,
    ]);
    const other = await publishedTender(app, { owner, admin });
    for (const [method, url, payload] of [
      ['POST', '/proposals', proposalBody(other, attachments.get(viewer))],
      ['PUT', `/proposals/${id}`, proposalBody(tender, attachments.get(viewer))],
      ['POST', `/proposals/${id}/pay`, undefined],
    ] as const) {
      const r = await call(app, method, url, { token: viewer, payload });
      expect([url, ...codeOf(r)]).toEqual([url, 409, 'COMPANY_ROLE_REQUIRED']);
    }
  });

  it('keeps another company’s proposal sealed and out of reach before the deadline', async () => {
    const tender = await publishedTender(app, { owner, admin });
    const sent = await call(app, 'POST', '/proposals', {
      token: lead,
      payload: proposalBody(tender, attachments.get(lead)),
    });
    const id = sent.body.data.proposal.id as number;
    const stranger = await login(app, 'omar@gulfstar.qa');
    expect((await call(app, 'GET', `/proposals/${id}`, { token: stranger })).status).toBe(404);
    const put = await call(app, 'PUT', `/proposals/${id}`, {
      token: stranger,
      payload: proposalBody(tender, undefined),
    });
    expect(put.status).toBe(404);
    const theirs = await call(app, 'GET', '/proposals/mine', { token: stranger });
    expect(theirs.body.data.map((p: { id: number }) => p.id)).not.toContain(id);
  });
});
