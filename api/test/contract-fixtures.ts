import { expect } from 'vitest';
import { awardAfterDeadline, daysFromNow, proposalBody, publishedTender } from './fixtures.ts';
import { call, type TestApp } from './helpers.ts';

/**
 * A contract of the demo owner's company (`owner`) with the other company (`other`): a tender without a standstill
 * awarded to `other`'s proposal with two milestones, Design (60 000) and Build (40 000). Accepted by both sides
 * (active) unless `accept` is false (pending). Its id, its milestones' ids and its tender's.
 */
export async function twoMilestoneContract(
  app: TestApp,
  p: { owner: string; admin: string; other: string },
  attachments: Map<string, string>,
  accept = true,
): Promise<{ id: number; ms: [number, number]; tender: number }> {
  const tender = await publishedTender(app, p, { standstillDays: 0 });
  const body = proposalBody(tender, attachments.get(p.other), { price: 100000 });
  const base = body.milestones[0]!;
  body.milestones = [
    { ...base, title: 'Design', amount: 60000 },
    { ...base, title: 'Build', amount: 40000, expected_completion_date: daysFromNow(55) },
  ];
  const sent = await call(app, 'POST', '/proposals', { token: p.other, payload: body });
  expect(sent.status).toBe(201);
  const { contractId } = await awardAfterDeadline(app, p.owner, tender, sent.body.data.proposal.id);
  const id = contractId!;
  if (accept) {
    expect((await call(app, 'POST', `/contracts/${id}/accept`, { token: p.owner })).status).toBe(200);
    expect((await call(app, 'POST', `/contracts/${id}/accept`, { token: p.other })).status).toBe(200);
  }
  const c = (await call(app, 'GET', `/contracts/${id}`, { token: p.owner })).body.data;
  return { id, ms: [c.milestones[0].id, c.milestones[1].id], tender };
}
