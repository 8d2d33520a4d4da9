import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers.ts';
import { backfillOf, databaseBefore, runMigration } from './migrations.ts';

/**
 * The migration that gives every record its company and acting member (drizzle/0020_record_ownership.sql), run on
 * a database with rows of every kind written before it, by two company owners and by a person without a company:
 * each row belongs to its owner's company (none for the person without one) and names its owner as who acted; and
 * its backfill, run again on a copy of the whole demo data set, gives every row the company the seed gives it.
 */

const OWNERSHIP = '0020_record_ownership.sql';

/** The users who wrote the rows, and the company each registered (null: none). */
const PEOPLE = [
  { id: 1, company: 10 },
  { id: 2, company: 20 },
  { id: 3, company: null },
] as const;

/** Each kind of record: its table, the column naming who wrote it, and the column of its owning company. */
const KINDS = [
  { table: 'tenders', user: 'owner_id', company: 'company_id' },
  { table: 'proposals', user: 'bidder_id', company: 'company_id' },
  { table: 'interests', user: 'user_id', company: 'company_id' },
  { table: 'follows', user: 'user_id', company: 'company_id' },
  { table: 'payments', user: 'user_id', company: 'company_id' },
  { table: 'service_requests', user: 'requester_id', company: 'requester_company_id' },
  { table: 'tender_invitations', user: 'invited_by', company: 'inviter_company_id' },
] as const;

let db: PGlite;
beforeAll(async () => {
  db = await databaseBefore(OWNERSHIP);
  await db.exec(`
    insert into categories (id, slug, name_en, name_ar) values (1, 'it', 'IT', 'تقنية');
    insert into services (id, category_id, slug, name_en, name_ar) values (1, 1, 'dev', 'Dev', 'تطوير');
  `);
  for (const { id, company } of PEOPLE) {
    await db.query(`insert into users (id, name, email) values ($1, $2, $3)`, [
      id,
      `User ${id}`,
      `u${id}@x.qa`,
    ]);
    if (company)
      await db.query(`insert into companies (id, owner_id, name_en) values ($1, $2, $3)`, [
        company,
        id,
        `Company ${company}`,
      ]);
  }
  // A company whose owner is gone: it exists but claims nobody's rows.
  await db.exec(`insert into companies (id, owner_id, name_en) values (99, null, 'Orphan')`);
  for (const { id } of PEOPLE) {
    // Each person's tender, and a proposal, interest, payment and invitation on the next person's tender.
    await db.query(`insert into tenders (id, number, title_en, owner_id) values ($1, $2, 'Fit-out', $1)`, [
      id,
      `T-${id}`,
    ]);
  }
  for (const { id } of PEOPLE) {
    const other = (id % PEOPLE.length) + 1;
    await db.query(`insert into proposals (id, tender_id, bidder_id) values ($1, $2, $1)`, [id, other]);
    await db.query(`insert into interests (tender_id, user_id) values ($1, $2)`, [other, id]);
    await db.query(`insert into follows (user_id, service_id) values ($1, 1)`, [id]);
    await db.query(
      `insert into payments (id, reference, provider, proposal_id, user_id, amount) values ($1, $1, 'demo', $2, $2, 10)`,
      [`pay-${id}`, id],
    );
    await db.query(
      `insert into service_requests (requester_id, company_id, name, email, phone, project_title, description, service_ids)
       values ($1, 10, 'N', 'n@x.qa', '1', 'P', 'D', '[1]')`,
      [id],
    );
    await db.query(`insert into tender_invitations (tender_id, company_id, invited_by) values ($1, 20, $1)`, [
      id,
    ]);
  }
  await runMigration(db, OWNERSHIP);
});
afterAll(async () => {
  await db.close();
});

describe('migration 0020: every record belongs to its owner’s company and names who acted', () => {
  for (const kind of KINDS)
    it(`attaches every ${kind.table} row`, async () => {
      const rows = await db.query<{ user: number; company: number | null; acted: number | null }>(
        `select ${kind.user} as "user", ${kind.company} as company, acted_by_user_id as acted from ${kind.table}`,
      );
      expect(rows.rows).toHaveLength(PEOPLE.length);
      for (const row of rows.rows) {
        const person = PEOPLE.find((p) => p.id === row.user)!;
        expect({ company: row.company, acted: row.acted }, `${kind.table} of user ${row.user}`).toEqual({
          company: person.company,
          acted: row.user,
        });
      }
    });

  it('refuses a record of a company that does not exist', async () => {
    await expect(db.query(`update tenders set company_id = 12345 where id = 1`)).rejects.toThrow(
      /tenders_company_id_companies_id_fk/,
    );
  });

  it('looks records up by company through an index', async () => {
    const indexes = await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where indexname in
        ('tenders_company_idx', 'proposals_company_idx', 'interests_company_idx', 'follows_company_idx',
         'requests_requester_company_idx')`,
    );
    expect(indexes.rows).toHaveLength(5);
  });
});

describe('migration 0020 on a copy of the demo data', () => {
  it('attaches every row of the demo data to the company the seed gives it', async () => {
    const app = await makeApp();
    try {
      const db = app.ctx.database.db;
      const ownership = async () => {
        const out: Record<string, unknown[]> = {};
        for (const kind of KINDS)
          out[kind.table] = (
            await db.execute(
              sql.raw(
                `select id, ${kind.company} as company, acted_by_user_id as acted from ${kind.table} order by id`,
              ),
            )
          ).rows;
        return out;
      };
      const seeded = await ownership();
      for (const table of ['tenders', 'proposals', 'interests'])
        expect(seeded[table]!.length, `demo ${table}`).toBeGreaterThan(0);
      // The rows as they were before the migration (no company, nobody named), then its backfill.
      for (const kind of KINDS)
        await db.execute(sql.raw(`update ${kind.table} set ${kind.company} = null, acted_by_user_id = null`));
      const backfill = backfillOf(OWNERSHIP);
      expect(backfill).toHaveLength(KINDS.length);
      for (const statement of backfill) await db.execute(sql.raw(statement));
      expect(await ownership()).toEqual(seeded);
    } finally {
      await app.cleanup();
    }
  });
});
