import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
let realNames: string[];
beforeAll(async () => {
  app = await makeApp();
  const r = await app.ctx.database.db.execute('select name from companies' as never);
  realNames = (r.rows as { name: string }[]).map((x) => x.name);
});
afterAll(async () => {
  await app.cleanup();
});

it('never sends a real company name, description or website to anonymous callers, whatever the query', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        page: fc.integer({ min: 1, max: 20 }),
        limit: fc.integer({ min: 1, max: 100 }),
        services: fc.uniqueArray(fc.integer({ min: 1, max: 70 }), { maxLength: 4 }),
        location: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        name: fc.option(fc.constantFrom('web', 'Doha', 'Solutions', 'Group', 'Pearl', 'الأمن', ''), {
          nil: undefined,
        }),
      }),
      async (q) => {
        const query: Record<string, string> = { page: String(q.page), limit: String(q.limit) };
        if (q.services.length) query.services = q.services.join(',');
        if (q.location) query.location = String(q.location);
        if (q.name !== undefined) query.name = q.name;
        const r = await call(app, 'GET', '/companies', { query });
        expect(r.status).toBe(200);
        for (const name of realNames) expect(r.res.body).not.toContain(name);
        expect(r.res.body).not.toContain('About ');
        expect(r.res.body).not.toMatch(/https:\/\/www\.[a-z-]+\.qa/);
        expect(r.body.data.items.length).toBeLessThanOrEqual(q.limit);
      },
    ),
    { numRuns: 40 },
  );
});
