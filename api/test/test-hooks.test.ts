import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { tenders } from '../src/db/schema.ts';
import { daysFromNow, proposalBody, publishedTender, tenderParties } from './fixtures.ts';
import { call, makeApp, type TestApp } from './helpers.ts';

/**
 * The test hooks (src/modules/test-hooks.ts): served only with TEST_HOOKS=1, never with NODE_ENV=production, outside
 * the contract and the OpenAPI document; the end-standstill hook runs the standstill job for one tender as if its
 * standstill had ended, so an open objection still keeps the award from becoming final.
 */

const HOOK = (id: number) => `/test-hooks/tenders/${id}/end-standstill`;

let hooked: TestApp;
let plain: TestApp;
let owner: string;
let bidder: string;
let other: string;
let admin: string;
const attachments = new Map<string, string>();

beforeAll(async () => {
  [hooked, plain] = await Promise.all([makeApp({ env: { testHooks: true } }), makeApp({ seed: false })]);
  ({ owner, bidder, other, admin } = await tenderParties(hooked, attachments));
});
afterAll(async () => {
  await Promise.all([hooked?.cleanup(), plain?.cleanup()]);
});

describe('the test hooks', () => {
  it('are off unless TEST_HOOKS=1, and a production process refuses to start with them', () => {
    expect(loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: 'x' }).testHooks).toBe(false);
    expect(loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: 'x', TEST_HOOKS: '1' }).testHooks).toBe(true);
    expect(() =>
      loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: 'x', TEST_HOOKS: '1', NODE_ENV: 'production' }),
    ).toThrow(/NODE_ENV=production/);
    // Any other value leaves them off.
    expect(loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: 'x', TEST_HOOKS: 'true' }).testHooks).toBe(
      false,
    );
  });

  it('do not exist without the variable: 404', async () => {
    const r = await call(plain, 'POST', HOOK(1), {});
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('ROUTE_NOT_FOUND');
    expect(plain.ctx.routes.some((route) => route.url.includes('test-hooks'))).toBe(false);
  });

  it('are outside the contract: the OpenAPI document is the same with them, and they are the only extra routes', async () => {
    const doc = async (app: TestApp) =>
      (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(await doc(hooked)).toEqual(await doc(plain));
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const known = new Set(plain.ctx.routes.map(key));
    expect(hooked.ctx.routes.filter((r) => !known.has(key(r))).map(key)).toEqual([
      'POST /api/v1/test-hooks/tenders/:id/end-standstill',
    ]);
  });

  it('end a standstill for a platform admin only', async () => {
    expect((await call(hooked, 'POST', HOOK(1), {})).status).toBe(401);
    expect((await call(hooked, 'POST', HOOK(1), { token: owner })).status).toBe(403);
    const bad = await call(hooked, 'POST', '/test-hooks/tenders/x/end-standstill', { token: admin });
    expect(bad.status).toBe(404);
    expect(bad.body.code).toBe('TENDER_NOT_FOUND');
  });

  it('make an award in its standstill final through the standstill job, not while an objection is open', async () => {
    const id = await publishedTender(
      hooked,
      { owner, admin },
      { title: 'Test hook standstill', deadline: daysFromNow(10), standstillDays: 10 },
    );
    const ps: number[] = [];
    for (const token of [bidder, other]) {
      const r = await call(hooked, 'POST', '/proposals', {
        token,
        payload: proposalBody(id, attachments.get(token)),
      });
      expect(r.status).toBe(201);
      ps.push(r.body.data.proposal.id);
    }
    await hooked.ctx.database.db
      .update(tenders)
      .set({ deadline: new Date(Date.now() - 1) })
      .where(eq(tenders.id, id));
    const end = async () => (await call(hooked, 'POST', HOOK(id), { token: admin })).body.data.finalised;
    const state = async () => (await call(hooked, 'GET', `/tenders/${id}`, { token: owner })).body.data.state;

    // No award yet: nothing to end.
    expect(await end()).toBe(0);
    expect(await state()).toBe('bids_opened');
    await call(hooked, 'POST', `/tenders/${id}/award`, { token: owner, payload: { proposalId: ps[0] } });
    expect(await state()).toBe('standstill');
    const filed = await call(hooked, 'POST', `/tenders/${id}/objections`, {
      token: other,
      payload: { grounds: ['scoring_error'], statement: 'Our price was lower.', remedy: 'Re-evaluate.' },
    });
    expect(filed.status).toBe(201);
    // An open objection keeps the award from becoming final, standstill over or not.
    expect(await end()).toBe(0);
    expect(await state()).toBe('standstill');
    await call(hooked, 'POST', `/tenders/${id}/objections/${filed.body.data.id}/answer`, {
      token: owner,
      payload: { outcome: 'dismissed', reason: 'The scores stand.' },
    });
    expect(await end()).toBe(1);
    expect(await state()).toBe('awarded');
    // Once only, recorded by the system like the job's.
    expect(await end()).toBe(0);
    const history = (await call(hooked, 'GET', `/tenders/${id}/history`, { token: owner })).body.data as {
      action: string;
      actor: unknown;
    }[];
    expect(history.filter((e) => e.action === 'award_final')).toHaveLength(1);
  });
});
