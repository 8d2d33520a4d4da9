import { CONTRACT_MESSAGES } from '@bawaba/shared/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenders } from '../src/db/schema.ts';
import { ERRORS } from '../src/errors.ts';
import { DAY, proposalBody, publishedTender, tenderBody, tenderParties } from './fixtures.ts';
import { call, makeApp, rowCount, SAMPLE_PDF, type TestApp, upload } from './helpers.ts';

/**
 * The evaluation method a tender publishes (docs/decisions/0012-evaluation.md): set on the draft, checked by the
 * contract (every refusal translated), shown with the tender, and changed after publication only by an amendment.
 */

let app: TestApp;
let owner: string;
let bidder: string;
let other: string;
let admin: string;
const attachments = new Map<string, string>();
const ar = { 'accept-language': 'ar' };

beforeAll(async () => {
  app = await makeApp();
  ({ owner, bidder, other, admin } = await tenderParties(app, attachments));
});
afterAll(async () => {
  await app.cleanup();
});

const quality = {
  nameEn: 'Technical approach',
  nameAr: 'المنهجية الفنية',
  descriptionEn: 'How the works are planned',
  descriptionAr: null,
  weight: 60,
};
const experience = {
  nameEn: null,
  nameAr: 'الخبرة',
  descriptionEn: '  ',
  descriptionAr: 'مشاريع مماثلة',
  weight: 40,
};
/** A weighted two-envelope method: 70 technical / 30 financial, pass mark 65. */
const weighted = (patch: Record<string, unknown> = {}) => ({
  method: 'weighted',
  envelopes: 2,
  criteria: [quality, experience],
  technicalWeight: 70,
  financialWeight: 30,
  passMark: 65,
  ...patch,
});
const stored = {
  method: 'weighted',
  envelopes: 2,
  criteria: [quality, { ...experience, descriptionEn: null }],
  technicalWeight: 70,
  financialWeight: 30,
  passMark: 65,
  bestAndFinalOffer: false,
};
const lowestPrice = {
  method: 'lowest_price',
  envelopes: 1,
  criteria: [],
  technicalWeight: null,
  financialWeight: null,
  passMark: null,
  bestAndFinalOffer: false,
};

const create = (payload: Record<string, unknown>, headers = {}) =>
  call(app, 'POST', '/tenders', { token: owner, payload: tenderBody(payload), headers });
const read = async (id: number) => (await call(app, 'GET', `/tenders/${id}`, { token: owner })).body.data;

