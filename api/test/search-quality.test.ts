import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIDDER, call, login, makeApp, type TestApp } from './helpers.ts';
import { goldCases, measure } from './search-gold.ts';

/** The targets of search quality (docs/api/search.md): below them the test command fails. */
const MIN_RECALL_AT_10 = 0.95;
const MIN_MRR = 0.8;

let app: TestApp;
let bidder: string;
beforeAll(async () => {
  app = await makeApp();
  bidder = await login(app, BIDDER);
});
afterAll(async () => {
  await app.cleanup();
});

it(`finds what the gold set expects: recall@10 ≥ ${MIN_RECALL_AT_10}, MRR ≥ ${MIN_MRR}`, async () => {
  const cases = await goldCases(app.ctx.database.db);
  expect(cases.length).toBeGreaterThanOrEqual(200);
  const figures = await measure(cases, async (list, query) => {
    const r = await call(app, 'GET', `/${list}`, {
      token: bidder,
      query: list === 'companies' ? { name: query, limit: '10' } : { q: query, limit: '10' },
    });
    expect(r.status).toBe(200);
    return r.body.data.items.map((x: { id: number }) => x.id);
  });
  const report = `${figures.queries} queries: recall@10 ${figures.recallAt10.toFixed(3)}, MRR ${figures.mrr.toFixed(3)}; worst: ${JSON.stringify(figures.misses.slice(0, 15))}`;
  expect(figures.recallAt10, report).toBeGreaterThanOrEqual(MIN_RECALL_AT_10);
  expect(figures.mrr, report).toBeGreaterThanOrEqual(MIN_MRR);
}, 120_000);
