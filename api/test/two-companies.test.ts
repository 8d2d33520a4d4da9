import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalBody, publishedTender, tenderBody, uploadAttachments } from './fixtures.ts';
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
  type TestApp,
} from './helpers.ts';

/**
 * A member of two companies sees only the active company's records (docs/decisions/0011-organisations.md): with one
 * company active, no list or record route shows anything of the other, and switching turns it round. Notifications
 * are the person's own (each member gets their own), so they are not part of a company's records.
 */

let app: TestApp;
let admin: string;
/** A person without a company: the other side of the records (their tenders, their requests). */
let personal: string;
/** The two-company member's sessions, one per company. */
const session: { doha: string; qatarBuild: string } = { doha: '', qatarBuild: '' };
const companyId = { doha: 0, qatarBuild: 0 };
type Side = keyof typeof session;
/** What each company did or was sent, by the one person acting for it. */
const records: Record<Side, Record<string, number>> = { doha: {}, qatarBuild: {} };

const ids = (xs: { id: number }[]) => xs.map((x) => x.id);

beforeAll(async () => {
  app = await makeApp({
    env: { rateLimits: ROOMY_LIMITS },
  });
  const [owner, other, third] = await Promise.all([
    login(app, OWNER),
    login(app, OTHER),
    login(app, 'omar@gulfstar.qa'),
  ]);
  // A company the two-company member is not in: the one each side sends its service request to.
  const thirdCompany = (await call(app, 'GET', '/companies/mine', { token: third })).body.data.id as number;
  [admin, personal] = await Promise.all([login(app, ADMIN), login(app, BIDDER)]);
  const person = 'both@x.qa';
  session.doha = await newMember(app, owner, person, ['buyer', 'bidder']);
  session.qatarBuild = await joinAnotherCompany(app, other, session.doha, person, ['buyer', 'bidder']);
  companyId.doha = (await call(app, 'GET', '/companies/mine', { token: session.doha })).body.data.id;
  companyId.qatarBuild = (
    await call(app, 'GET', '/companies/mine', { token: session.qatarBuild })
  ).body.data.id;

  const openTender = await publishedTender(app, { owner: personal, admin });
  const closedTender = await publishedTender(app, { owner: personal, admin }, { status: 'closed' });
  const attachments = new Map<string, string>();
  await uploadAttachments(app, [session.doha, session.qatarBuild], attachments);
  for (const side of ['doha', 'qatarBuild'] as const) {
    const token = session[side];
    const r = records[side];
    const tender = await call(app, 'POST', '/tenders', { token, payload: tenderBody() });
    r.tender = tender.body.data.id;
    const bid = await call(app, 'POST', '/proposals', {
      token,
      payload: proposalBody(openTender, attachments.get(token)),
    });
    r.proposal = bid.body.data.proposal.id;
    r.interest = (
      await call(app, 'POST', '/interests', { token, payload: { tender: closedTender } })
    ).body.data.id;
    r.invitation = (
      await call(app, 'POST', `/tenders/${openTender}/invitations`, {
        token: personal,
        payload: { company: companyId[side] },
      })
    ).body.data.id;
    const request = {
      name: 'Sara',
      email: 'sara@example.qa',
      phone: '97455001122',
      services: [1],
      project_title: 'Website',
      description: 'A bilingual site',
    };
    const received = await call(app, 'POST', '/requests', {
      token: personal,
      payload: { ...request, company: companyId[side] },
    });
    r.received = received.body.data.id;
    await call(app, 'POST', `/requests/${r.received}/approve`, { token: admin });
    // Each side asks a third company (never one the member belongs to: OWN_COMPANY); the request is the asking
    // side's.
    r.sent = (
      await call(app, 'POST', '/requests', { token, payload: { ...request, company: thirdCompany } })
    ).body.data.id;
  }
  for (const r of Object.values(records)) for (const id of Object.values(r)) expect(id).toBeTypeOf('number');
});
afterAll(async () => {
  await app.cleanup();
});

/** What the session shows of the records, list by list. */
async function seenBy(token: string): Promise<Record<string, number[]>> {
  const get = async (url: string) => (await call(app, 'GET', url, { token })).body.data;
  return {
    company: [(await get('/companies/mine')).id],
    tender: ids((await get('/tenders/mine')).items),
    proposal: ids(await get('/proposals/mine')),
    interest: ids(await get('/interests/mine')),
    invitation: ids(await get('/invitations/received')),
    received: ids((await get('/requests/received')).items),
    sent: ids((await get('/requests/sent')).items),
  };
}

function expectOnly(seen: Record<string, number[]>, active: Side) {
  const inactive: Side = active === 'doha' ? 'qatarBuild' : 'doha';
  expect(seen.company).toEqual([companyId[active]]);
  for (const [list, id] of Object.entries(records[active])) expect(seen[list], list).toContain(id);
  for (const [list, id] of Object.entries(records[inactive])) expect(seen[list], list).not.toContain(id);
}

describe('a member of two companies', () => {
  it('sees only the active company’s records, on every list, and the other’s after switching', async () => {
    expectOnly(await seenBy(session.doha), 'doha');
    expectOnly(await seenBy(session.qatarBuild), 'qatarBuild');

    const switched = await call(app, 'POST', '/auth/switch-company', {
      token: session.qatarBuild,
      payload: { companyId: companyId.doha },
    });
    expect(switched.status).toBe(200);
    expectOnly(await seenBy(switched.body.data.accessToken), 'doha');
    const back = await call(app, 'POST', '/auth/switch-company', {
      token: switched.body.data.accessToken,
      payload: { companyId: companyId.qatarBuild },
    });
    expectOnly(await seenBy(back.body.data.accessToken), 'qatarBuild');
  });

  it('reads another company’s records of theirs only with that company active', async () => {
    for (const side of ['doha', 'qatarBuild'] as const) {
      const inactive = side === 'doha' ? session.qatarBuild : session.doha;
      const tender = records[side].tender;
      // A draft of the other company does not exist for this session.
      expect((await call(app, 'GET', `/tenders/${tender}`, { token: inactive })).status).toBe(404);
      expect((await call(app, 'GET', `/tenders/${tender}`, { token: session[side] })).status).toBe(200);
    }
  });
});