describe('the evaluation method of a draft', () => {
  it('is the lowest price in one envelope unless the owner says otherwise', async () => {
    const r = await create({});
    expect(r.status).toBe(201);
    expect(r.body.data.evaluation).toEqual(lowestPrice);
  });

  it('is published as written: criteria in both languages (blank = not written), weights, split, pass mark', async () => {
    const r = await create({ evaluation: weighted() });
    expect(r.status).toBe(201);
    expect(r.body.data.evaluation).toEqual(stored);
    expect((await read(r.body.data.id)).evaluation).toEqual(stored);
  });

  it('is kept by an edit that does not send it and replaced by one that does', async () => {
    const id = (await create({ evaluation: weighted() })).body.data.id;
    const keep = await call(app, 'PATCH', `/tenders/${id}`, { token: owner, payload: tenderBody() });
    expect(keep.status).toBe(200);
    expect(keep.body.data.evaluation).toEqual(stored);
    const one = await call(app, 'PATCH', `/tenders/${id}`, {
      token: owner,
      payload: tenderBody({ evaluation: { method: 'lowest_price', envelopes: 2 } }),
    });
    expect(one.body.data.evaluation).toEqual({ ...lowestPrice, envelopes: 2 });
    // Lowest price with two envelopes is a method of its own: the technical part judged pass or fail first.
    expect((await read(id)).evaluation).toEqual({ ...lowestPrice, envelopes: 2 });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    [
      'weights not adding up to 100',
      weighted({ criteria: [quality, { ...experience, weight: 30 }] }),
      'evaluation.criteria',
      'The criteria weights must add up to 100.',
    ],
    [
      'a split not adding up to 100',
      weighted({ technicalWeight: 80 }),
      'evaluation.financialWeight',
      'The technical and financial weights must add up to 100.',
    ],
    [
      'a pass mark over 100',
      weighted({ passMark: 101 }),
      'evaluation.passMark',
      'The pass mark is a whole number from 0 to 100.',
    ],
    [
      'a negative pass mark',
      weighted({ passMark: -1 }),
      'evaluation.passMark',
      'The pass mark is a whole number from 0 to 100.',
    ],
    [
      'weighted without a pass mark',
      weighted({ passMark: null }),
      'evaluation.passMark',
      'Set the technical pass mark (0 to 100).',
    ],
    [
      'weighted without criteria',
      weighted({ criteria: [] }),
      'evaluation.criteria',
      'Add at least one criterion.',
    ],
    [
      'a criterion without a name',
      weighted({ criteria: [{ ...quality, nameEn: ' ', nameAr: null }, experience] }),
      'evaluation.criteria.0.nameEn',
      'Write the criterion name in English, in Arabic or in both.',
    ],
    [
      'a weight of 0',
      weighted({
        criteria: [
          { ...quality, weight: 0 },
          { ...experience, weight: 100 },
        ],
      }),
      'evaluation.criteria.0.weight',
      'A weight is a whole number from 1 to 100.',
    ],
    [
      'lowest price with criteria',
      { method: 'lowest_price', envelopes: 1, criteria: [{ ...quality, weight: 100 }] },
      'evaluation.method',
      'Lowest price takes no criteria, weights or pass mark.',
    ],
    [
      'three envelopes',
      { method: 'lowest_price', envelopes: 3 },
      'evaluation.envelopes',
      'A tender has one envelope or two.',
    ],
    [
      'an unknown method',
      { method: 'best_value', envelopes: 1 },
      'evaluation.method',
      'Choose lowest price or weighted criteria.',
    ],
  ];
  it.each(refusals)(
    'refuses %s, in English and Arabic, and creates nothing',
    async (_, evaluation, field, en) => {
      const before = await rowCount(app, 'tenders');
      const english = await create({ evaluation });
      expect(english.status).toBe(422);
      expect(english.body).toMatchObject({ code: 'VALIDATION_FAILED', message: `${field}: ${en}` });
      const arabic = await create({ evaluation }, ar);
      expect(arabic.status).toBe(422);
      const translated = CONTRACT_MESSAGES[en];
      expect(translated).toMatch(/[\u0600-\u06FF]/);
      expect(arabic.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `${ERRORS.VALIDATION_FAILED.ar} — ${field}: ${translated}`,
      });
      expect(await rowCount(app, 'tenders')).toBe(before);
    },
  );

  it('refuses a bad method on an edit and leaves the draft as it was', async () => {
    const id = (await create({ evaluation: weighted() })).body.data.id;
    const r = await call(app, 'PATCH', `/tenders/${id}`, {
      token: owner,
      payload: tenderBody({ evaluation: weighted({ technicalWeight: 50 }) }),
      headers: ar,
    });
    expect(r.status).toBe(422);
    expect(r.body.issues).toContainEqual({
      field: 'evaluation.financialWeight',
      message: CONTRACT_MESSAGES['The technical and financial weights must add up to 100.'],
    });
    expect((await read(id)).evaluation).toEqual(stored);
  });
});

