/**
 * Open data with several API processes on one database (docs/decisions/0017-open-data.md): every process runs a
 * publisher, one at a time holds the publisher lock, and each change is published once — whichever process made it
 * and whichever publishes it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ocdsPending, ocdsReleases } from '../src/db/schema.ts';
import { drainOpenData } from '../src/modules/open-data/index.ts';
import { tenderBody } from './fixtures.ts';
import { ADMIN, call, login, makeApp, OWNER, secondApp, type TestApp } from './helpers.ts';

let app: TestApp;
let second: TestApp;
beforeAll(async () => {
  app = await makeApp();
  second = await secondApp(app);
});
afterAll(async () => {
  await second.cleanup();
  await app.cleanup();
});

it('two instances on one database publish each change once, in one order', async () => {
  const [owner, admin] = await Promise.all([login(app, OWNER), login(app, ADMIN)]);
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) {
    const on = i % 2 === 0 ? app : second;
    const created = await call(on, 'POST', '/tenders', { token: owner, payload: tenderBody() });
    const id = created.body.data.id as number;
    expect((await call(on, 'POST', `/tenders/${id}/publish`, { token: owner })).status).toBe(200);
    expect((await call(on, 'POST', `/admin/tenders/${id}/approve`, { token: admin })).status).toBe(200);
    ids.push(id);
  }
  // Both publishers at once, besides the workers' own rounds.
  await Promise.all([drainOpenData(app.ctx), drainOpenData(second.ctx), drainOpenData(app.ctx)]);
  const db = app.ctx.database.db;
  expect(await db.select().from(ocdsPending)).toEqual([]);
  for (const id of ids) {
    const rows = await db.select().from(ocdsReleases).where(eq(ocdsReleases.tenderId, id));
    expect(rows.map((r) => r.tags)).toEqual([['tender']]);
  }
  const amended = await call(second, 'POST', `/tenders/${ids[0]}/amendments`, {
    token: owner,
    payload: { reason: 'Later deadline', descriptionEn: 'More rooms' },
  });
  expect(amended.status).toBe(201);
  await Promise.all([drainOpenData(app.ctx), drainOpenData(second.ctx)]);
  const rows = await db.select().from(ocdsReleases).where(eq(ocdsReleases.tenderId, ids[0]!));
  expect(rows.map((r) => r.tags)).toEqual([['tender'], ['tenderAmendment']]);
  // The same package from either instance.
  const a = await call(app, 'GET', `/ocds/tenders/${ids[0]}/releases`);
  const b = await call(second, 'GET', `/ocds/tenders/${ids[0]}/releases`);
  expect(b.body.releases).toEqual(a.body.releases);
  expect(b.res.headers.etag).toBe(a.res.headers.etag);
});
