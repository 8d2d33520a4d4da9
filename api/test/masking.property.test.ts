import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, makeApp, type TestApp } from './helpers.ts';

let app: TestApp;
let realNames: string[];
beforeAll(async () => {
  app = await makeApp();
  // Every version of every name: masking covers the English and the Arabic one.
  const r = await app.ctx.database.db.execute(
    'select name_en as name from companies where name_en is not null union all select name_ar from companies where name_ar is not null' as never,
  );
  realNames = (r.rows as { name: string }[]).map((x) => x.name);
  expect(realNames.some((n) => /[\u0600-\u06FF]/.test(n))).toBe(true);
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
        name: fc.option(
          fc.constantFrom('web', 'Doha', 'Solutions', 'Group', 'Pearl', 'الأمن', 'الدوحة', 'شركة', ''),
          {
            nil: undefined,
          },
        ),
        lang: fc.constantFrom('en', 'ar'),
      }),
      async (q) => {
        const query: Record<string, string> = { page: String(q.page), limit: String(q.limit) };
        if (q.services.length) query.services = q.services.join(',');
        if (q.location) query.location = String(q.location);
        if (q.name !== undefined) query.name = q.name;
        const r = await call(app, 'GET', '/companies', { query, headers: { 'accept-language': q.lang } });
        expect(r.status).toBe(200);
        for (const name of realNames) expect(r.res.body).not.toContain(name);
        expect(r.res.body).not.toContain('About ');
        expect(r.res.body).not.toContain('نبذة عن');
        expect(r.res.body).not.toMatch(/https:\/\/www\.[a-z-]+\.qa/);
        expect(r.body.data.items.length).toBeLessThanOrEqual(q.limit);
      },
    ),
    { numRuns: 40 },
  );
});