describe('the evaluation method after publication', () => {
  const amend = (id: number, payload: Record<string, unknown>, token = owner, headers = {}) =>
    call(app, 'POST', `/tenders/${id}/amendments`, { token, payload, headers });
  const titles = async (token: string) =>
    (
      (await call(app, 'GET', '/notification', { token })).body.data as {
        title: string;
        tender?: { id: number };
      }[]
    ).map((n) => `${n.title}#${n.tender?.id ?? ''}`);

  it('changes only by an amendment: recorded, bidders told, proposals flagged', async () => {
    const id = await publishedTender(app, { owner, admin });
    const sent = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: proposalBody(id, attachments.get(bidder)),
    });
    expect(sent.status).toBe(201);
    // The draft form's route is closed to a published tender.
    const edit = await call(app, 'PATCH', `/tenders/${id}`, {
      token: owner,
      payload: tenderBody({ evaluation: weighted() }),
    });
    expect(edit.status).toBe(409);
    expect((await read(id)).evaluation).toEqual(lowestPrice);

    expect((await amend(id, { reason: 'Mine', evaluation: weighted() }, other)).body.code).toBe(
      'NOT_TENDER_OWNER',
    );
    const bad = await amend(id, { reason: 'Weights', evaluation: weighted({ passMark: 120 }) });
    expect(bad.status).toBe(422);

    const r = await amend(id, { reason: 'Quality matters', evaluation: weighted() });
    expect(r.status).toBe(201);
    expect(r.body.data.changes).toEqual([
      { field: 'evaluation', before: JSON.stringify(lowestPrice), after: JSON.stringify(stored) },
    ]);
    const t = await read(id);
    expect(t).toMatchObject({ amendmentCount: 1, evaluation: stored });
    expect(await titles(bidder)).toContain(`Tender amended (amendment 1)#${id}`);
    const mine = (await call(app, 'GET', '/proposals/mine', { token: bidder })).body.data.find(
      (p: { tender: { id: number } }) => p.tender.id === id,
    );
    expect(mine.predatesAmendment).toBe(true);

    // The same method again (blank texts and all) is no change.
    for (const [headers, message] of [
      [{}, ERRORS.AMENDMENT_WITHOUT_CHANGES.en],
      [ar, ERRORS.AMENDMENT_WITHOUT_CHANGES.ar],
    ] as const) {
      const same = await amend(id, { reason: 'Again', evaluation: weighted() }, owner, headers);
      expect(same.body).toMatchObject({ code: 'AMENDMENT_WITHOUT_CHANGES', message });
    }
    expect((await read(id)).amendmentCount).toBe(1);
  });

  it('leaves bidders the minimum days to react, like any amendment', async () => {
    const id = await publishedTender(app, { owner, admin });
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() + DAY), clarificationCutoff: null })
      .where(eq(tenders.id, id));
    const r = await amend(id, {
      reason: 'Two envelopes',
      evaluation: { method: 'lowest_price', envelopes: 2 },
    });
    expect(r.status).toBe(201);
    expect(r.body.data.deadlinePushed).toBe(true);
    const t = await read(id);
    expect(t.evaluation.envelopes).toBe(2);
    expect(new Date(t.deadline).getTime()).toBeGreaterThan(Date.now() + 2 * DAY);
  });
});

describe("a proposal's price documents (its financial part)", () => {
  const priceDocument = async (token: string, purpose = 'price-document') =>
    (await upload(app, token, purpose, 'prices.pdf', SAMPLE_PDF)).body.data.id;

  it('are uploaded as such, kept with the version, carried over by a resubmission and read like the proposal', async () => {
    // One envelope: nothing is sealed past the deadline (two envelopes: financial-sealing-routes.test.ts).
    const id = await publishedTender(app, { owner, admin }, { evaluation: weighted({ envelopes: 1 }) });
    const prices = await priceDocument(bidder);
    // A file uploaded for another part (the proposal's attachment) is not a price document.
    const wrong = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: { ...proposalBody(id, attachments.get(bidder)), priceDocuments: [attachments.get(bidder)] },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('INVALID_FILE_REFERENCE');
    expect(wrong.body.message).toContain('priceDocuments');
    // Nor is someone else's.
    const theirs = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: { ...proposalBody(id, attachments.get(bidder)), priceDocuments: [await priceDocument(other)] },
    });
    expect(theirs.body.code).toBe('INVALID_FILE_REFERENCE');

    const sent = await call(app, 'POST', '/proposals', {
      token: bidder,
      payload: { ...proposalBody(id, attachments.get(bidder)), priceDocuments: [prices] },
    });
    expect(sent.status).toBe(201);
    const proposal = sent.body.data.proposal;
    expect(proposal.current.priceDocuments).toEqual([prices]);
    const { tender: _, ...again } = proposalBody(id, attachments.get(bidder), { price: 90000 });
    const resent = await call(app, 'PUT', `/proposals/${proposal.id}`, { token: bidder, payload: again });
    expect(resent.status).toBe(200);
    expect(resent.body.data.proposal.current.priceDocuments).toEqual([prices]);

    expect((await call(app, 'GET', `/files/${prices}`, { token: bidder })).status).toBe(200);
    expect((await call(app, 'GET', `/files/${prices}`, { token: other })).status).toBe(404);
    // Sealed to the buyer until the deadline, like the rest of the proposal.
    expect((await call(app, 'GET', `/files/${prices}`, { token: owner })).status).toBe(404);
    await app.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() - 1) })
      .where(eq(tenders.id, id));
    expect((await call(app, 'GET', `/files/${prices}`, { token: owner })).status).toBe(200);
  });
});
