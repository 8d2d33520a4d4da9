import { CONTRACT_ACTIONS, MILESTONE_ACTIONS, VARIATION_ACTIONS } from '@bawaba/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoMilestoneContract } from './contract-fixtures.ts';
import { tenderParties } from './fixtures.ts';
import { call, makeApp, newMember, type TestApp } from './helpers.ts';

/**
 * The contract rulebook as the API applies it: in each state, for every caller, each action the answer refuses
 * (`can` false) is refused over HTTP with exactly the reason `refusals` gave — and changes nothing. (The actions it
 * offers are taken by the flow tests: contracts*.test.ts.)
 */

let app: TestApp;
const attachments = new Map<string, string>();
let callers: Record<string, string>;

beforeAll(async () => {
  app = await makeApp();
  const p = await tenderParties(app, attachments);
  const viewer = await newMember(app, p.owner, `rulebook-viewer-${Date.now()}@example.qa`, ['viewer']);
  callers = { buyer: p.owner, supplier: p.other, viewer, stranger: p.third, admin: p.admin };
});
afterAll(async () => {
  await app.cleanup();
});

const BODIES: Record<string, unknown> = {
  submit: { note: 'x' },
  requestChanges: { reason: 'x' },
  terminate: { reason: 'x' },
  proposeVariation: { scope: 'x', reason: 'y' },
};
const STATUS: Record<string, number> = { FORBIDDEN: 403, CONTRACT_NOT_FOUND: 404 };

const urlOf = {
  contract: (id: number, a: string) =>
    a === 'proposeVariation' ? `/contracts/${id}/variations` : `/contracts/${id}/${a}`,
  milestone: (id: number, m: number, a: string) =>
    `/contracts/${id}/milestones/${m}/${{ submit: 'submission', accept: 'accept', requestChanges: 'changes', pay: 'payment' }[a]}`,
  variation: (id: number, x: number, a: string) => `/contracts/${id}/variations/${x}/${a}`,
};

/** Every refused action of the contract `id`, for every caller, attempted: the reason `refusals` gave, nothing changed. */
async function walk(id: number) {
  const owner = callers.buyer!;
  const before = JSON.stringify((await call(app, 'GET', `/contracts/${id}`, { token: owner })).body.data);
  for (const [who, token] of Object.entries(callers)) {
    const read = await call(app, 'GET', `/contracts/${id}`, { token });
    if (who === 'stranger') {
      expect(read.status).toBe(404);
      for (const a of CONTRACT_ACTIONS) {
        const r = await call(app, 'POST', urlOf.contract(id, a), { token, payload: BODIES[a] ?? {} });
        expect(r.status, `${who} ${a}`).toBe(404);
      }
      continue;
    }
    const c = read.body.data;
    const attempts: {
      label: string;
      can: boolean;
      refusal: string | undefined;
      method: string;
      url: string;
      body: unknown;
    }[] = [];
    for (const a of CONTRACT_ACTIONS)
      attempts.push({
        label: a,
        can: c.can[a],
        refusal: c.refusals[a],
        method: 'POST',
        url: urlOf.contract(id, a),
        body: BODIES[a],
      });
    for (const m of c.milestones)
      for (const a of MILESTONE_ACTIONS)
        attempts.push({
          label: `milestone ${m.position} ${a}`,
          can: m.can[a],
          refusal: m.refusals[a],
          method: a === 'submit' ? 'PUT' : 'POST',
          url: urlOf.milestone(id, m.id, a),
          body: BODIES[a],
        });
    for (const x of c.variations)
      for (const a of VARIATION_ACTIONS)
        attempts.push({
          label: `variation ${x.id} ${a}`,
          can: x.can[a],
          refusal: x.refusals[a],
          method: 'POST',
          url: urlOf.variation(id, x.id, a),
          body: undefined,
        });
    for (const t of attempts) {
      expect(t.can, `${who} ${t.label}`).toBe(t.refusal === undefined);
      if (t.can) continue;
      const r = await call(app, t.method, t.url, { token, payload: t.body ?? {} });
      expect([r.status, r.body.code], `${who} ${t.label}`).toEqual([STATUS[t.refusal!] ?? 409, t.refusal]);
    }
  }
  expect(JSON.stringify((await call(app, 'GET', `/contracts/${id}`, { token: owner })).body.data)).toBe(
    before,
  );
}

describe('the contract rulebook over HTTP', () => {
  it('pending, then active with a milestone in each state and a proposed variation, then terminated', async () => {
    const p = { owner: callers.buyer!, admin: callers.admin!, other: callers.supplier! };
    const pending = await twoMilestoneContract(app, p, attachments, false);
    await walk(pending.id);
    const { id, ms } = await twoMilestoneContract(app, p, attachments);
    const at = (m: number, what: string) => `/contracts/${id}/milestones/${m}/${what}`;
    expect(
      (await call(app, 'PUT', at(ms[0], 'submission'), { token: p.other, payload: { note: 'a' } })).status,
    ).toBe(200);
    expect(
      (
        await call(app, 'POST', `/contracts/${id}/variations`, {
          token: p.other,
          payload: { milestoneId: ms[1], amount: 5, reason: 'r' },
        })
      ).status,
    ).toBe(201);
    await walk(id);
    expect((await call(app, 'POST', at(ms[0], 'accept'), { token: p.owner })).status).toBe(200);
    expect(
      (await call(app, 'PUT', at(ms[1], 'submission'), { token: p.other, payload: { note: 'b' } })).status,
    ).toBe(200);
    expect(
      (await call(app, 'POST', at(ms[1], 'changes'), { token: p.owner, payload: { reason: 'c' } })).status,
    ).toBe(200);
    await walk(id);
    expect(
      (await call(app, 'POST', `/contracts/${id}/terminate`, { token: p.owner, payload: { reason: 'd' } }))
        .status,
    ).toBe(200);
    await walk(id);
  });
});
