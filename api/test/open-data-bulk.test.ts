/**
 * The monthly bulk files of open data (docs/decisions/0017-open-data.md) are written from batches of releases read
 * by `seq`: a month of more releases than one batch holds comes out whole, in order, and a past month's file is
 * cached long.
 */
import { gunzipSync } from 'node:zlib';
import { OcdsReleasePackage } from '@bawaba/shared/contracts';
import { asc } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ocdsReleases } from '../src/db/schema.ts';
import { drainOpenData } from '../src/modules/open-data/index.ts';
import { makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.cleanup();
});

it('a month of several batches of releases comes out whole and in order; a past month is cached long', async () => {
  await drainOpenData(app.ctx);
  const db = app.ctx.database.db;
  const [model] = await db.select().from(ocdsReleases).orderBy(asc(ocdsReleases.seq)).limit(1);
  // 450 releases dated in a past month (more than two of the file's batches), copies of a seeded one.
  const rows = Array.from({ length: 450 }, (_, i) => {
    const id = `${model!.ocid}-old-${i}`;
    const date = new Date(Date.UTC(2020, 0, 1 + (i % 28), 12));
    return {
      ocid: model!.ocid,
      releaseId: id,
      tenderId: model!.tenderId,
      publishedAt: date,
      tags: ['tender'],
      release: { ...model!.release, id, date: date.toISOString() },
      digest: `old-${i}`,
    };
  });
  await db.insert(ocdsReleases).values(rows);
  const months = (await app.inject({ method: 'GET', url: '/api/v1/ocds/bulk' })).json().months;
  expect(months[0]).toMatchObject({ month: '2020-01', releases: 450 });
  const file = await app.inject({ method: 'GET', url: '/api/v1/ocds/bulk/2020-01.json.gz' });
  expect(file.statusCode).toBe(200);
  expect(file.headers['cache-control']).toBe('public, max-age=86400');
  const pkg = JSON.parse(gunzipSync(file.rawPayload).toString());
  expect(v.safeParse(OcdsReleasePackage, pkg).issues).toBeUndefined();
  expect(pkg.releases.map((r: { id: string }) => r.id)).toEqual(rows.map((r) => r.releaseId));
  const again = await app.inject({
    method: 'GET',
    url: '/api/v1/ocds/bulk/2020-01.json.gz',
    headers: { 'if-none-match': String(file.headers.etag) },
  });
  expect(again.statusCode).toBe(304);
  // The current month is cached briefly.
  const now = new Date().toISOString().slice(0, 7);
  const current = await app.inject({ method: 'GET', url: `/api/v1/ocds/bulk/${now}.json.gz` });
  expect(current.headers['cache-control']).toBe('public, max-age=60');
});
