/**
 * A company's copy of its service ids (`companies.service_ids`, migration 0034's triggers) when two transactions
 * write the same company's services at once: the copy must hold both changes, whichever commits first. Only
 * several connections interleave like this, so this file runs on PostgreSQL (DATABASE_URL: the test command's
 * PostgreSQL run); on PGlite transactions take turns.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp, untilALockIsAwaited } from './helpers.ts';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.cleanup();
});

describe('two transactions writing one company’s services (PostgreSQL)', () => {
  it('leave its copy of the service ids with both changes', async () => {
    const clients = [0, 1, 2].map(() => new pg.Client({ connectionString: app.ctx.config.databaseUrl }));
    const [first, second, watcher] = clients as [pg.Client, pg.Client, pg.Client];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      const company = (await watcher.query(`select id, service_ids from companies order by id limit 1`))
        .rows[0];
      const unused = (
        await watcher.query(`select id from services where not (id = any($1::int[])) order by id limit 2`, [
          company.service_ids,
        ])
      ).rows.map((r) => r.id as number);
      await first.query('begin');
      await first.query('insert into company_services (company_id, service_id) values ($1, $2)', [
        company.id,
        unused[0],
      ]);
      // The second's statement starts while the first holds the company: its copy is made after the first commits.
      await second.query('begin');
      const secondInsert = second.query(
        'insert into company_services (company_id, service_id) values ($1, $2)',
        [company.id, unused[1]],
      );
      await untilALockIsAwaited(watcher);
      await first.query('commit');
      await secondInsert;
      await second.query('commit');
      const copy = (await watcher.query(`select service_ids from companies where id = $1`, [company.id]))
        .rows[0].service_ids as number[];
      const rows = (
        await watcher.query(
          `select service_id from company_services where company_id = $1 order by service_id`,
          [company.id],
        )
      ).rows.map((r) => r.service_id as number);
      expect(rows).toEqual(expect.arrayContaining(unused));
      expect(copy).toEqual(rows);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});
