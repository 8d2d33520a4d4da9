import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBus } from '../src/lib/events.ts';
import { tenderBus } from '../src/modules/tenders/index.ts';
import { tenderBody } from './fixtures.ts';
import { ADMIN, call, login, makeApp, OWNER, type TestApp } from './helpers.ts';

describe('the event bus', () => {
  type Events = { happened: { n: number } };

  it('runs the handlers in the order they subscribed, each finished before the next starts', async () => {
    const bus = eventBus<Events>();
    const seen: string[] = [];
    bus.on('happened', async ({ n }) => {
      await new Promise((r) => setTimeout(r, 20));
      seen.push(`slow ${n}`);
    });
    bus.on('happened', async ({ n }) => {
      seen.push(`fast ${n}`);
    });
    await bus.publish('happened', { n: 1 });
    expect(seen).toEqual(['slow 1', 'fast 1']);
  });

  it('fails the publisher when a handler throws, and runs no later handler', async () => {
    const bus = eventBus<Events>();
    const seen: number[] = [];
    bus.on('happened', async () => {
      throw new Error('refused');
    });
    bus.on('happened', async ({ n }) => {
      seen.push(n);
    });
    await expect(bus.publish('happened', { n: 2 })).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });

  it('refuses the same handler twice (it would run twice), and unsubscribes', async () => {
    const bus = eventBus<Events>();
    const seen: number[] = [];
    const handler = async ({ n }: { n: number }) => {
      seen.push(n);
    };
    const off = bus.on('happened', handler);
    expect(() => bus.on('happened', handler)).toThrow('subscribed already');
    await bus.publish('happened', { n: 3 });
    off();
    await bus.publish('happened', { n: 4 });
    expect(seen).toEqual([3]);
  });
});

describe('a tender approval and its subscribers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(async () => {
    await app.cleanup();
  });

  it('run in the approval’s transaction: a subscriber that fails leaves the tender pending and nobody told', async () => {
    const [owner, admin] = await Promise.all([login(app, OWNER), login(app, ADMIN)]);
    const created = await call(app, 'POST', '/tenders', { token: owner, payload: tenderBody() });
    const id = created.body.data.id as number;
    expect((await call(app, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);
    const approvedSeen: string[] = [];
    const offFailing = tenderBus.on('tenderApproved', async ({ tender }) => {
      approvedSeen.push(tender.approvalStatus);
      throw new Error('subscriber failed');
    });
    try {
      expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(500);
    } finally {
      offFailing();
    }
    // The subscriber saw the approved row inside the transaction that then rolled back.
    expect(approvedSeen).toEqual(['approved']);
    const t = await call(app, 'GET', `/tenders/${id}`, { token: owner });
    expect(t.body.data.approvalStatus.status).toBe('pending');
    const notices = (await call(app, 'GET', '/notification', { token: owner })).body.data as {
      tender: { id: number } | null;
      title: string;
    }[];
    expect(notices.filter((n) => n.tender?.id === id).map((n) => n.title)).not.toContain('Tender approved');

    // Without the failing subscriber the same approval goes through and the owner is told.
    expect((await call(app, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
    const after = (await call(app, 'GET', '/notification', { token: owner })).body.data as {
      tender: { id: number } | null;
      title: string;
    }[];
    expect(after.filter((n) => n.tender?.id === id).map((n) => n.title)).toContain('Tender approved');
  });
});
