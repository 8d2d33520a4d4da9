import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../src/db/schema.ts';
import { publishedTender } from './fixtures.ts';
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
 * Follows belong to the company they are made for (docs/decisions/0011-organisations.md): every member of the
 * active company sees and changes them, the company follows a service once whoever follows it, a member of two
 * companies follows for each separately, another company cannot touch them, and the followed tenders leave out the
 * company's own. A person without a company follows for themselves.
 */

let app: TestApp;
let owner: string;
let colleague: string;
let other: string;
let admin: string;
let person: string;
/** A bidder of the owner's company and of the other company: one session for each. */
let dualInDoha: string;
let dualInOwn: string;
let services: { id: number }[];

const followService = (token: string, service: number) =>
  call(app, 'POST', '/follows', { token, payload: { service } });
type FollowList = {
  follows: { id: number; service: { id: number } | null }[];
  suggestions: { id: number }[];
};
const listOf = async (token: string): Promise<FollowList> =>
  (await call(app, 'GET', '/follows', { token })).body.data;
const followedServices = async (token: string) =>
  (await listOf(token)).follows.flatMap((f) => (f.service ? [f.service.id] : []));
const codeOf = (r: { status: number; body: { code?: string } }) => [r.status, r.body.code];

beforeAll(async () => {
  app = await makeApp({
    env: {
      rateLimits: ROOMY_LIMITS,
    },
  });
  [owner, colleague, other, admin, person] = await Promise.all([
    login(app, OWNER),
    login(app, 'buyer@bawaba.qa'),
    login(app, OTHER),
    login(app, ADMIN),
    login(app, BIDDER),
  ]);
  services = (await call(app, 'GET', '/services')).body.data;
  // A bidder of the owner's company whom the other company invites too: a session in each company.
  const email = 'follows-dual@x.qa';
  dualInDoha = await newMember(app, owner, email, ['bidder']);
  dualInOwn = await joinAnotherCompany(app, other, dualInDoha, email, ['bidder']);
});
afterAll(async () => {
  await app.cleanup();
});

describe('follows of a company', () => {
  it('are every member’s: a colleague sees the follow, cannot follow it again, and can end it for everyone', async () => {
    const service = services[3]!.id;
    const made = await followService(owner, service);
    expect(made.status).toBe(201);
    expect(await followedServices(colleague)).toContain(service);
    expect(codeOf(await followService(colleague, service))).toEqual([409, 'ALREADY_FOLLOWING']);
    expect((await call(app, 'DELETE', `/follows/${made.body.data.id}`, { token: colleague })).status).toBe(
      200,
    );
    expect(await followedServices(owner)).not.toContain(service);
  });

  it('are made once when two members follow the same service at the same time', async () => {
    const service = services[4]!.id;
    const answers = await Promise.all([followService(owner, service), followService(colleague, service)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await app.ctx.database.db.select().from(follows).where(eq(follows.serviceId, service));
    expect(rows.filter((r) => r.companyId !== null)).toHaveLength(1);
  });

  it('are separate for each company of a member, each seen only while it is active', async () => {
    const service = services[5]!.id;
    expect((await followService(dualInDoha, service)).status).toBe(201);
    expect((await followService(dualInOwn, service)).status).toBe(201);
    expect(await followedServices(owner)).toContain(service);
    // With the other company active, the member sees its follows and its suggestions, none of the Doha company's.
    const doha = await followService(owner, services[2]!.id);
    expect(doha.status).toBe(201);
    expect(await followedServices(dualInOwn)).toEqual(await followedServices(other));
    expect(await followedServices(dualInOwn)).not.toContain(services[2]!.id);
    expect((await listOf(dualInOwn)).suggestions).toEqual((await listOf(other)).suggestions);
    expect((await listOf(dualInDoha)).suggestions).toEqual((await listOf(owner)).suggestions);
  });

  it('cannot be seen or ended by another company or a person without one', async () => {
    const made = await followService(owner, services[6]!.id);
    expect(made.status).toBe(201);
    for (const token of [other, person]) {
      expect(await followedServices(token)).not.toContain(services[6]!.id);
      expect(codeOf(await call(app, 'DELETE', `/follows/${made.body.data.id}`, { token }))).toEqual([
        404,
        'FOLLOW_NOT_FOUND',
      ]);
    }
    // A person without a company follows for themselves.
    expect((await followService(person, services[6]!.id)).status).toBe(201);
    expect(await followedServices(person)).toEqual([services[6]!.id]);
  });

  it('bring the followed tenders of other companies, never the company’s own', async () => {
    const service = services[8]!.id;
    expect((await followService(owner, service)).status).toBe(201);
    expect((await followService(other, service)).status).toBe(201);
    // A colleague of the owner publishes a tender in the followed service.
    const tender = await publishedTender(app, { owner: colleague, admin }, { serviceIds: [service] });
    const followedBy = async (token: string) =>
      ((await call(app, 'GET', '/tenders/followed', { token })).body.data as { id: number }[]).map(
        (t) => t.id,
      );
    expect(await followedBy(other)).toContain(tender);
    expect(await followedBy(owner)).not.toContain(tender);
  });
});
