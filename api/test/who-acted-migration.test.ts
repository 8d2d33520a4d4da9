import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers.ts';
import { backfillOf, databaseBefore, runMigration } from './migrations.ts';

/**
 * The migration that names who acted in histories (drizzle/0021_who_acted.sql), run on rows written before it: each
 * proposal version names its bidder; each event of a member of the tender's company (its owner or a colleague)
 * names that company, while a platform administrator's, the system's and a personal tender's name none.
 */

const WHO_ACTED = '0021_who_acted.sql';

/** 1 registered company 10, 2 is a colleague in it, 3 a platform administrator, 4 a person without a company. */
let db: PGlite;
beforeAll(async () => {
  db = await databaseBefore(WHO_ACTED);
  await db.exec(`
    insert into users (id, name, email, is_admin) values
      (1, 'Owner', 'o@x.qa', false), (2, 'Colleague', 'c@x.qa', false),
      (3, 'Admin', 'a@x.qa', true), (4, 'Person', 'p@x.qa', false);
    insert into companies (id, owner_id, name_en) values (10, 1, 'Company 10');
    insert into company_members (company_id, user_id, roles) values (10, 1, '{admin,buyer,bidder,viewer}'),
      (10, 2, '{buyer}');
    insert into tenders (id, number, title_en, owner_id, company_id, acted_by_user_id) values
      (1, 'T-1', 'Fit-out', 1, 10, 1), (2, 'T-2', 'Paint', 4, null, 4);
    insert into tender_events (id, tender_id, actor_id, action, from_state, to_state) values
      (1, 1, 1, 'created', 'draft', 'draft'), (2, 1, 2, 'submitted', 'draft', 'pending_approval'),
      (3, 1, 3, 'approved', 'pending_approval', 'published'), (4, 1, null, 'bids_opened', 'published', 'bids_opened'),
      (5, 2, 4, 'created', 'draft', 'draft');
    insert into proposals (id, tender_id, bidder_id, company_id, acted_by_user_id) values (1, 1, 4, null, 4),
      (2, 2, 1, 10, 1);
    insert into proposal_versions (proposal_id, version, attachment, offer_price, title, description, period,
      currency, payment_terms, milestones, breakdown) values
      (1, 1, 'f', 1, 't', 'd', 1, 'QAR', '30_days', '[]', '[]'),
      (1, 2, 'f', 1, 't', 'd', 1, 'QAR', '30_days', '[]', '[]'),
      (2, 1, 'f', 1, 't', 'd', 1, 'QAR', '30_days', '[]', '[]');
  `);
  await runMigration(db, WHO_ACTED);
});
afterAll(async () => {
  await db.close();
});

describe('migration 0021: histories name who acted and for which company', () => {
  it('names the bidder as the sender of every earlier version', async () => {
    const rows = await db.query<{ proposal: number; version: number; acted: number }>(
      `select proposal_id as proposal, version, acted_by_user_id as acted from proposal_versions order by 1, 2`,
    );
    expect(rows.rows).toEqual([
      { proposal: 1, version: 1, acted: 4 },
      { proposal: 1, version: 2, acted: 4 },
      { proposal: 2, version: 1, acted: 1 },
    ]);
  });

  it('names the company of its members’ events only', async () => {
    const rows = await db.query<{ id: number; company: number | null }>(
      `select id, company_id as company from tender_events order by id`,
    );
    expect(rows.rows).toEqual([
      { id: 1, company: 10 },
      { id: 2, company: 10 },
      { id: 3, company: null },
      { id: 4, company: null },
      { id: 5, company: null },
    ]);
  });

  it('then refuses a second proposal of the same company on a tender', async () => {
    await expect(
      db.exec(
        `insert into proposals (tender_id, bidder_id, company_id, acted_by_user_id) values (2, 2, 10, 2)`,
      ),
    ).rejects.toThrow(/duplicate key/);
  });
});

describe('migration 0021 on a copy of the demo data', () => {
  it('names the sender of every version and the company of every event as the seed does', async () => {
    const app = await makeApp();
    try {
      const db = app.ctx.database.db;
      const named = async () => ({
        versions: (await db.execute(sql`select id, acted_by_user_id from proposal_versions order by id`))
          .rows,
        events: (await db.execute(sql`select id, company_id from tender_events order by id`)).rows,
      });
      const seeded = await named();
      expect(seeded.versions.length).toBeGreaterThan(0);
      expect(seeded.events.filter((e) => e.company_id !== null).length).toBeGreaterThan(0);
      // The rows as they were before the migration (nobody named), then its backfill.
      await db.execute(sql`update proposal_versions set acted_by_user_id = null`);
      await db.execute(sql`update tender_events set company_id = null`);
      const backfill = backfillOf(WHO_ACTED);
      expect(backfill).toHaveLength(2);
      for (const statement of backfill) await db.execute(sql.raw(statement));
      expect(await named()).toEqual(seeded);
    } finally {
      await app.cleanup();
    }
  });
});
