import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderBody } from './fixtures.ts';
import {
  ADMIN,
  BIDDER,
  call,
  joinAnotherCompany,
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
 * A company's tenders belong to the company (docs/decisions/0011-organisations.md): its buyers act on them, every
 * member reads them, another company cannot reach them (404 for what is not public), and a member of two
 * companies sees only the active one's. A person without a company keeps their personal tenders.
 */

let app: TestApp;
let owner: string;
let buyer: string;
let viewer: string;
let other: string;
let admin: string;
let bidder: string;
/** A buyer of the owner's company and of the other company: one session for each. */
let dualInDoha: string;
let dualInOwn: string;

const me = async (token: string) => (await call(app, 'GET', '/users/me', { token })).body.data;

beforeAll(async () => {
  app = await makeApp({
    env: {
      rateLimits: ROOMY_LIMITS,
    },
  });
  [owner, buyer, other, admin, bidder] = await Promise.all([
    login(app, OWNER),
    login(app, 'buyer@bawaba.qa'),
    login(app, OTHER),
    login(app, ADMIN),
    login(app, BIDDER),
  ]);
  viewer = await newMember(app, owner, 'viewer@x.qa', ['viewer']);
  // A buyer of the owner's company whom the other company invites as a buyer too (a member registers a company
  // only after leaving theirs): a session in each company.
  dualInDoha = await newMember(app, owner, 'dual@x.qa', ['buyer']);
  dualInOwn = await joinAnotherCompany(app, other, dualInDoha, 'dual@x.qa', ['buyer']);
});
afterAll(async () => {
  await app.cleanup();
});

const create = async (token: string) => {
  const r = await call(app, 'POST', '/tenders', { token, payload: tenderBody() });
  expect(r.status).toBe(201);
  return r.body.data.id as number;
};
const mineIds = async (token: string) =>
  (
    (await call(app, 'GET', '/tenders/mine', { token, query: { limit: '100' } })).body.data.items as {
      id: number;
    }[]
  ).map((t) => t.id);
const codeOf = (r: { status: number; body: { code?: string } }) => [r.status, r.body.code];

describe('a company’s tenders', () => {
  it('lets a buyer colleague edit, publish and answer questions on a tender another member created', async () => {
    const id = await create(owner);
    const shown = await call(app, 'GET', `/tenders/${id}`, { token: buyer });
    expect([shown.status, shown.body.data.isOwner, shown.body.data.can.edit]).toEqual([200, true, true]);
    expect(await mineIds(buyer)).toContain(id);
    const edited = await call(app, 'PATCH', `/tenders/${id}`, {
      token: buyer,
      payload: tenderBody({ title: 'Edited by a colleague' }),
    });
    expect([edited.status, edited.body.data.title]).toEqual([200, 'Edited by a colleague']);
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: buyer })).status).toBe(200);
    expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);

    const asked = await call(app, 'POST', `/tenders/${id}/clarifications`, {
      token: other,
      payload: { question: 'Are desks included?' },
    });
    expect(asked.status).toBe(201);
    // A member of the company sees the open question, as the member who created the tender would.
    const open = await call(app, 'GET', `/tenders/${id}/clarifications`, { token: viewer });
    expect(open.body.data.map((q: { id: number }) => q.id)).toContain(asked.body.data.id);
    const answered = await call(app, 'POST', `/tenders/${id}/clarifications/${asked.body.data.id}/answer`, {
      token: buyer,
      payload: { answer: 'Yes.' },
    });
    expect(answered.status).toBe(200);
  });

  it('keeps a document another member uploaded when a colleague edits the tender, and shows it to members only', async () => {
    const doc = (await upload(app, owner, 'tender-document', 'scope.pdf', SAMPLE_PDF)).body.data.id as string;
    const created = await call(app, 'POST', '/tenders', {
      token: owner,
      payload: tenderBody({ documentIds: [doc] }),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const edited = await call(app, 'PATCH', `/tenders/${id}`, {
      token: buyer,
      payload: tenderBody({ title: 'Same documents', documentIds: [doc] }),
    });
    expect([edited.status, edited.body.data.documents.map((d: { id: string }) => d.id)]).toEqual([
      200,
      [doc],
    ]);
    // A document of the colleague's own is still refused when it is not theirs nor on the tender.
    const foreign = (await upload(app, other, 'tender-document', 'theirs.pdf', SAMPLE_PDF)).body.data
      .id as string;
    const refused = await call(app, 'PATCH', `/tenders/${id}`, {
      token: buyer,
      payload: tenderBody({ documentIds: [doc, foreign] }),
    });
    expect(codeOf(refused)).toEqual([422, 'INVALID_FILE_REFERENCE']);
    expect((await call(app, 'GET', `/files/${doc}`, { token: viewer })).status).toBe(200);
    expect((await call(app, 'GET', `/files/${doc}`, { token: other })).status).toBe(404);
  });

  it('lets a viewer read the company’s tenders but not act on them (409, still signed in)', async () => {
    const id = await create(owner);
    const shown = await call(app, 'GET', `/tenders/${id}`, { token: viewer });
    // The page offers the viewer nothing to do, with the reason the API gives.
    expect([
      shown.status,
      shown.body.data.isOwner,
      shown.body.data.can.edit,
      shown.body.data.refusals.edit,
    ]).toEqual([200, true, false, 'COMPANY_ROLE_REQUIRED']);
    expect(await mineIds(viewer)).toContain(id);
    expect((await call(app, 'GET', `/tenders/${id}/interests`, { token: viewer })).status).toBe(200);
    expect((await call(app, 'GET', `/tenders/${id}/proposals`, { token: viewer })).status).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/tenders', tenderBody()],
      ['PATCH', `/tenders/${id}`, tenderBody({ title: 'Viewer edit' })],
      ['POST', `/tenders/${id}/publish`, undefined],
      ['POST', `/tenders/${id}/cancel`, { reason: 'No' }],
    ] as const) {
      const r = await call(app, method, url, { token: viewer, payload });
      expect([url, ...codeOf(r)]).toEqual([url, 409, 'COMPANY_ROLE_REQUIRED']);
    }
    expect((await call(app, 'GET', '/users/me', { token: viewer })).status).toBe(200);
    expect((await call(app, 'GET', `/tenders/${id}`, { token: owner })).body.data.title).not.toBe(
      'Viewer edit',
    );
  });

  it('hides a company’s tender that is not public from another company (404) and refuses its public one', async () => {
    const draft = await create(buyer);
    for (const [method, url, payload] of [
      ['GET', `/tenders/${draft}`, undefined],
      ['PATCH', `/tenders/${draft}`, tenderBody()],
      ['POST', `/tenders/${draft}/publish`, undefined],
      ['GET', `/tenders/${draft}/interests`, undefined],
      ['GET', `/tenders/${draft}/proposals`, undefined],
      ['GET', `/tenders/${draft}/invitations`, undefined],
      ['POST', `/tenders/${draft}/cancel`, { reason: 'Mine now' }],
    ] as const) {
      const r = await call(app, method, url, { token: other, payload });
      expect([method, url, ...codeOf(r)]).toEqual([method, url, 404, 'TENDER_NOT_FOUND']);
    }
    expect(await mineIds(other)).not.toContain(draft);

    const published = await create(buyer);
    expect((await call(app, 'POST', `/tenders/${published}/publish`, { token: buyer })).status).toBe(200);
    expect((await call(app, 'POST', `/admin/tenders/${published}/approve`, { token: admin })).status).toBe(
      200,
    );
    const shown = await call(app, 'GET', `/tenders/${published}`, { token: other });
    expect([shown.status, shown.body.data.isOwner, shown.body.data.can.edit]).toEqual([200, false, false]);
    const edit = await call(app, 'PATCH', `/tenders/${published}`, { token: other, payload: tenderBody() });
    expect(codeOf(edit)).toEqual([409, 'NOT_TENDER_OWNER']);
  });

  it('refuses a member inviting their own company to its tender, or sending it a service request', async () => {
    const id = await create(buyer);
    const doha = (await me(buyer)).activeCompanyId as number;
    const invited = await call(app, 'POST', `/tenders/${id}/invitations`, {
      token: buyer,
      payload: { company: doha },
    });
    expect(codeOf(invited)).toEqual([409, 'OWN_COMPANY_INVITATION']);
    const asked = await call(app, 'POST', '/requests', {
      token: buyer,
      payload: {
        name: 'Layla',
        email: 'layla@example.qa',
        phone: '97455001122',
        services: [1],
        project_title: 'Website',
        description: 'A bilingual site',
        company: doha,
      },
    });
    expect(codeOf(asked)).toEqual([409, 'OWN_COMPANY']);
  });

  it('refuses a member of two companies, acting for one, inviting or asking the other', async () => {
    const doha = (await me(dualInDoha)).activeCompanyId as number;
    const ownTender = await create(dualInOwn);
    const invited = await call(app, 'POST', `/tenders/${ownTender}/invitations`, {
      token: dualInOwn,
      payload: { company: doha },
    });
    expect(codeOf(invited)).toEqual([409, 'OWN_COMPANY_INVITATION']);
    const asked = await call(app, 'POST', '/requests', {
      token: dualInOwn,
      payload: {
        name: 'Layla',
        email: 'layla@example.qa',
        phone: '97455001122',
        services: [1],
        project_title: 'Website',
        description: 'A bilingual site',
        company: doha,
      },
    });
    expect(codeOf(asked)).toEqual([409, 'OWN_COMPANY']);
  });

  it('shows a member of two companies only the active company’s tenders', async () => {
    const dohaTender = await create(owner);
    const ownTender = await create(dualInOwn);
    expect(await mineIds(dualInDoha)).toContain(dohaTender);
    expect(await mineIds(dualInDoha)).not.toContain(ownTender);
    expect(await mineIds(dualInOwn)).toContain(ownTender);
    expect(await mineIds(dualInOwn)).not.toContain(dohaTender);
    expect(await mineIds(owner)).not.toContain(ownTender);
    // Each session reaches only its own company's drafts, whatever roles the person holds elsewhere.
    expect((await call(app, 'GET', `/tenders/${dohaTender}`, { token: dualInOwn })).status).toBe(404);
    expect((await call(app, 'GET', `/tenders/${ownTender}`, { token: dualInDoha })).status).toBe(404);
    const edit = await call(app, 'PATCH', `/tenders/${dohaTender}`, {
      token: dualInOwn,
      payload: tenderBody(),
    });
    expect(codeOf(edit)).toEqual([404, 'TENDER_NOT_FOUND']);
    expect(
      (await call(app, 'PATCH', `/tenders/${dohaTender}`, { token: dualInDoha, payload: tenderBody() }))
        .status,
    ).toBe(200);
  });

  it('keeps a person without a company acting on their personal tenders, which no company sees', async () => {
    const id = await create(bidder);
    expect(await mineIds(bidder)).toContain(id);
    expect(
      (await call(app, 'PATCH', `/tenders/${id}`, { token: bidder, payload: tenderBody() })).status,
    ).toBe(200);
    expect((await call(app, 'GET', `/tenders/${id}`, { token: owner })).status).toBe(404);
    expect(await mineIds(owner)).not.toContain(id);
  });
});
